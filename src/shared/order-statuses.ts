/**
 * The orders table's statuses, defined here for src/db/schema/orders.ts and the browser alike (which cannot import the
 * schema); zod-free, so a page's component may use it (decision 029).
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
