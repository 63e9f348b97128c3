import { asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { DbExecutor } from "#db/client.ts";
import { orderItems, orders } from "#db/schema/shopping.ts";
import type { PaymentProviderName } from "./ports.ts";
import type { Order, OrderLine } from "./types.ts";

/** The orders' shared reads: orders with their lines, as the domain's `Order`. */

export type OrderRow = typeof orders.$inferSelect;

const lineColumns = {
  orderId: orderItems.orderId,
  productId: orderItems.productId,
  productTitle: orderItems.productTitle,
  image: orderItems.image,
  quantity: orderItems.quantity,
  pricePaise: orderItems.pricePaise,
  subTotalPaise: orderItems.subTotalPaise,
  productRam: orderItems.productRam,
  size: orderItems.size,
  productWeight: orderItems.productWeight,
};

/** The lines of some orders, in the order they were placed, by order id. */
export async function linesOf(db: DbExecutor, orderIds: readonly string[]): Promise<Map<string, OrderLine[]>> {
  const byOrder = new Map<string, OrderLine[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select(lineColumns)
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.id));
  for (const { orderId, ...line } of rows) byOrder.get(orderId)?.push(line);
  return byOrder;
}

export function toOrder(row: OrderRow, lines: OrderLine[]): Order {
  return {
    id: row.id,
    userId: row.userId,
    status: row.status,
    billing: row.billing,
    name: row.name,
    phoneNumber: row.phoneNumber,
    address: row.address,
    pincode: row.pincode,
    email: row.email,
    amountPaise: row.amountPaise,
    currency: "INR",
    provider: row.paymentProvider as PaymentProviderName,
    providerOrderId: row.providerOrderId ?? "",
    paymentId: row.paymentId,
    createdAt: row.createdAt,
    paidAt: row.paidAt,
    holdExpiresAt: row.holdExpiresAt,
    lines,
  };
}

/** One order with its lines, or undefined. */
export async function findOrder(db: DbExecutor, where: SQL | undefined): Promise<Order | undefined> {
  const [row] = await db.select().from(orders).where(where).limit(1);
  if (!row) return undefined;
  return toOrder(row, (await linesOf(db, [row.id])).get(row.id) ?? []);
}

/** A page of orders, newest first, with their lines (two statements). */
export async function listOrders(db: DbExecutor, where: SQL | undefined, limit: number, offset: number): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
  const lines = await linesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toOrder(row, lines.get(row.id) ?? []));
}

export const byId = (id: string) => eq(orders.id, id);
