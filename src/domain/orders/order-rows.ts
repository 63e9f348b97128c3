import { desc, eq, type SQL, sql } from "drizzle-orm";
import type { DbExecutor } from "#db/client.ts";
import { orders } from "#db/schema/shopping.ts";
import type { PaymentProviderName } from "./ports.ts";
import type { Order, OrderLine } from "./types.ts";

/** The orders' shared reads: orders with their lines, as the domain's `Order`. */

export type OrderRow = typeof orders.$inferSelect;

/**
 * An order's lines as one JSON column of the order's own row (placement order), so an order is read in one statement.
 */
// Written with the tables' own names: Drizzle leaves the table out of a column it renders inside a select list.
const linesJson = sql<OrderLine[]>`coalesce((
  select json_agg(json_build_object(
    'productId', i.product_id, 'productTitle', i.product_title, 'image', i.image, 'quantity', i.quantity,
    'pricePaise', i.price_paise, 'subTotalPaise', i.sub_total_paise, 'productRam', i.product_ram, 'size', i.size,
    'productWeight', i.product_weight
  ) order by i.id)
  from order_items i where i.order_id = "orders"."id"
), '[]'::json)`;

const withLines = { order: orders, lines: linesJson };

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

/** One order with its lines (one statement), or undefined. */
export async function findOrder(db: DbExecutor, where: SQL | undefined): Promise<Order | undefined> {
  const [row] = await db.select(withLines).from(orders).where(where).limit(1);
  return row ? toOrder(row.order, row.lines) : undefined;
}

/** A page of orders, newest first, with their lines (one statement). */
export async function listOrders(db: DbExecutor, where: SQL | undefined, limit: number, offset: number): Promise<Order[]> {
  const rows = await db
    .select(withLines)
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => toOrder(row.order, row.lines));
}

export const byId = (id: string) => eq(orders.id, id);
