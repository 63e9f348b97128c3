import { Form, Link, useActionData, useNavigation } from "react-router";
import { servicesContext } from "#app-context";
import type { AuditEvent } from "#domain/back-office/audit.ts";
import { productAdminMessages } from "#shared/back-office-messages.ts";
import { formatDateTime } from "#shared/dates.ts";
import { requestMessages } from "#shared/messages/shop.ts";
import { auditQuery } from "#shared/schemas/back-office.ts";
import { FormError, FormNotice } from "../../components/account/form-message.tsx";
import {
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
import { attempt, failure, readForm, text } from "../../lib/actions.server.ts";
import { type AuditRow, changedFields } from "../../lib/audit-view.ts";
import { actorOf, requireRecentPassword, requireStaff } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/audit.ts";

const PAGE = 50;

/** The owner's log of every back-office change, newest first, filterable, a page at a time (keyset). */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "owner");
  const url = new URL(args.request.url);
  const query = auditQuery.parse(Object.fromEntries(url.searchParams));
  const [at = "", id = ""] = query.before?.split("_") ?? [];
  const events = await args.context.get(servicesContext).backOffice.audit.list({
    entityType: query.entityType || undefined,
    entityId: query.entityId || undefined,
    action: query.action || undefined,
    before: query.before ? { at: new Date(at), id } : undefined,
    limit: PAGE + 1,
  });
  const rows: AuditRow[] = events.slice(0, PAGE).map((event) => ({
    id: event.id,
    at: event.at.toISOString(),
    when: formatDateTime(event.at),
    actor: event.actorEmail,
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId,
    reason: event.reason,
    changes: changedFields(event.before, event.after),
    revertible: revertible(event),
  }));
  const last = rows.at(-1);
  const next = events.length > PAGE && last ? new URLSearchParams({ ...clean(query), before: `${last.at}_${last.id}` }) : null;
  return { rows, filters: query, next: next ? `?${next}` : null };
}

/** Updates of products, categories and banners revert from here; creations, deletes and reorders do not. */
const revertible = (event: AuditEvent) =>
  event.before !== null &&
  event.after !== null &&
  (event.action === "category.update" ||
    event.action === "banner.update" ||
    (event.entityType === "product" && event.action !== "product.create"));

/** Puts back what one event changed; later changes of the same fields are named first and need a second click. */
export async function action(args: Route.ActionArgs) {
  const access = await requireRecentPassword(args, "owner");
  const form = await readForm(args.request);
  if (!form) return failure(requestMessages.formTooLarge, 413);
  const services = args.context.get(servicesContext);
  const eventId = text(form, "eventId");
  const event = /^[0-9a-f-]{36}$/.test(eventId) ? await services.backOffice.audit.get(eventId) : undefined;
  if (!event || !revertible(event)) return failure(productAdminMessages.revertNotPossible, 404);
  const options = { confirm: text(form, "confirm") === "1", reason: text(form, "reason").slice(0, 500) || undefined };
  const actor = actorOf(access);
  const { entityId } = event;
  const result = await attempt<void, { later?: string | undefined }>(
    async () => {
      if (event.entityType === "category") await services.categoriesAdmin.revert(actor, entityId, eventId, options);
      else if (event.entityType === "banner") await services.bannersAdmin.revert(actor, entityId, eventId, options);
      else await services.productAdmin.revert(actor, entityId, eventId, options);
    },
    (error) => ({ later: error.details?.later ? eventId : undefined }),
  );
  return result.ok ? { ok: true as const, notice: productAdminMessages.reverted } : result.response;
}

function clean(query: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1]) && entry[0] !== "before"),
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Audit log | Back office" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { rows, filters, next } = loaderData;
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const later = answer && !answer.ok && "later" in answer && typeof answer.later === "string" ? answer.later : undefined;
  return (
    <>
      <PageTitle>Audit log</PageTitle>
      {later ? (
        <div role="alert" className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="mb-2">{answer && !answer.ok ? answer.error : ""}</p>
          <Form method="post">
            <input type="hidden" name="eventId" value={later} />
            <input type="hidden" name="confirm" value="1" />
            <button type="submit" className={adminDangerButton} disabled={busy}>
              Revert anyway
            </button>
          </Form>
        </div>
      ) : (
        <FormError message={answer && !answer.ok ? answer.error : undefined} />
      )}
      <FormNotice message={answer?.ok ? answer.notice : undefined} />
      <Panel>
        <Form method="get" className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
          <label className="text-sm font-medium text-gray-700">
            Kind
            <select name="entityType" defaultValue={filters.entityType ?? ""} className={`${adminInput} mt-1`}>
              <option value="">All</option>
              <option value="product">Products</option>
              <option value="category">Categories</option>
              <option value="banner">Banners</option>
              <option value="picture">Pictures</option>
              <option value="review">Reviews</option>
              <option value="staff">Staff</option>
            </select>
          </label>
          <label className="text-sm font-medium text-gray-700">
            Id
            <input name="entityId" defaultValue={filters.entityId ?? ""} className={`${adminInput} mt-1`} />
          </label>
          <label className="text-sm font-medium text-gray-700">
            Action
            <input
              name="action"
              defaultValue={filters.action ?? ""}
              placeholder="e.g. product.update"
              className={`${adminInput} mt-1`}
            />
          </label>
          <button type="submit" className={adminSecondaryButton}>
            Filter
          </button>
        </Form>
      </Panel>
      <Panel>
        {rows.length === 0 ? (
          <p className="text-sm text-gray-700">No changes match.</p>
        ) : (
          <TableScroller label="Changes">
            <table className={adminTable}>
              <thead>
                <tr>
                  <th className={adminTh}>When</th>
                  <th className={adminTh}>Who</th>
                  <th className={adminTh}>What</th>
                  <th className={adminTh}>Changes</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td className={adminTd}>
                      <time dateTime={row.at}>{row.when}</time>
                    </td>
                    <td className={adminTd}>{row.actor}</td>
                    <td className={adminTd}>
                      <span className="font-mono">{row.action}</span>
                      <br />
                      <span className="text-gray-600">
                        {row.entityType} {row.entityId}
                      </span>
                      {row.reason && <p className="mt-1 text-gray-700">Reason: {row.reason}</p>}
                    </td>
                    <td className={adminTd}>
                      <ul>
                        {row.changes.map((change) => (
                          <li key={change.field}>
                            <span className="font-semibold">{change.field}</span>: {change.before} → {change.after}
                          </li>
                        ))}
                      </ul>
                      {row.revertible && (
                        <Form method="post" className="mt-2">
                          <input type="hidden" name="eventId" value={row.id} />
                          <button type="submit" className={adminSecondaryButton} disabled={busy}>
                            Revert<span className="sr-only"> this change</span>
                          </button>
                        </Form>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        )}
        {next && (
          <Link to={next} className="mt-3 inline-block text-sm font-semibold text-brand-dark underline-offset-2 hover:underline">
            Older changes
          </Link>
        )}
      </Panel>
    </>
  );
}
