import { servicesContext } from "#app-context";
import { orderIdOf, orRefused, toInvoiceView } from "../../components/orders/invoice-data.server.ts";
import { InvoiceDocument, PrintBar } from "../../components/orders/invoice-document.tsx";
import { InvoiceRouteError } from "../../components/orders/invoice-error.tsx";
import { actorOf, requireStaff } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/order-invoice.ts";

const BACK = { to: "/admin", label: "Back to the back office" };

/** An order's tax invoice for staff; the first print gives it its number (issue 34, item 2). */
export async function loader(args: Route.LoaderArgs) {
  const access = await requireStaff(args);
  const orderId = orderIdOf(args.params);
  const invoice = await orRefused(args.context.get(servicesContext).invoices.forStaff(orderId, actorOf(access)));
  return { invoice: toInvoiceView(invoice) };
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: data ? `Invoice ${data.invoice.number} | Back office` : "Invoice | Back office" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function OrderInvoice({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PrintBar back={BACK} />
      <InvoiceDocument invoice={loaderData.invoice} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <InvoiceRouteError error={error} back={BACK} />;
}
