import { servicesContext } from "#app-context";
import { orderIdOf, orRefused, toPackingSlipView } from "../../components/orders/invoice-data.server.ts";
import { PackingSlipDocument, PrintBar } from "../../components/orders/invoice-document.tsx";
import { InvoiceRouteError } from "../../components/orders/invoice-error.tsx";
import { requireStaff } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/order-packing-slip.ts";

const BACK = { to: "/admin", label: "Back to the back office" };

/** What goes in an order's parcel and where to: lines and quantities, no prices (issue 34, item 2). */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const orderId = orderIdOf(args.params);
  const slip = await orRefused(args.context.get(servicesContext).invoices.packingSlip(orderId));
  return { slip: toPackingSlipView(slip) };
}

export const meta: Route.MetaFunction = () => [
  { title: "Packing slip | Back office" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function OrderPackingSlip({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PrintBar back={BACK} />
      <PackingSlipDocument slip={loaderData.slip} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <InvoiceRouteError error={error} back={BACK} />;
}
