import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

// The search dictionary, kept by triggers on `products`, and the searches that found nothing, which search owns
// (docs/decisions/011-transactions-and-table-owners.md).

/** Words of product names, brands and categories, kept by migration 0008's triggers; read for typos and completion. */
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
export const zeroResultSearches = pgTable(
  "zero_result_searches",
  {
    query: text("query").primaryKey(),
    count: integer("count").notNull().default(1),
    lastSearchedAt: timestamp("last_searched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The back office's insights list them most frequent first.
  (t) => [index("zero_result_searches_count_idx").on(t.count.desc().nullsFirst(), t.query)],
);

/** The owner's synonyms: a search for `term` (normalised as the search normalises) also looks for `replacement`. */
export const searchSynonyms = pgTable("search_synonyms", {
  term: text("term").primaryKey(),
  replacement: text("replacement").notNull(),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
