import { data } from "react-router";
import { servicesContext } from "#app-context";
import { orderIdOf, orRefused, toInvoiceView } from "../components/orders/invoice-data.server.ts";
import { InvoiceDocument, PrintBar } from "../components/orders/invoice-document.tsx";
import { requireShopper } from "../lib/auth.server.ts";
import type { Route } from "./+types/order-invoice.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };
const BACK = { to: "/orders", label: "Back to your orders" };

/** A printed document: no header, footer or bottom bar. */
export const handle = { chrome: false };

export const headers: Route.HeadersFunction = () => PRIVATE;

/**
 * The shopper's own tax invoice (issue 34, item 2); another's order, like an unknown one, is the shop's 404, and one
 * without an invoice the root boundary's refusal with its sentence.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireShopper({ request, context });
  const orderId = orderIdOf(params);
  const invoice = await orRefused(context.get(servicesContext).invoices.forShopper({ id: user.id, email: user.email }, orderId));
  return data({ invoice: toInvoiceView(invoice) }, { headers: PRIVATE });
}

export const meta: Route.MetaFunction = ({ loaderData: loaded }) => [
  { title: loaded ? `Invoice ${loaded.invoice.number} | Storefront` : "Invoice | Storefront" },
  { name: "robots", content: "noindex" },
];

export default function OrderInvoice({ loaderData }: Route.ComponentProps) {
  return (
    <main className="min-h-screen bg-gray-100 px-4 py-6 print:bg-white print:p-0">
      <PrintBar back={BACK} />
      <InvoiceDocument invoice={loaderData.invoice} />
    </main>
  );
}
