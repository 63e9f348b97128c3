import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// The search dictionary, kept by triggers on `products`, and the searches that found nothing, which search owns
// (docs/decisions/011-transactions-and-table-owners.md).

/**
 * The search dictionary: every distinct word of product names, brands and category names (lower case) with the number
 * of products using it. Kept by statement-level triggers on `products` (migration 0008); read to correct a misspelled
 * word (nearest term by trigram distance, GiST) and to complete the word being typed (prefix, btree).
 */
export const searchTerms = pgTable(
  "search_terms",
  {
    term: text("term").primaryKey(),
    products: integer("products").notNull(),
  },
  (t) => [
    index("search_terms_trgm_idx").using("gist", sql`${t.term} gist_trgm_ops`),
    index("search_terms_prefix_idx").on(sql`${t.term} text_pattern_ops`),
  ],
);

/** Searches that found nothing, for the shop owner (`npm run shop -- searches`): the text and a count, nothing personal. */
export const zeroResultSearches = pgTable("zero_result_searches", {
  query: text("query").primaryKey(),
  count: integer("count").notNull().default(1),
  lastSearchedAt: timestamp("last_searched_at", { withTimezone: true }).notNull().defaultNow(),
});
