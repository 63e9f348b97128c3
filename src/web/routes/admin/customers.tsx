import { Form, Link } from "react-router";
import { servicesContext } from "#app-context";
import { formatDateTime } from "#shared/dates.ts";
import { formatRupees } from "#shared/money.ts";
import { customerListQuery } from "#shared/schemas/back-office-customers.ts";
import { FormError } from "../../components/account/form-message.tsx";
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
import type { Route } from "./+types/customers.ts";

/** Customers: search by name, e-mail or phone, a status filter, keyset pages newest first (issue 34, item 3). */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const services = args.context.get(servicesContext);
  const query = customerListQuery.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const page = await attempt(() => services.customers.list(query));
  const filters = new URLSearchParams();
  if (query.q) filters.set("q", query.q);
  if (query.status !== "all") filters.set("status", query.status);
  const link = (cursor: "after" | "before", id: string | null) =>
    id ? `?${new URLSearchParams([...filters, [cursor, id]])}` : null;
  return {
    query,
    rows: page.ok
      ? page.value.items.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          phone: row.phone,
          role: row.role,
          since: formatDateTime(row.createdAt),
          status: row.erasedAt ? "Erased" : row.blockedAt ? "Blocked" : "Active",
          orders: row.orders,
          spent: formatRupees(row.lifetimePaise),
        }))
      : [],
    error: page.ok ? null : page.response.data.error,
    next: page.ok ? link("after", page.value.next) : null,
    previous: page.ok ? link("before", page.value.previous) : null,
  };
}

export const meta: Route.MetaFunction = () => [
  { title: "Customers | Back office" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { query, rows, error, next, previous } = loaderData;
  return (
    <>
      <PageTitle>Customers</PageTitle>
      <FormError message={error} />
      <Panel>
        <Form method="get" role="search" className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
          <label className="text-sm font-medium text-gray-700">
            Search
            <input
              type="search"
              name="q"
              defaultValue={query.q ?? ""}
              maxLength={100}
              placeholder="Name, e-mail or phone"
              className={`${adminInput} mt-1`}
            />
          </label>
          <label className="text-sm font-medium text-gray-700">
            Status
            <select name="status" defaultValue={query.status} className={`${adminInput} mt-1`}>
              <option value="all">All</option>
              <option value="active">Active</option>
              <option value="blocked">Blocked</option>
              <option value="erased">Erased</option>
            </select>
          </label>
          <button type="submit" className={adminSecondaryButton}>
            Apply
          </button>
        </Form>
      </Panel>
      <Panel>
        <TableScroller label="Customers">
          <table className={adminTable}>
            <thead>
              <tr>
                <th className={adminTh}>Customer</th>
                <th className={adminTh}>E-mail</th>
                <th className={adminTh}>Phone</th>
                <th className={adminTh}>Status</th>
                <th className={adminTh}>Orders</th>
                <th className={adminTh}>Lifetime value</th>
                <th className={adminTh}>Customer since</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && (
                <tr>
                  <td className={adminTd} colSpan={7}>
                    No customers match.
                  </td>
                </tr>
              )}
              {rows.map((row) => (
                <tr key={row.id}>
                  <td className={adminTd}>
                    <Link
                      to={`/admin/customers/${row.id}`}
                      className="font-medium text-brand-dark underline-offset-2 hover:underline"
                    >
                      {row.name}
                    </Link>
                    {row.role && (
                      <span className="ml-1 rounded bg-gray-200 px-1.5 py-0.5 text-xs text-gray-800 uppercase">{row.role}</span>
                    )}
                  </td>
                  <td className={adminTd}>{row.email}</td>
                  <td className={adminTd}>{row.phone}</td>
                  <td className={adminTd}>
                    <span className={row.status === "Blocked" ? "font-semibold text-red-800" : undefined}>{row.status}</span>
                  </td>
                  <td className={adminTd}>{row.orders}</td>
                  <td className={adminTd}>{row.spent}</td>
                  <td className={adminTd}>{row.since}</td>
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
