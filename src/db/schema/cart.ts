import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { products } from "./catalog.ts";

// Tables the cart context owns (docs/decisions/011-transactions-and-table-owners.md).

/** An account's cart or a visitor's, found by its cookie token's SHA-256 (decision 013); exactly one owner is set. */
export const carts = pgTable(
  "carts",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    guestTokenHash: text("guest_token_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Unique indexes let any number of NULLs through: one cart per account, one per guest token.
    uniqueIndex("carts_user_idx").on(t.userId),
    uniqueIndex("carts_guest_token_hash_idx").on(t.guestTokenHash),
    check("carts_one_owner_check", sql`num_nonnulls(${t.userId}, ${t.guestTokenHash}) = 1`),
  ],
);

/** One line per product and chosen option; '' means "no option of that kind". Prices come from products. */
export const cartItems = pgTable(
  "cart_items",
  {
    id: uuid("id").primaryKey(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** Only to say "the price has changed": the shopper always pays the product's current price. */
    pricePaiseAtAdd: integer("price_paise_at_add").notNull(),
    productRam: text("product_ram").notNull().default(""),
    size: text("size").notNull().default(""),
    productWeight: text("product_weight").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("cart_items_quantity_check", sql`${t.quantity} >= 1`),
    uniqueIndex("cart_items_line_idx").on(t.cartId, t.productId, t.productRam, t.size, t.productWeight),
    index("cart_items_cart_created_idx").on(t.cartId, t.createdAt),
  ],
);
