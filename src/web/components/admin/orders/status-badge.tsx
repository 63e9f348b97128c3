import { orderStatusLabels } from "#shared/messages/back-office-orders.ts";

/** An order's status in the back office's lists and pages, coloured by what it waits for. */
export function StatusBadge({ status }: { status: string }) {
  const tone =
    status === "paid"
      ? "bg-blue-100 text-blue-900"
      : status === "shipped" || status === "delivered"
        ? "bg-green-100 text-green-900"
        : status === "refund_pending" || status === "pending"
          ? "bg-amber-100 text-amber-900"
          : "bg-gray-200 text-gray-900";
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}>
      {orderStatusLabels[status] ?? status}
    </span>
  );
}
