/**
 * The orders table's statuses (src/db/schema/orders.ts), which the browser cannot import; zod-free, so a page's
 * component may use it (decision 029).
 */
export const orderStatusValues = [
  "pending",
  "paid",
  "failed",
  "expired",
  "refund_pending",
  "refunded",
  "shipped",
  "delivered",
  "cancelled",
] as const;
