import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { type Db, type DbExecutor, namedStatement } from "#db/client.ts";
import { type BillingAddress, orders, outbox } from "#db/schema/orders.ts";
import type { PaymentProviderName } from "./ports.ts";
import type { Order, OrderLine } from "./types.ts";

/** The orders' shared reads: orders with their lines, as the domain's `Order`. */

export type OrderRow = typeof orders.$inferSelect;

// An order's lines as one JSON column of its row, so an order reads in one statement. Written with the tables' names
// (Drizzle leaves the table out of a column in a select list); tests/api/hand-written-sql.test.ts checks them.
export const linesJson = sql<OrderLine[]>`coalesce((
  select json_agg(json_build_object(
    'productId', i.product_id, 'productTitle', i.product_title, 'image', i.image, 'quantity', i.quantity,
    'pricePaise', i.price_paise, 'subTotalPaise', i.sub_total_paise, 'productRam', i.product_ram, 'size', i.size,
    'productWeight', i.product_weight, 'taxRateBasisPoints', i.tax_rate_basis_points, 'hsnCode', i.hsn_code
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
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    shippedAt: row.shippedAt,
    deliveredAt: row.deliveredAt,
    cancelledAt: row.cancelledAt,
    lines,
  };
}

export async function findOrder(db: DbExecutor, where: SQL | undefined): Promise<Order | undefined> {
  const [row] = await db.select(withLines).from(orders).where(where).limit(1);
  return row ? toOrder(row.order, row.lines) : undefined;
}

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

/**
 * `placeOrder`'s statement: parameters in the order of its columns, then the lines as a JSON array of their columns;
 * each line keeps its product's tax rate of the moment, for the invoice.
 */
const insertOrderWithLines = namedStatement<{ id: string }>(
  "orders_place",
  `with placed as (
     insert into orders (id, user_id, name, phone_number, address, pincode, email, billing, amount_paise, currency,
       status, payment_provider, provider_order_id, stock_held, hold_expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, 'INR', 'pending', $10, $11, true, $12)
     returning id
   )
   insert into order_items (id, order_id, product_id, product_title, image, quantity, price_paise, sub_total_paise,
     product_ram, size, product_weight, tax_rate_basis_points, hsn_code)
   select line.id, placed.id, line.product_id, line.product_title, line.image, line.quantity, line.price_paise,
     line.sub_total_paise, line.product_ram, line.size, line.product_weight, p.tax_rate_basis_points, p.hsn_code
   from placed, json_to_recordset($13::json) as line(id uuid, product_id uuid, product_title text, image text,
     quantity integer, price_paise integer, sub_total_paise integer, product_ram text, size text, product_weight text)
   left join products p on p.id = line.product_id
   returning id`,
);

/** `payPendingOrder`'s statement: order id, payment id, time, then the outbox row's id, dedupe key, payload, claim end. */
const payAndWriteConfirmation = namedStatement<{ userId: string; mailId: string | null }>(
  "orders_pay_pending",
  `with paid as (
     update orders set status = 'paid', payment_id = $2, paid_at = $3, updated_at = $3
      where id = $1 and status = 'pending' and stock_held and payment_id is null
     returning user_id
   ), mail as (
     insert into outbox (id, kind, dedupe_key, payload, attempts, claimed_until)
     select $4::uuid, 'order-confirmation', $5::text, $6::jsonb, 1, $7::timestamptz from paid
     on conflict do nothing
     returning id
   )
   select paid.user_id as "userId", mail.id as "mailId" from paid left join mail on true`,
);

export interface PendingOrder {
  id: string;
  userId: string;
  billing: BillingAddress;
  /** The contract's flat address (checkout.ts, `flatAddress`). */
  address: string;
  amountPaise: number;
  provider: PaymentProviderName;
  /** Null for the original client's purchase, paid without a provider order (client-purchase.ts). */
  providerOrderId: string | null;
  holdExpiresAt: Date;
  lines: readonly (Omit<OrderLine, "productId"> & { id: string; productId: string })[];
}

/** A pending order and its lines in one statement, inside checkout's transaction (decision 021). */
export async function placeOrder(tx: DbExecutor, order: PendingOrder): Promise<void> {
  const { billing } = order;
  await insertOrderWithLines(tx, [
    order.id,
    order.userId,
    billing.fullName,
    billing.phoneNumber,
    order.address,
    billing.zipCode,
    billing.email,
    JSON.stringify(billing),
    order.amountPaise,
    order.provider,
    order.providerOrderId,
    order.holdExpiresAt.toISOString(),
    JSON.stringify(
      order.lines.map((line) => ({
        id: line.id,
        product_id: line.productId,
        product_title: line.productTitle,
        image: line.image,
        quantity: line.quantity,
        price_paise: line.pricePaise,
        sub_total_paise: line.subTotalPaise,
        product_ram: line.productRam,
        size: line.size,
        product_weight: line.productWeight,
      })),
    ),
  ]);
}

/** Pays a still pending, held, unpaid order and writes its confirmation, in one statement (decision 021). */
export async function payPendingOrder(
  tx: DbExecutor,
  payment: { orderId: string; paymentId: string; at: Date },
  mail: { id: string; kind: string; dedupeKey: string; payload: Record<string, unknown>; claimedUntil: Date },
) {
  const [paid] = await payAndWriteConfirmation(tx, [
    payment.orderId,
    payment.paymentId,
    payment.at.toISOString(),
    mail.id,
    mail.dedupeKey,
    JSON.stringify(mail.payload),
    mail.claimedUntil.toISOString(),
  ]);
  if (!paid) return undefined;
  return {
    userId: paid.userId,
    mail: paid.mailId ? { id: paid.mailId, kind: mail.kind, payload: mail.payload } : undefined,
  };
}

export type OrderStatements = ReturnType<typeof prepareOrderStatements>;

/** Checkout's reads on the pool, prepared once (decision 021); a transaction's statements are built per call. */
export function prepareOrderStatements(db: Db) {
  const p = sql.placeholder;
  const ownOrder = db
    .select(withLines)
    .from(orders)
    .where(and(eq(orders.id, p("id")), eq(orders.userId, p("userId"))))
    .limit(1)
    .prepare("orders_own_order");
  const byProviderOrder = db
    .select(withLines)
    .from(orders)
    .where(
      and(
        eq(orders.paymentProvider, p("provider")),
        eq(orders.providerOrderId, p("providerOrderId")),
        eq(orders.userId, p("userId")),
      ),
    )
    .limit(1)
    .prepare("orders_by_provider_order");
  const pendingOf = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, p("userId")), eq(orders.status, "pending")))
    .prepare("orders_pending_of_user");
  // A placeholder in `set` goes in as SQL, without the column's conversion: the time is passed as ISO text.
  const markSent = db
    .update(outbox)
    .set({ sentAt: sql`${p("at")}`, claimedUntil: null, lastError: null })
    .where(eq(outbox.id, p("id")))
    .prepare("outbox_mark_sent");
  const first = (rows: { order: OrderRow; lines: OrderLine[] }[]) =>
    rows[0] ? toOrder(rows[0].order, rows[0].lines) : undefined;
  return {
    ownOrder: async (userId: string, id: string) => first(await ownOrder.execute({ id, userId })),
    byProviderOrder: async (provider: PaymentProviderName, providerOrderId: string, userId: string) =>
      first(await byProviderOrder.execute({ provider, providerOrderId, userId })),
    pendingOf: (userId: string) => pendingOf.execute({ userId }),
    markSent: (id: string, at: Date) => markSent.execute({ id, at: at.toISOString() }),
  };
}
