import { Form, Link } from "react-router";
import { servicesContext } from "#app-context";
import { formatDateTime } from "#shared/dates.ts";
import { auditQuery } from "#shared/schemas/back-office.ts";
import {
  adminInput,
  adminSecondaryButton,
  adminTable,
  adminTd,
  adminTh,
  PageTitle,
  Panel,
  TableScroller,
} from "../../components/admin/ui.tsx";
import { type AuditRow, changedFields } from "../../lib/audit-view.ts";
import { requireStaff } from "../../lib/back-office.server.ts";
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
  }));
  const last = rows.at(-1);
  const next = events.length > PAGE && last ? new URLSearchParams({ ...clean(query), before: `${last.at}_${last.id}` }) : null;
  return { rows, filters: query, next: next ? `?${next}` : null };
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
  return (
    <>
      <PageTitle>Audit log</PageTitle>
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
