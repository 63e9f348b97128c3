import { Link } from "react-router";
import { servicesContext } from "#app-context";
import { formatDateTime } from "#shared/dates.ts";
import { formatInr } from "#shared/money.ts";
import { adminTable, adminTd, adminTh, PageTitle, Panel, TableScroller } from "../../components/admin/ui.tsx";
import { requireStaff } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/dashboard.ts";

/** The first page: the insights for staff and owner alike (decision 038), and the owner's latest changes. */
export async function loader(args: Route.LoaderArgs) {
  const access = await requireStaff(args);
  const { backOffice, insights } = args.context.get(servicesContext);
  const owner = access.role === "owner";
  const figures = await insights.summary();
  const recent = owner ? await backOffice.audit.list({ limit: 10 }) : [];
  const period = (label: string, figure: { orders: number; revenuePaise: number; refundedPaise: number }) => ({
    label,
    orders: figure.orders,
    revenue: formatInr(figure.revenuePaise),
    refunded: figure.refundedPaise > 0 ? formatInr(figure.refundedPaise) : null,
  });
  return {
    name: access.user.name,
    owner,
    sales: [
      period("Today", figures.sales.today),
      period("Last 7 days", figures.sales.last7Days),
      period("Last 30 days", figures.sales.last30Days),
    ],
    waiting: {
      payments: figures.paymentsPending,
      refunds: figures.refundsPending,
      automaticRefunds: figures.automaticRefundsPending,
    },
    lowStock: figures.lowStock,
    searches: figures.zeroResultSearches.map((search) => ({
      query: search.query,
      count: search.count,
      at: search.lastSearchedAt.toISOString(),
      when: formatDateTime(search.lastSearchedAt),
      wordSynonym: search.wordSynonym,
    })),
    recent: recent.map((event) => ({
      id: event.id,
      at: event.at.toISOString(),
      when: formatDateTime(event.at),
      actor: event.actorEmail,
      action: event.action,
      entity: `${event.entityType} ${event.entityId}`,
    })),
  };
}

export const meta: Route.MetaFunction = () => [
  { title: "Overview | Back office" },
  { name: "robots", content: "noindex, nofollow" },
];

const figureBox = "rounded border border-gray-200 bg-white p-3";
const figureLabel = "text-sm text-gray-700";
const figureValue = "text-2xl font-bold text-gray-900";
const linkClass = "font-semibold text-brand-dark underline underline-offset-2";

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { sales, waiting, lowStock, searches, owner } = loaderData;
  return (
    <>
      <PageTitle>Welcome, {loaderData.name}</PageTitle>

      <Panel title="Sales">
        <dl className="grid gap-3 sm:grid-cols-3">
          {sales.map((period) => (
            <div key={period.label} className={figureBox}>
              <dt className={figureLabel}>{period.label}</dt>
              <dd className={figureValue}>{period.revenue}</dd>
              <dd className="text-sm text-gray-700">
                {period.orders} {period.orders === 1 ? "order" : "orders"} paid
              </dd>
              {period.refunded && <dd className="text-sm text-gray-700">{period.refunded} refunded</dd>}
            </div>
          ))}
        </dl>
        <p className="mt-2 text-xs text-gray-600">
          Orders paid in India's days (7 days: today and the 6 before), gross; refunded: what the payment provider refunded in the
          same days, whenever the orders were paid.
        </p>
      </Panel>

      <Panel title="Waiting">
        <dl className="grid gap-3 sm:grid-cols-3">
          <div className={figureBox}>
            <dt className={figureLabel}>Payments pending</dt>
            <dd className={figureValue}>{waiting.payments}</dd>
          </div>
          <div className={figureBox}>
            <dt className={figureLabel}>Refunds pending</dt>
            <dd className={figureValue}>{waiting.refunds}</dd>
          </div>
          <div className={figureBox}>
            <dt className={figureLabel}>Automatic refunds pending</dt>
            <dd className={figureValue}>{waiting.automaticRefunds}</dd>
          </div>
        </dl>
      </Panel>

      <Panel title="Low stock">
        <p className="mb-2 text-sm text-gray-700">
          {lowStock.more ? `More than ${lowStock.count}` : lowStock.count}{" "}
          {lowStock.count === 1 && !lowStock.more ? "product on sale has" : "products on sale have"} {lowStock.threshold} or fewer
          in stock.
        </p>
        {lowStock.first.length > 0 && (
          <TableScroller label="Low stock">
            <table className={adminTable}>
              <thead>
                <tr>
                  <th className={adminTh}>Product</th>
                  <th className={adminTh}>SKU</th>
                  <th className={adminTh}>In stock</th>
                </tr>
              </thead>
              <tbody>
                {lowStock.first.map((product) => (
                  <tr key={product.id}>
                    <td className={adminTd}>
                      <Link to={`/admin/products/${product.id}`} className={linkClass}>
                        {product.name}
                      </Link>
                    </td>
                    <td className={adminTd}>{product.sku}</td>
                    <td className={adminTd}>{product.countInStock}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        )}
      </Panel>

      <Panel title="Searches that found nothing">
        {searches.length === 0 ? (
          <p className="text-sm text-gray-700">None lately.</p>
        ) : (
          <TableScroller label="Searches that found nothing">
            <table className={adminTable}>
              <thead>
                <tr>
                  <th className={adminTh}>Search</th>
                  <th className={adminTh}>Times</th>
                  <th className={adminTh}>Last</th>
                  {owner && (
                    <th className={adminTh}>
                      <span className="sr-only">Actions</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {searches.map((search) => (
                  <tr key={search.query}>
                    <td className={adminTd}>
                      {search.query}
                      {search.wordSynonym && (
                        <span className="block text-xs text-gray-600">
                          Answered by a synonym: {search.wordSynonym.term} → {search.wordSynonym.replacement}
                        </span>
                      )}
                    </td>
                    <td className={adminTd}>{search.count}</td>
                    <td className={adminTd}>
                      <time dateTime={search.at}>{search.when}</time>
                    </td>
                    {owner && (
                      <td className={adminTd}>
                        <Link to={`/admin/search-synonyms?term=${encodeURIComponent(search.query)}`} className={linkClass}>
                          Add synonym<span className="sr-only"> for {search.query}</span>
                        </Link>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        )}
      </Panel>

      {loaderData.recent.length > 0 && (
        <Panel title="Latest changes">
          <ul className="divide-y divide-gray-100 text-sm">
            {loaderData.recent.map((event) => (
              <li key={event.id} className="py-2">
                <time dateTime={event.at}>{event.when}</time> · {event.actor} · <span className="font-mono">{event.action}</span>{" "}
                · {event.entity}
              </li>
            ))}
          </ul>
          <Link
            to="/admin/audit"
            className="mt-2 inline-block text-sm font-semibold text-brand-dark underline-offset-2 hover:underline"
          >
            The whole audit log
          </Link>
        </Panel>
      )}
    </>
  );
}
