import { index, pgTable, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { products } from "./catalog.ts";

// Tables the wishlist (My List) context owns (docs/decisions/011-transactions-and-table-owners.md).

/** My List. Title, image and price are read from the product, never stored from the client. */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("wishlist_items_user_product_idx").on(t.userId, t.productId),
    index("wishlist_items_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);
