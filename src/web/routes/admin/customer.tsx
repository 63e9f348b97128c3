// One screen, one route module (docs/architecture.md, "Route-module conventions"): a customer and their actions.
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { servicesContext } from "#app-context";
import { formatDateTime } from "#shared/dates.ts";
import { customerAdminMessages as m } from "#shared/messages/back-office-customers.ts";
import { requestMessages } from "#shared/messages/shop.ts";
import { formatRupees } from "#shared/money.ts";
import { blockForm, eraseForm, isCustomerId, unblockForm } from "#shared/schemas/back-office-customers.ts";
import { FormError, FormNotice } from "../../components/account/form-message.tsx";
import {
  AdminRouteError,
  adminButton,
  adminDangerButton,
  adminInput,
  adminSecondaryButton,
  adminTable,
  adminTd,
  adminTh,
  PageTitle,
  Panel,
  TableScroller,
} from "../../components/admin/ui.tsx";
import { attempt, failure, firstIssue, readForm, text } from "../../lib/actions.server.ts";
import { actorOf, requireRecentPassword, requireStaff } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/customer.ts";

/** One customer: profile without secrets, totals, orders, reviews, sessions; block, export and erase (issue 34, item 3). */
export async function loader(args: Route.LoaderArgs) {
  const access = await requireStaff(args);
  const id = args.params.id;
  if (!isCustomerId(id)) throw data(null, { status: 404 });
  const found = await attempt(() => args.context.get(servicesContext).customers.detail(id));
  if (!found.ok) throw data(null, { status: 404 });
  const { profile, totals, orders, reviews, sessions } = found.value;
  return {
    isOwner: access.role === "owner",
    profile: {
      id: profile.id,
      name: profile.name,
      email: profile.email,
      phone: profile.phone,
      role: profile.role,
      isVerified: profile.isVerified,
      signIn: [profile.hasPassword ? "password" : null, profile.signsInWithGoogle ? "Google" : null]
        .filter(Boolean)
        .join(" and "),
      since: formatDateTime(profile.createdAt),
      blocked: profile.blockedAt ? { at: formatDateTime(profile.blockedAt), reason: profile.blockedReason ?? "" } : null,
      erased: profile.erasedAt ? formatDateTime(profile.erasedAt) : null,
    },
    totals: { ...totals, lifetime: formatRupees(totals.lifetimePaise) },
    orders: orders.map((order) => ({
      id: order.id,
      placed: formatDateTime(order.createdAt),
      status: order.status,
      amount: formatRupees(order.amountPaise),
      items: order.items,
    })),
    reviews: reviews.map((review) => ({ ...review, createdAt: formatDateTime(review.createdAt) })),
    sessions: sessions.map((session) => ({
      created: formatDateTime(session.createdAt),
      lastSeen: formatDateTime(session.lastSeenAt),
      userAgent: session.userAgent,
      network: session.network,
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request);
  if (!form) return failure(requestMessages.formTooLarge, 413);
  const intent = text(form, "intent");
  const id = args.params.id;
  const customers = args.context.get(servicesContext).customers;
  const values = Object.fromEntries([...form].filter(([, value]) => typeof value === "string"));

  if (intent === "block" || intent === "unblock") {
    const access = await requireRecentPassword(args);
    if (!isCustomerId(id)) throw data(null, { status: 404 });
    if (intent === "block") {
      const parsed = blockForm.safeParse(values);
      if (!parsed.success) return failure(firstIssue(parsed.error), 400, { intent });
      const result = await attempt(
        () => customers.block(actorOf(access), id, parsed.data.reason),
        () => ({ intent }),
      );
      return result.ok ? { ok: true as const, notice: m.blocked } : result.response;
    }
    const parsed = unblockForm.safeParse(values);
    if (!parsed.success) return failure(firstIssue(parsed.error), 400, { intent });
    const result = await attempt(
      () => customers.unblock(actorOf(access), id, parsed.data.reason),
      () => ({ intent }),
    );
    return result.ok ? { ok: true as const, notice: m.unblocked } : result.response;
  }
  if (intent === "export" || intent === "erase") {
    const access = await requireRecentPassword(args, "owner");
    if (!isCustomerId(id)) throw data(null, { status: 404 });
    if (intent === "export") {
      const result = await attempt(() => customers.exportForStaff(actorOf(access), id));
      if (!result.ok) return result.response;
      return new Response(JSON.stringify(result.value, null, 2), {
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Content-Disposition": `attachment; filename="customer-${id}-${new Date().toISOString().slice(0, 10)}.json"`,
          "Cache-Control": "private, no-store",
        },
      });
    }
    const parsed = eraseForm.safeParse(values);
    if (!parsed.success) return failure(firstIssue(parsed.error), 400, { intent });
    const result = await attempt(
      () => customers.eraseByStaff(actorOf(access), id, parsed.data.reason),
      () => ({ intent }),
    );
    return result.ok ? { ok: true as const, notice: m.erased } : result.response;
  }
  await requireStaff(args);
  return failure(requestMessages.checkForm);
}

export const meta: Route.MetaFunction = () => [
  { title: "Customer | Back office" },
  { name: "robots", content: "noindex, nofollow" },
];

type Answer = { ok: true; notice: string } | { ok: false; error: string };

export default function Customer({ loaderData }: Route.ComponentProps) {
  const { profile, totals, orders, reviews, sessions, isOwner } = loaderData;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state !== "idle";
  const staffAccount = profile.role !== null;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/customers" className="underline">
          Back to customers
        </Link>
      </p>
      <PageTitle>{profile.name}</PageTitle>
      <FormError message={answer && !answer.ok ? answer.error : undefined} />
      <FormNotice message={answer?.ok ? answer.notice : undefined} />

      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title="Profile">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold text-gray-700">E-mail</dt>
            <dd className="break-all">{profile.email}</dd>
            <dt className="font-semibold text-gray-700">Phone</dt>
            <dd>{profile.phone || "—"}</dd>
            <dt className="font-semibold text-gray-700">Signs in with</dt>
            <dd>{profile.signIn || "—"}</dd>
            <dt className="font-semibold text-gray-700">E-mail verified</dt>
            <dd>{profile.isVerified ? "Yes" : "No"}</dd>
            <dt className="font-semibold text-gray-700">Customer since</dt>
            <dd>{profile.since}</dd>
            <dt className="font-semibold text-gray-700">Role</dt>
            <dd>{profile.role ?? "Shopper"}</dd>
            <dt className="font-semibold text-gray-700">Status</dt>
            <dd>
              {profile.erased ? (
                `Erased on ${profile.erased}`
              ) : profile.blocked ? (
                <span className="font-semibold text-red-800">
                  Blocked on {profile.blocked.at}: {profile.blocked.reason}
                </span>
              ) : (
                "Active"
              )}
            </dd>
          </dl>
        </Panel>
        <Panel title="Totals">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold text-gray-700">Lifetime value</dt>
            <dd>{totals.lifetime}</dd>
            <dt className="font-semibold text-gray-700">Orders</dt>
            <dd>
              {totals.orders} ({totals.paidOrders} paid)
            </dd>
          </dl>
          <p className="mt-2 text-xs text-gray-600">
            Lifetime value: paid, shipped and delivered orders, less the refunds already made.
          </p>
        </Panel>
      </div>

      {!profile.erased && (
        <Panel title={profile.blocked ? "Unblock" : "Block"}>
          {staffAccount ? (
            <p className="text-sm">{m.staffCannotBeBlocked}</p>
          ) : profile.blocked ? (
            <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
              <input type="hidden" name="intent" value="unblock" />
              <label className="text-sm font-medium text-gray-700">
                Reason (optional)
                <input name="reason" maxLength={500} className={`${adminInput} mt-1`} />
              </label>
              <button type="submit" className={adminButton} disabled={busy}>
                Unblock {profile.name}
              </button>
            </Form>
          ) : (
            <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
              <input type="hidden" name="intent" value="block" />
              <label className="text-sm font-medium text-gray-700">
                Reason
                <input name="reason" required maxLength={500} className={`${adminInput} mt-1`} />
              </label>
              <button type="submit" className={adminDangerButton} disabled={busy}>
                Block {profile.name}
              </button>
              <p className="text-xs text-gray-600 sm:col-span-2">
                Their sessions end at once; they cannot sign in or sign up with this e-mail. Orders stay.
              </p>
            </Form>
          )}
        </Panel>
      )}

      <Panel title="Orders">
        <TableScroller label="Orders">
          <table className={adminTable}>
            <thead>
              <tr>
                <th className={adminTh}>Order</th>
                <th className={adminTh}>Placed</th>
                <th className={adminTh}>Status</th>
                <th className={adminTh}>Items</th>
                <th className={adminTh}>Amount</th>
              </tr>
            </thead>
            <tbody>
              {orders.length === 0 && (
                <tr>
                  <td className={adminTd} colSpan={5}>
                    No orders yet.
                  </td>
                </tr>
              )}
              {orders.map((order) => (
                <tr key={order.id}>
                  <td className={adminTd}>
                    <Link to={`/admin/orders/${order.id}`} className="font-mono text-brand-dark underline">
                      {order.id.slice(-8)}
                    </Link>
                  </td>
                  <td className={adminTd}>{order.placed}</td>
                  <td className={adminTd}>{order.status}</td>
                  <td className={adminTd}>{order.items}</td>
                  <td className={adminTd}>{order.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      </Panel>

      <Panel title="Reviews">
        <TableScroller label="Reviews">
          <table className={adminTable}>
            <thead>
              <tr>
                <th className={adminTh}>Product</th>
                <th className={adminTh}>Rating</th>
                <th className={adminTh}>Review</th>
                <th className={adminTh}>Written</th>
              </tr>
            </thead>
            <tbody>
              {reviews.length === 0 && (
                <tr>
                  <td className={adminTd} colSpan={4}>
                    No reviews.
                  </td>
                </tr>
              )}
              {reviews.map((review) => (
                <tr key={review.id}>
                  <td className={adminTd}>
                    <Link to={`/product/${review.productId}`} className="text-brand-dark underline">
                      {review.productName}
                    </Link>
                  </td>
                  <td className={adminTd}>{review.rating} / 5</td>
                  <td className={`${adminTd} max-w-md whitespace-pre-line`}>
                    {review.review}
                    {review.hidden && <span className="ml-1 rounded bg-gray-200 px-1.5 py-0.5 text-xs">Hidden</span>}
                  </td>
                  <td className={adminTd}>{review.createdAt}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      </Panel>

      <Panel title="Sessions">
        <TableScroller label="Sessions">
          <table className={adminTable}>
            <thead>
              <tr>
                <th className={adminTh}>Signed in</th>
                <th className={adminTh}>Last seen</th>
                <th className={adminTh}>Browser</th>
                <th className={adminTh}>Network</th>
              </tr>
            </thead>
            <tbody>
              {sessions.length === 0 && (
                <tr>
                  <td className={adminTd} colSpan={4}>
                    No live sessions.
                  </td>
                </tr>
              )}
              {sessions.map((session) => (
                <tr key={`${session.created}-${session.network}-${session.userAgent}`}>
                  <td className={adminTd}>{session.created}</td>
                  <td className={adminTd}>{session.lastSeen}</td>
                  <td className={`${adminTd} max-w-sm break-words`}>{session.userAgent || "—"}</td>
                  <td className={adminTd}>{session.network || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      </Panel>

      {isOwner && !staffAccount && (
        <Panel title="Personal data">
          <p className="mb-3 text-sm text-gray-700">
            On the customer's request (India's DPDP Act): a copy of everything the shop holds about them, or its erasure.
          </p>
          <Form method="post" reloadDocument className="mb-4">
            <input type="hidden" name="intent" value="export" />
            <button type="submit" className={adminSecondaryButton}>
              Download their data (JSON)
            </button>
          </Form>
          {!profile.erased && (
            <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
              <input type="hidden" name="intent" value="erase" />
              <label className="text-sm font-medium text-gray-700">
                Type ERASE to confirm
                <input name="confirm" required autoComplete="off" className={`${adminInput} mt-1`} />
              </label>
              <label className="text-sm font-medium text-gray-700">
                Reason (optional)
                <input name="reason" maxLength={500} className={`${adminInput} mt-1`} />
              </label>
              <button type="submit" className={adminDangerButton} disabled={busy}>
                Erase personal data
              </button>
              <p className="text-xs text-gray-600 sm:col-span-3">
                Name, e-mail, phone, photos, sessions, cart and My List go; reviews stay as “{m.formerCustomer}”; orders stay for
                the accounts with the name and address replaced. This cannot be undone.
              </p>
            </Form>
          )}
        </Panel>
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} missing={m.notFound} back={{ to: "/admin/customers", label: "Back to customers" }} />;
}
