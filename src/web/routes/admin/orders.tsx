import { Form, Link } from "react-router";
import { servicesContext } from "#app-context";
import { formatDateTime } from "#shared/dates.ts";
import { orderStatusLabels } from "#shared/messages/back-office-orders.ts";
import { formatRupees } from "#shared/money.ts";
import { orderStatusValues } from "#shared/order-statuses.ts";
import { orderListQuery } from "#shared/schemas/back-office-orders.ts";
import { FormError } from "../../components/account/form-message.tsx";
import { StatusBadge } from "../../components/admin/orders/status-badge.tsx";
import {
  adminInput,
  adminSecondaryButton,
  adminTable,
  adminTd,
  adminTh,
  Pager,
  PageTitle,
  Panel,
  TableScroller,
} from "../../components/admin/ui.tsx";
import { attempt } from "../../lib/actions.server.ts";
import { requireStaff } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/orders.ts";

/** Orders: status, days and a search box; newest first in keyset pages (issue 34, item 1; decision 034). */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const services = args.context.get(servicesContext);
  const url = new URL(args.request.url);
  const parsed = orderListQuery.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : orderListQuery.parse({});
  const page = parsed.success
    ? await attempt(() => services.orders.admin.list(query))
    : ({ ok: false, message: parsed.error.issues[0]?.message ?? "" } as const);
  const filters = new URLSearchParams();
  for (const name of ["status", "from", "to", "q"] as const) {
    const value = query[name];
    if (value) filters.set(name, value);
  }
  const link = (cursor: "after" | "before", id: string | null) =>
    id ? `?${new URLSearchParams([...filters, [cursor, id]])}` : null;
  const ok = page.ok ? page.value : null;
  return {
    query: { status: query.status ?? "", from: query.from ?? "", to: query.to ?? "", q: query.q ?? "" },
    rows: (ok?.items ?? []).map((row) => ({
      id: row.id,
      date: formatDateTime(row.createdAt),
      name: row.name,
      email: row.email,
      phone: row.phoneNumber,
      total: formatRupees(row.amountPaise),
      status: row.status,
      items: row.items,
    })),
    error: page.ok ? null : "response" in page ? page.response.data.error : page.message,
    next: ok ? link("after", ok.next) : null,
    previous: ok ? link("before", ok.previous) : null,
  };
}

export const meta: Route.MetaFunction = () => [
  { title: "Orders | Back office" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { query, rows, error, next, previous } = loaderData;
  return (
    <>
      <PageTitle>Orders</PageTitle>
      <FormError message={error} />
      <Panel>
        <Form method="get" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end">
          <label htmlFor="orders-q" className="text-sm font-medium text-gray-700">
            Search
            <input
              id="orders-q"
              name="q"
              type="search"
              defaultValue={query.q}
              aria-describedby="orders-q-hint"
              className={`${adminInput} mt-1`}
            />
            <span id="orders-q-hint" className="mt-1 block text-xs font-normal text-gray-600">
              Order id, payment id, e-mail, phone or name
            </span>
          </label>
          <label htmlFor="orders-status" className="text-sm font-medium text-gray-700">
            Status
            <select id="orders-status" name="status" defaultValue={query.status} className={`${adminInput} mt-1`}>
              <option value="">Any status</option>
              {orderStatusValues.map((status) => (
                <option key={status} value={status}>
                  {orderStatusLabels[status] ?? status}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor="orders-from" className="text-sm font-medium text-gray-700">
            From
            <input id="orders-from" name="from" type="date" defaultValue={query.from} className={`${adminInput} mt-1`} />
          </label>
          <label htmlFor="orders-to" className="text-sm font-medium text-gray-700">
            To
            <input id="orders-to" name="to" type="date" defaultValue={query.to} className={`${adminInput} mt-1`} />
          </label>
          <button type="submit" className={adminSecondaryButton}>
            Apply
          </button>
        </Form>
      </Panel>
      <Panel>
        <TableScroller label="Orders">
          <table className={adminTable}>
            <thead>
              <tr>
                <th className={adminTh}>Order</th>
                <th className={adminTh}>Date</th>
                <th className={adminTh}>Customer</th>
                <th className={adminTh}>Items</th>
                <th className={adminTh}>Total</th>
                <th className={adminTh}>Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && (
                <tr>
                  <td className={adminTd} colSpan={6}>
                    No orders match.
                  </td>
                </tr>
              )}
              {rows.map((row) => (
                <tr key={row.id}>
                  <td className={adminTd}>
                    <Link
                      to={`/admin/orders/${row.id}`}
                      className="font-mono text-xs font-semibold break-all text-brand-dark underline"
                    >
                      {row.id}
                      <span className="sr-only"> order of {row.name}</span>
                    </Link>
                  </td>
                  <td className={`${adminTd} whitespace-nowrap`}>{row.date}</td>
                  <td className={adminTd}>
                    {row.name}
                    <span className="block text-xs text-gray-600">
                      {row.email} · {row.phone}
                    </span>
                  </td>
                  <td className={adminTd}>{row.items}</td>
                  <td className={`${adminTd} whitespace-nowrap`}>{row.total}</td>
                  <td className={adminTd}>
                    <StatusBadge status={row.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
        <Pager previous={previous} next={next} />
      </Panel>
    </>
  );
}
