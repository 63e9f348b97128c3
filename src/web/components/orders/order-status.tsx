import type { OrderStatus } from "#domain/orders/types.ts";

/** Spec §4: a pending order is a red badge, any other status a green one. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const pending = status === "pending";
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${
        pending ? "bg-red-700 text-white" : "bg-green-700 text-white"
      }`}
    >
      {status.replace("_", " ")}
    </span>
  );
}
