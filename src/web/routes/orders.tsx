import { useEffect, useState } from "react";
import { data, useNavigate, useSearchParams } from "react-router";
import { servicesContext } from "#app-context";
import { formatRupees } from "#shared/money.ts";
import { Pagination } from "../components/listing/pagination.tsx";
import { OrderProductsTable } from "../components/orders/order-products.tsx";
import { OrderStatusBadge } from "../components/orders/order-status.tsx";
import { toOrderRow } from "../components/orders/orders-data.server.ts";
import type { OrderRowData } from "../components/orders/orders-data.ts";
import { Icon } from "../components/ui/icon.tsx";
import { Link } from "../components/ui/link.tsx";
import { Modal } from "../components/ui/modal.tsx";
import { requireShopper } from "../lib/auth.server.ts";
import type { Route } from "./+types/orders.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };
const PER_PAGE = 10;

export const headers: Route.HeadersFunction = () => PRIVATE;

/** `/orders` (spec §2 Orders), signed in only: the session's own orders, newest first, ten a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireShopper({ request, context });
  const url = new URL(request.url);
  const asked = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const page = Number.isSafeInteger(asked) && asked >= 1 ? asked : 1;
  const { orders, invoices } = context.get(servicesContext);
  const found = await orders.list(user.id, { page, perPage: PER_PAGE });
  return data(
    {
      orders: found.orders.map((order) => ({ ...toOrderRow(order), invoice: invoices.holdsInvoice(order) })),
      page: found.page,
      totalPages: found.totalPages,
      total: found.total,
    },
    { headers: PRIVATE },
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Orders | Storefront" }, { name: "robots", content: "noindex" }];

const cell = "border-b border-gray-100 p-2 align-top";

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders, page, totalPages } = loaderData;
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const viewing = orders.find((order) => order.id === search.get("view"));
  // The products open in a modal once the scripts run; before that the link's page shows them under the table.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const closeHref = (() => {
    const next = new URLSearchParams(search);
    next.delete("view");
    const query = next.toString();
    return query ? `?${query}` : "/orders";
  })();

  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-bold">Orders</h1>
      {orders.length === 0 ? (
        <section className="flex flex-col items-center gap-4 rounded-lg border border-gray-200 px-4 py-12 text-center">
          <p className="text-lg text-gray-800">You have no orders yet.</p>
          <Link to="/" className="rounded-full bg-brand-dark px-6 py-2 font-semibold text-white hover:bg-brand">
            Continue Shopping
          </Link>
        </section>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways on narrow screens must be reachable by keyboard.
        <section aria-label="Your orders" tabIndex={0} className="overflow-x-auto">
          <table className="w-full min-w-[72rem] border-collapse text-left text-sm">
            <thead className="border-b-2 border-gray-200 bg-gray-50 text-xs text-gray-700">
              <tr>
                {[
                  "Order Id",
                  "Payment Id",
                  "Products",
                  "Name",
                  "Phone",
                  "Address",
                  "Pincode",
                  "Total Amount",
                  "Email",
                  "User Id",
                  "Order Status",
                  "Date",
                ].map((heading) => (
                  <th key={heading} scope="col" className="p-2 font-semibold whitespace-nowrap">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <OrderRow key={order.id} order={order} search={search} />
              ))}
            </tbody>
          </table>
        </section>
      )}
      <Pagination page={page} totalPages={totalPages} />
      {viewing ? (
        hydrated ? (
          <Modal
            labelledBy="order-products-title"
            onClose={() => navigate(closeHref, { replace: true, preventScrollReset: true })}
            className="m-auto w-[min(56rem,calc(100vw-2rem))] rounded-lg p-0"
          >
            <ProductsPanel order={viewing} closeHref={closeHref} />
          </Modal>
        ) : (
          <section className="mt-8 rounded-lg border border-gray-200">
            <ProductsPanel order={viewing} closeHref={closeHref} />
          </section>
        )
      ) : null}
    </main>
  );
}

function OrderRow({ order, search }: { order: OrderRowData & { invoice: boolean }; search: URLSearchParams }) {
  const view = new URLSearchParams(search);
  view.set("view", order.id);
  return (
    <tr>
      <td className={`${cell} font-mono text-xs break-all text-brand-dark`}>{order.id}</td>
      <td className={`${cell} font-mono text-xs break-all`}>{order.paymentId ?? "—"}</td>
      <td className={cell}>
        <Link
          to={`?${view.toString()}`}
          preventScrollReset
          className="font-semibold whitespace-nowrap text-brand-dark underline"
          aria-label={`Click here to view the products of order ${order.id}`}
        >
          Click here to view
        </Link>
      </td>
      <td className={cell}>{order.name}</td>
      <td className={cell}>{order.phoneNumber}</td>
      <td className={cell}>{order.address}</td>
      <td className={cell}>{order.pincode}</td>
      <td className={`${cell} whitespace-nowrap`}>{formatRupees(order.amountPaise)}</td>
      <td className={`${cell} break-all`}>{order.email}</td>
      <td className={`${cell} font-mono text-xs break-all`}>{order.userId}</td>
      <td className={cell}>
        <OrderStatusBadge status={order.status} />
        {order.invoice && (
          <a
            href={`/orders/${order.id}/invoice`}
            className="mt-1 block font-semibold whitespace-nowrap text-brand-dark underline"
            aria-label={`Print invoice of order ${order.id}`}
          >
            Print invoice
          </a>
        )}
        {order.trackingNumber && (
          <p className="mt-1 text-xs whitespace-nowrap text-gray-700">
            {order.carrier}: <span className="font-mono">{order.trackingNumber}</span>
          </p>
        )}
      </td>
      <td className={`${cell} whitespace-nowrap`}>{order.date}</td>
    </tr>
  );
}

function ProductsPanel({ order, closeHref }: { order: OrderRowData; closeHref: string }) {
  return (
    <div className="p-4">
      <div className="mb-4 flex items-start justify-between gap-4">
        <h2 id="order-products-title" className="text-lg font-bold">
          Products
          <span className="block font-mono text-xs font-normal text-gray-600">Order {order.id}</span>
        </h2>
        <Link
          to={closeHref}
          replace
          preventScrollReset
          aria-label="Close"
          className="rounded-full p-1 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-dark"
        >
          <Icon name="x" size={20} />
        </Link>
      </div>
      <div className="overflow-x-auto">
        <OrderProductsTable products={order.products} />
      </div>
    </div>
  );
}
