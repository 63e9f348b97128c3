// One screen, one route module (docs/architecture.md, "Route-module conventions"): an order, its moves and timeline.
import { randomUUID } from "node:crypto";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { servicesContext } from "#app-context";
import { formatDateTime } from "#shared/dates.ts";
import { orderAdminMessages as m } from "#shared/messages/back-office-orders.ts";
import { requestMessages } from "#shared/messages/shop.ts";
import { formatRupees, paiseToRupees } from "#shared/money.ts";
import { cancelForm, noteOnlyForm, orderNoteForm, refundPageForm, shipForm } from "#shared/schemas/back-office-orders.ts";
import { FormError, FormNotice } from "../../components/account/form-message.tsx";
import { invalid, postedForm, run } from "../../components/admin/catalog/action-helpers.server.ts";
import { type FieldErrors, TextField } from "../../components/admin/catalog/fields.tsx";
import { StatusBadge } from "../../components/admin/orders/status-badge.tsx";
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
import { failure, isAppError } from "../../lib/actions.server.ts";
import { actorOf, requireRecentPassword, requireStaff } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/order.ts";

const EVENT_LABELS: Record<string, string> = {
  placed: "Placed",
  paid: "Paid",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refund_requested: "Refund requested",
  refund_processed: "Refund processed",
  refund_failed: "Refund failed",
  note: "Note",
  invoice_issued: "Invoice issued",
};

/** An order (issue 34, item 1): lines, totals, shopper, payment, and ship / deliver / cancel / refund / note. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const admin = args.context.get(servicesContext).orders.admin;
  const order = await admin.get(args.params.id).catch((error: unknown) => {
    if (isAppError(error) && error.status === 404) throw data(m.orderNotFound, { status: 404 });
    throw error;
  });
  const payment = await admin.payment(order);
  const at = (date: Date) => formatDateTime(date);
  const money = (paise: number) => (typeof paise === "number" ? formatRupees(paise) : "");
  const timeline = [
    { key: "placed", at: order.createdAt, label: "Placed", who: order.email, note: "", detail: "" },
    ...(order.paidAt ? [{ key: "paid", at: order.paidAt, label: "Paid", who: "", note: "", detail: order.paymentId ?? "" }] : []),
    ...order.events.map((event) => {
      const details = (event.data ?? {}) as { amountPaise?: number; carrier?: string; trackingNumber?: string };
      const detail = [
        details.amountPaise !== undefined ? money(details.amountPaise) : "",
        details.carrier ? `${details.carrier} ${details.trackingNumber ?? ""}` : "",
      ]
        .filter(Boolean)
        .join(" · ");
      return {
        key: event.id,
        at: event.at,
        label: EVENT_LABELS[event.kind] ?? event.kind,
        who: event.actorEmail,
        note: event.note,
        detail,
      };
    }),
  ]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((entry) => ({ ...entry, at: at(entry.at) }));
  return {
    order: {
      id: order.id,
      status: order.status,
      date: at(order.createdAt),
      name: order.name,
      email: order.email,
      phone: order.phoneNumber,
      userId: order.userId,
      billing: order.billing,
      total: formatRupees(order.amountPaise),
      refunded: formatRupees(order.refundedPaise),
      refundPending: order.pendingRefundPaise > 0 ? formatRupees(order.pendingRefundPaise) : null,
      refundable: order.refundablePaise,
      refundableLabel: formatRupees(order.refundablePaise),
      refundableRupees: String(paiseToRupees(order.refundablePaise)),
      provider: order.provider,
      paymentId: order.paymentId,
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      shippedAt: order.shippedAt ? at(order.shippedAt) : null,
      deliveredAt: order.deliveredAt ? at(order.deliveredAt) : null,
      lines: order.lines.map((line, index) => ({
        key: `${index}-${line.productId ?? ""}`,
        productId: line.productId,
        title: line.productTitle,
        quantity: line.quantity,
        price: formatRupees(line.pricePaise),
        subTotal: formatRupees(line.subTotalPaise),
      })),
      refunds: order.refunds.map((refund) => ({
        id: refund.id,
        amount: formatRupees(refund.amountPaise),
        reason: refund.reason,
        status: refund.status,
        providerRefundId: refund.providerRefundId,
        failureReason: refund.failureReason,
        at: at(refund.createdAt),
      })),
    },
    payment: payment
      ? { id: payment.id, method: payment.method ?? "—", status: payment.status, amount: formatRupees(payment.amountPaise) }
      : null,
    timeline,
    // A double click posts the same key twice: one refund (decision 034).
    requestKey: randomUUID(),
  };
}

export async function action(args: Route.ActionArgs) {
  const posted = await postedForm(args.request);
  if (!posted.ok) return posted.response;
  const { values, intent } = posted;
  const id = args.params.id;
  const services = args.context.get(servicesContext);
  const admin = services.orders.admin;
  // Money moves ask for the password again (decision 031): refunds, and cancelling a paid order.
  let moneyMoves = intent === "refund" || intent === "retry";
  if (intent === "cancel") {
    await requireStaff(args);
    const current = await admin.get(id).catch(() => undefined);
    moneyMoves = current?.status !== "pending";
  }
  const access = moneyMoves ? await requireRecentPassword(args) : await requireStaff(args);
  const actor = actorOf(access);

  if (intent === "ship") {
    const parsed = shipForm.safeParse(values);
    if (!parsed.success) return invalid(parsed.error, intent, id);
    const result = await run(() => admin.ship(actor, id, parsed.data), intent, id);
    return result.ok ? { ok: true as const, notice: result.value.first ? m.shipped : m.trackingUpdated } : result.response;
  }
  if (intent === "deliver") {
    const parsed = noteOnlyForm.safeParse(values);
    if (!parsed.success) return invalid(parsed.error, intent, id);
    const result = await run(() => admin.deliver(actor, id, parsed.data.note), intent, id);
    return result.ok ? { ok: true as const, notice: m.delivered } : result.response;
  }
  if (intent === "cancel") {
    const parsed = cancelForm.safeParse(values);
    if (!parsed.success) return invalid(parsed.error, intent, id);
    const result = await run(() => admin.cancel(actor, id, parsed.data.reason), intent, id);
    if (!result.ok) return result.response;
    const refund = result.value.refund;
    return { ok: true as const, notice: refund ? m.cancelledRefunding(refund.amountPaise) : m.cancelled };
  }
  if (intent === "refund") {
    const parsed = refundPageForm.safeParse(values);
    if (!parsed.success) return invalid(parsed.error, intent, id);
    const { amount, reason, requestKey } = parsed.data;
    const result = await run(() => admin.refund(actor, id, { amountPaise: amount, reason, requestKey }), intent, id);
    if (!result.ok) return result.response;
    return { ok: true as const, notice: refundNotice(result.value) };
  }
  if (intent === "retry") {
    const result = await run(() => admin.retryRefund(actor, id, values.refundId ?? ""), intent, id);
    return result.ok ? { ok: true as const, notice: refundNotice(result.value) } : result.response;
  }
  if (intent === "note") {
    const parsed = orderNoteForm.safeParse(values);
    if (!parsed.success) return invalid(parsed.error, intent, id);
    const result = await run(() => admin.note(actor, id, parsed.data.note), intent, id);
    return result.ok ? { ok: true as const, notice: m.noted } : result.response;
  }
  return failure(requestMessages.checkForm);
}

function refundNotice(refund: { status: string; amountPaise: number; failureReason: string | null }) {
  if (refund.status === "processed") return m.refundProcessed(refund.amountPaise);
  if (refund.status === "failed") return m.refundFailed(refund.failureReason ?? m.refundFailedDefault);
  return m.refundRequested(refund.amountPaise);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Order ${loaderData?.order.id ?? ""} | Back office` },
  { name: "robots", content: "noindex, nofollow" },
];

type Answer =
  | { ok: true; notice: string | null }
  | { ok: false; error: string; intent?: string; target?: string; fieldErrors?: FieldErrors };

const dl = "grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm";

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order, payment, timeline, requestKey } = loaderData;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state !== "idle";
  const failed = answer && !answer.ok ? answer : undefined;
  const errorsFor = (intent: string): FieldErrors => (failed?.intent === intent ? (failed.fieldErrors ?? {}) : {});
  const headline = failed && Object.keys(failed.fieldErrors ?? {}).length === 0 ? failed.error : undefined;
  const ship = errorsFor("ship");
  const refund = errorsFor("refund");
  const note = errorsFor("note");
  const canShip = order.status === "paid" || order.status === "shipped";
  const canCancel = order.status === "pending" || order.status === "paid";
  const { billing } = order;

  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/orders" className={adminSecondaryButton}>
            All orders
          </Link>
        }
      >
        Order <span className="font-mono text-base">{order.id}</span> <StatusBadge status={order.status} />
      </PageTitle>
      <FormError message={headline} />
      <FormNotice message={answer?.ok ? answer.notice : undefined} />

      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div>
          <Panel title="Items">
            <TableScroller label="Items">
              <table className={adminTable}>
                <thead>
                  <tr>
                    <th className={adminTh}>Product</th>
                    <th className={adminTh}>Quantity</th>
                    <th className={adminTh}>Price</th>
                    <th className={adminTh}>Subtotal</th>
                  </tr>
                </thead>
                <tbody>
                  {order.lines.map((line) => (
                    <tr key={line.key}>
                      <td className={adminTd}>
                        {line.productId ? (
                          <Link to={`/admin/products/${line.productId}`} className="text-brand-dark underline">
                            {line.title}
                          </Link>
                        ) : (
                          line.title
                        )}
                      </td>
                      <td className={adminTd}>{line.quantity}</td>
                      <td className={adminTd}>{line.price}</td>
                      <td className={adminTd}>{line.subTotal}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroller>
            <dl className={`${dl} mt-3 justify-end`}>
              <dt className="font-semibold">Total</dt>
              <dd>{order.total}</dd>
              <dt>Refunded</dt>
              <dd>{order.refunded}</dd>
              {order.refundPending && (
                <>
                  <dt>Refund pending</dt>
                  <dd>{order.refundPending}</dd>
                </>
              )}
            </dl>
          </Panel>

          {canShip && (
            <Panel title={order.status === "shipped" ? "Correct the tracking details" : "Ship"}>
              <Form method="post" className="grid gap-3 sm:grid-cols-2">
                <input type="hidden" name="intent" value="ship" />
                <TextField
                  id="ship-carrier"
                  name="carrier"
                  label="Carrier"
                  defaultValue={order.carrier ?? ""}
                  error={ship.carrier}
                  maxLength={60}
                />
                <TextField
                  id="ship-tracking"
                  name="trackingNumber"
                  label="Tracking number"
                  defaultValue={order.trackingNumber ?? ""}
                  error={ship.trackingNumber}
                  maxLength={100}
                />
                <TextField id="ship-note" name="note" label="Note (optional)" error={ship.note} maxLength={500} />
                <div className="self-end">
                  <button type="submit" className={adminButton} disabled={busy}>
                    {order.status === "shipped" ? "Save tracking" : "Mark shipped"}
                  </button>
                </div>
              </Form>
            </Panel>
          )}

          {order.status === "shipped" && (
            <Panel title="Deliver">
              <Form method="post">
                <input type="hidden" name="intent" value="deliver" />
                <button type="submit" className={adminButton} disabled={busy}>
                  Mark delivered
                </button>
              </Form>
            </Panel>
          )}

          {order.refundable > 0 && (
            <Panel title="Refund">
              <p className="mb-3 text-sm text-gray-700">
                Up to {order.refundableLabel} can be refunded, in full or in part, to the way the shopper paid.
              </p>
              <Form method="post" className="grid gap-3 sm:grid-cols-2">
                <input type="hidden" name="intent" value="refund" />
                <input type="hidden" name="requestKey" value={requestKey} />
                <TextField
                  id="refund-amount"
                  name="amount"
                  label="Amount (Rs)"
                  defaultValue={order.refundableRupees}
                  error={refund.amount}
                  maxLength={12}
                />
                <TextField id="refund-reason" name="reason" label="Reason" error={refund.reason} maxLength={500} />
                <div>
                  <button type="submit" className={adminButton} disabled={busy}>
                    Refund
                  </button>
                </div>
              </Form>
            </Panel>
          )}

          {order.refunds.length > 0 && (
            <Panel title="Refunds">
              <TableScroller label="Refunds">
                <table className={adminTable}>
                  <thead>
                    <tr>
                      <th className={adminTh}>Asked</th>
                      <th className={adminTh}>Amount</th>
                      <th className={adminTh}>Reason</th>
                      <th className={adminTh}>Status</th>
                      <th className={adminTh}>
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {order.refunds.map((row) => (
                      <tr key={row.id}>
                        <td className={`${adminTd} whitespace-nowrap`}>{row.at}</td>
                        <td className={adminTd}>{row.amount}</td>
                        <td className={adminTd}>{row.reason}</td>
                        <td className={adminTd}>
                          <span className="font-semibold">{row.status}</span>
                          {row.providerRefundId && <span className="block font-mono text-xs">{row.providerRefundId}</span>}
                          {row.failureReason && <span className="block text-xs text-red-800">{row.failureReason}</span>}
                        </td>
                        <td className={adminTd}>
                          {row.status === "failed" && (
                            <Form method="post">
                              <input type="hidden" name="intent" value="retry" />
                              <input type="hidden" name="refundId" value={row.id} />
                              <button type="submit" className={adminSecondaryButton} disabled={busy}>
                                Try again<span className="sr-only"> the refund of {row.amount}</span>
                              </button>
                            </Form>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroller>
            </Panel>
          )}

          {canCancel && (
            <Panel title="Cancel the order">
              <p className="mb-3 text-sm text-gray-700">
                {order.status === "paid"
                  ? `Its stock goes back on sale and ${order.refundableLabel} is refunded.`
                  : "Its stock goes back on sale; nothing was paid."}
              </p>
              <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
                <input type="hidden" name="intent" value="cancel" />
                <TextField id="cancel-reason" name="reason" label="Reason (optional)" maxLength={500} />
                <button type="submit" className={adminDangerButton} disabled={busy}>
                  Cancel order
                </button>
              </Form>
            </Panel>
          )}

          <Panel title="Timeline">
            <ol className="space-y-2 text-sm">
              {timeline.map((entry) => (
                <li key={entry.key} className="border-l-2 border-gray-200 pl-3">
                  <span className="font-semibold">{entry.label}</span>
                  {entry.detail && <span> · {entry.detail}</span>}
                  <span className="block text-xs text-gray-600">
                    {entry.at}
                    {entry.who && ` · ${entry.who}`}
                  </span>
                  {entry.note && <p className="whitespace-pre-wrap">{entry.note}</p>}
                </li>
              ))}
            </ol>
            <Form method="post" className="mt-4 grid gap-2">
              <input type="hidden" name="intent" value="note" />
              <label htmlFor="order-note" className="text-sm font-medium text-gray-700">
                Internal note
                <textarea
                  id="order-note"
                  name="note"
                  rows={3}
                  maxLength={2000}
                  aria-invalid={note.note ? true : undefined}
                  aria-describedby={note.note ? "order-note-error" : undefined}
                  className={`${adminInput} mt-1`}
                />
                {note.note && (
                  <span id="order-note-error" className="mt-1 block text-sm font-normal text-red-800">
                    {note.note}
                  </span>
                )}
              </label>
              <div>
                <button type="submit" className={adminSecondaryButton} disabled={busy}>
                  Add note
                </button>
              </div>
            </Form>
          </Panel>
        </div>

        <div>
          <Panel title="Customer">
            <dl className={dl}>
              <dt>Name</dt>
              <dd>{order.name}</dd>
              <dt>E-mail</dt>
              <dd className="break-all">{order.email}</dd>
              <dt>Phone</dt>
              <dd>{order.phone}</dd>
              <dt>Placed</dt>
              <dd>{order.date}</dd>
            </dl>
          </Panel>
          <Panel title="Billing address">
            <address className="text-sm not-italic">
              {billing.fullName}
              <br />
              {billing.streetAddressLine1}
              {billing.streetAddressLine2 && (
                <>
                  <br />
                  {billing.streetAddressLine2}
                </>
              )}
              <br />
              {billing.city}, {billing.state} {billing.zipCode}
              <br />
              {billing.country}
            </address>
          </Panel>
          <Panel title="Payment">
            <dl className={dl}>
              <dt>Provider</dt>
              <dd>{order.provider}</dd>
              <dt>Payment id</dt>
              <dd className="font-mono text-xs break-all">{order.paymentId ?? "—"}</dd>
              {payment ? (
                <>
                  <dt>Method</dt>
                  <dd>{payment.method}</dd>
                  <dt>Status</dt>
                  <dd>{payment.status} (as the provider reports it)</dd>
                </>
              ) : (
                order.paymentId && (
                  <>
                    <dt>Status</dt>
                    <dd>{m.paymentUnknown}</dd>
                  </>
                )
              )}
            </dl>
          </Panel>
          {order.trackingNumber && (
            <Panel title="Shipping">
              <dl className={dl}>
                <dt>Carrier</dt>
                <dd>{order.carrier}</dd>
                <dt>Tracking</dt>
                <dd className="font-mono">{order.trackingNumber}</dd>
                <dt>Shipped</dt>
                <dd>{order.shippedAt}</dd>
                {order.deliveredAt && (
                  <>
                    <dt>Delivered</dt>
                    <dd>{order.deliveredAt}</dd>
                  </>
                )}
              </dl>
            </Panel>
          )}
          {/* Print: the invoice and packing-slip pages come from another part of issue 34; they link here. */}
          <Panel title="Print">
            <ul className="space-y-1 text-sm">
              <li>
                <a href={`/admin/orders/${order.id}/invoice`} className="text-brand-dark underline">
                  Invoice
                </a>
              </li>
              <li>
                <a href={`/admin/orders/${order.id}/packing-slip`} className="text-brand-dark underline">
                  Packing slip
                </a>
              </li>
            </ul>
          </Panel>
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} missing={m.orderNotFound} back={{ to: "/admin/orders", label: "Back to orders" }} />;
}
