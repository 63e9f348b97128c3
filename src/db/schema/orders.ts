import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { products } from "./catalog.ts";

// Tables the orders context owns, payments' webhook events and the outbox included
// (docs/decisions/011-transactions-and-table-owners.md).

/**
 * An order's states (decision 015): pending holds stock; paid; failed or expired give it back; refund_pending → refunded
 * when paid after the stock was sold; then the shop owner's shipped, delivered, cancelled.
 */
export const orderStatuses = [
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

export interface BillingAddress {
  fullName: string;
  country: string;
  streetAddressLine1: string;
  streetAddressLine2: string;
  city: string;
  state: string;
  zipCode: string;
  phoneNumber: string;
  email: string;
}

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    phoneNumber: text("phone_number").notNull(),
    address: text("address").notNull(),
    pincode: text("pincode").notNull(),
    email: text("email").notNull(),
    billing: jsonb("billing").$type<BillingAddress>().notNull(),
    amountPaise: integer("amount_paise").notNull(),
    currency: text("currency").notNull().default("INR"),
    status: text("status", { enum: orderStatuses }).notNull().default("pending"),
    paymentProvider: text("payment_provider").notNull(),
    /** The provider's order id, created just before the order is placed (decision 021); null only in older rows. */
    providerOrderId: text("provider_order_id"),
    /** The provider's payment id once paid; unique so that confirmation is idempotent. */
    paymentId: text("payment_id"),
    /** Whether the order's quantities are currently taken from stock (pending, paid...), so they are given back once. */
    stockHeld: boolean("stock_held").notNull().default(true),
    /** Until when a pending order's stock is held (PAYMENT_HOLD_MINUTES). */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }).notNull().defaultNow(),
    /** Reconciliation's claim: one instance checks a given order at a time. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    /** When reconciliation next asks the provider about an order released without a payment (reconcile.ts). */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    refundId: text("refund_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    uniqueIndex("orders_provider_order_idx").on(t.paymentProvider, t.providerOrderId),
    uniqueIndex("orders_payment_id_idx").on(t.paymentId),
    // Reconciliation looks only at orders that wait for something: pending ones and refunds to make.
    index("orders_waiting_idx").on(t.createdAt).where(sql`${t.status} in ('pending', 'refund_pending')`),
    // ...and at orders released without a payment, which the provider may still be paid for.
    index("orders_released_unpaid_idx")
      .on(t.createdAt)
      .where(sql`${t.status} in ('expired', 'failed', 'cancelled') and ${t.paymentId} is null`),
  ],
);

/** Order lines keep a copy of title, image and price as they were when ordered. */
export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    productTitle: text("product_title").notNull(),
    image: text("image").notNull().default(""),
    quantity: integer("quantity").notNull(),
    pricePaise: integer("price_paise").notNull(),
    subTotalPaise: integer("sub_total_paise").notNull(),
    productRam: text("product_ram").notNull().default(""),
    size: text("size").notNull().default(""),
    productWeight: text("product_weight").notNull().default(""),
  },
  (t) => [index("order_items_order_idx").on(t.orderId), index("order_items_product_idx").on(t.productId)],
);

/** Webhook events already handled, by the provider's event id (`X-Razorpay-Event-Id`): a redelivery changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  eventId: text("event_id").primaryKey(),
  event: text("event").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Written in the paying transaction, sent after commit or by the periodic drain: a crash in between loses nothing. */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey(),
    kind: text("kind").notNull(),
    /** Unique per message: the same order is never confirmed twice. */
    dedupeKey: text("dedupe_key").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("outbox_dedupe_idx").on(t.dedupeKey),
    index("outbox_unsent_idx").on(t.createdAt).where(sql`${t.sentAt} is null`),
  ],
);
