import { data, redirect } from "react-router";
import { servicesContext } from "#app-context";
import { checkoutMessages } from "#shared/messages/checkout.ts";
import { formatInr } from "#shared/money.ts";
import { idParam } from "#shared/schemas/catalog.ts";
import { OrderProductsTable } from "../components/orders/order-products.tsx";
import { toOrderRow } from "../components/orders/orders-data.server.ts";
import { Icon } from "../components/ui/icon.tsx";
import { Link } from "../components/ui/link.tsx";
import { requireShopper } from "../lib/auth.server.ts";
import { notFoundResponse, orNotFound } from "../lib/not-found.server.ts";
import type { Route } from "./+types/checkout-done.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };

export const headers: Route.HeadersFunction = () => PRIVATE;

/** After the payment: the order as placed (or why it is being refunded), with a link to /orders. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireShopper({ request, context });
  const orderId = idParam("Order id").safeParse(params.orderId);
  if (!orderId.success) throw notFoundResponse();
  const order = await orNotFound(context.get(servicesContext).orders.find(user.id, orderId.data));
  if (order.status === "pending" || order.status === "failed" || order.status === "expired") {
    throw redirect(`/checkout/pay/${order.id}`, { headers: PRIVATE });
  }
  const refund = order.status === "refund_pending" || order.status === "refunded";
  return data({ order: toOrderRow(order), refund }, { headers: PRIVATE });
}

export const meta: Route.MetaFunction = () => [{ title: "Order placed | Storefront" }, { name: "robots", content: "noindex" }];

export default function CheckoutDone({ loaderData }: Route.ComponentProps) {
  const { order, refund } = loaderData;
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      {refund ? (
        <p role="alert" className="mb-6 rounded border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-900">
          {checkoutMessages.refunded}
        </p>
      ) : (
        <h1 className="mb-2 flex items-center gap-2 text-2xl font-bold text-green-800">
          <Icon name="circle-check" /> {checkoutMessages.paid}
        </h1>
      )}
      {refund ? <h1 className="mb-2 text-2xl font-bold">Order {order.id}</h1> : null}
      <p className="mb-6 text-gray-700">
        Order <span className="font-mono text-sm">{order.id}</span>, {order.date}: <b>{formatInr(order.amountPaise)}</b>. A
        confirmation is on its way to {order.email}.
      </p>
      <div className="mb-6 overflow-x-auto">
        <OrderProductsTable products={order.products} />
      </div>
      <Link to="/orders" className="inline-block rounded-full bg-brand-dark px-6 py-2 font-semibold text-white hover:bg-brand">
        View your orders
      </Link>
    </main>
  );
}
