import { and, eq } from "drizzle-orm";
import { withTransaction } from "#db/client.ts";
import { orderItems, orders } from "#db/schema/orders.ts";
import type { OrdersContext } from "./deps.ts";

/** Guarded on the order still pending and held, so a hold goes back once however many try; whether this call did. */
export async function releaseHold(
  deps: OrdersContext,
  orderId: string,
  status: "expired" | "failed" | "cancelled",
): Promise<boolean> {
  const released = await withTransaction(deps.db, async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ status, stockHeld: false, updatedAt: deps.now() })
      .where(and(eq(orders.id, orderId), eq(orders.status, "pending"), eq(orders.stockHeld, true)))
      .returning({ id: orders.id });
    if (!order) return undefined;
    const lines = await tx
      .select({ productId: orderItems.productId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    return deps.catalog.releaseStock(tx, lines);
  });
  if (released) deps.changes.productsChanged(released);
  return released !== undefined;
}
