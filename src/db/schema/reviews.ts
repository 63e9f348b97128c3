import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { products } from "./catalog.ts";

// Tables the reviews context owns (docs/decisions/011-transactions-and-table-owners.md).

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Null for the demo catalogue's reviews, which no account wrote. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    customerName: text("customer_name").notNull(),
    review: text("review").notNull(),
    /** 0.5 to 5 in half steps. */
    customerRating: real("customer_rating").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Hidden by moderation: out of the product page, its rating, its count and its JSON-LD. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
    hiddenBy: uuid("hidden_by").references(() => users.id, { onDelete: "set null" }),
    /** Shoppers' reports (`review_reports`), counted for the moderation queue. */
    reportCount: integer("report_count").notNull().default(0),
  },
  (t) => [
    // The moderation queue's three orders: newest, lowest rated, most reported.
    index("reviews_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("reviews_rating_idx").on(t.customerRating, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("reviews_reported_idx")
      .on(t.reportCount.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.reportCount} > 0`),
    // The same orders over the hidden reviews alone (the queue's "Hidden" filter): few rows, so small indexes.
    index("reviews_hidden_created_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.hiddenAt} is not null`),
    index("reviews_hidden_rating_idx")
      .on(t.customerRating, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.hiddenAt} is not null`),
    index("reviews_product_created_idx").on(t.productId, t.createdAt.desc().nullsFirst()),
    index("reviews_user_idx").on(t.userId),
    // One review per shopper and product: a second one replaces the first (the demo's reviews have no author).
    uniqueIndex("reviews_product_user_idx").on(t.productId, t.userId).where(sql`${t.userId} is not null`),
    // The product's rating is computed from these: half steps from 0.5 to 5, whoever wrote the row.
    check(
      "reviews_rating_check",
      sql`${t.customerRating} between 0.5 and 5 and ${t.customerRating} * 2 = floor(${t.customerRating} * 2)`,
    ),
  ],
);

/** "Report this review": one per signed-in shopper and review. */
export const reviewReports = pgTable(
  "review_reports",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);
