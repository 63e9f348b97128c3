import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orderStatusValues } from "#shared/order-statuses.ts";
import { users } from "./accounts.ts";
import { products } from "./catalog.ts";

// Tables the orders context owns, payments' webhook events and the outbox included
// (docs/decisions/011-transactions-and-table-owners.md).

/**
 * An order's states (decision 015): pending holds stock; paid; failed or expired give it back; refund_pending → refunded
 * when paid after the stock was sold; then the shop owner's shipped, delivered, cancelled.
 */
export const orderStatuses = orderStatusValues;

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
    /** Set when the order ships (back office); the shopper's Orders page and e-mail show them. */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** Tax invoice number, gap-free per Indian financial year (`invoice_sequences`), given when first issued. */
    invoiceNumber: text("invoice_number"),
    invoiceIssuedAt: timestamp("invoice_issued_at", { withTimezone: true }),
    /** The shop's name, address, state and GSTIN as the invoice was issued: a later settings change leaves it as is. */
    invoiceSeller: jsonb("invoice_seller").$type<{
      shopName: string;
      addressLines: string[];
      state: string;
      stateCode: string;
      gstin: string;
    }>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    // The back office's list, newest first, with and without a status filter; its search by e-mail, phone and name.
    index("orders_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("orders_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("orders_email_idx").on(sql`lower(${t.email})`, t.createdAt.desc().nullsFirst()),
    index("orders_phone_idx").on(t.phoneNumber, t.createdAt.desc().nullsFirst()),
    index("orders_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    uniqueIndex("orders_invoice_number_idx").on(t.invoiceNumber),
    // Insights: orders and revenue by when they were paid.
    index("orders_paid_at_idx").on(t.paidAt).where(sql`${t.paidAt} is not null`),
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
    /** The product's GST rate when ordered, for the invoice; null on lines older than migration 0014. */
    taxRateBasisPoints: integer("tax_rate_basis_points"),
    /** The product's HSN code when ordered; null on lines older than migration 0019. */
    hsnCode: text("hsn_code"),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_product_idx").on(t.productId),
    // The picture library keeps a picture a past order still shows.
    index("order_items_image_idx").on(t.image),
  ],
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

export const orderEventKinds = [
  "placed",
  "paid",
  "shipped",
  "delivered",
  "cancelled",
  "refund_requested",
  "refund_processed",
  "refund_failed",
  "note",
  "invoice_issued",
] as const;

/** An order's timeline: every change, by whom (null: the shop itself, e.g. a webhook) and with what note. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: uuid("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** As it was when acting; empty for the shop's own steps. */
    actorEmail: text("actor_email").notNull().default(""),
    kind: text("kind", { enum: orderEventKinds }).notNull(),
    note: text("note").notNull().default(""),
    data: jsonb("data").$type<Record<string, unknown>>(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.at)],
);

export const refundStatuses = ["pending", "processed", "failed"] as const;

/**
 * Money given back, in full or in part. `request_key` makes a double submit one refund; the sum of pending and
 * processed refunds never passes the order's amount (checked under the order's row lock).
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    amountPaise: integer("amount_paise").notNull(),
    reason: text("reason").notNull().default(""),
    status: text("status", { enum: refundStatuses }).notNull().default("pending"),
    /** Razorpay's refund id (`rfnd_...`) once it accepted the request. */
    providerRefundId: text("provider_refund_id"),
    /** Razorpay's reason when it failed. */
    failureReason: text("failure_reason"),
    requestKey: text("request_key").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId, t.createdAt),
    uniqueIndex("refunds_request_key_idx").on(t.requestKey),
    uniqueIndex("refunds_provider_refund_idx").on(t.providerRefundId),
    index("refunds_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // Insights: money refunded by when the provider processed it.
    index("refunds_processed_at_idx").on(t.processedAt).where(sql`${t.processedAt} is not null`),
    check("refunds_amount_check", sql`${t.amountPaise} > 0`),
  ],
);

/** The last invoice number given in each Indian financial year ("2026-27"): taken under a row lock, so no gaps. */
export const invoiceSequences = pgTable("invoice_sequences", {
  financialYear: text("financial_year").primaryKey(),
  lastNumber: integer("last_number").notNull().default(0),
});
