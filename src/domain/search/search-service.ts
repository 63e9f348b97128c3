import { and, desc, sql } from "drizzle-orm";
import { type Db, withTransaction } from "#db/client.ts";
import { products } from "#db/schema/catalog.ts";
import { countProducts, filterConditions, selectProducts, toPage } from "../catalog/product-query.ts";
import type { Page, Product, ProductFilter } from "../catalog/types.ts";

/** Typo tolerance of search: share of the query's trigrams found in a product name (pg_trgm word similarity). 0.3 lets
 * one transposition in a short word through ("realxed" → "Relaxed"); exact and stemmed matches still rank first. */
const SEARCH_WORD_SIMILARITY = 0.3;

/** What the shopper typed, with every filter of a product list. */
export interface ProductSearch extends ProductFilter {
  query: string;
}

export type SearchService = ReturnType<typeof createSearchService>;

export function createSearchService({ db }: { db: Db }) {
  return {
    /**
     * Full-text match on name, brand and description (stemmed: "sweaters" finds "sweater") or a close match of the
     * query inside the name (typos: "lapotp" finds "Laptop"), best matches first; the filters apply to every match.
     */
    async findProducts(search: ProductSearch): Promise<Page<Product>> {
      const query = search.query.trim();
      const tsQuery = sql`websearch_to_tsquery('english', ${query})`;
      const matches = sql`(${products.search} @@ ${tsQuery} or ${query} <% ${products.name})`;
      const where = and(matches, filterConditions(db, { ...search, page: 1 }));
      const rank = sql`ts_rank(${products.search}, ${tsQuery}) + word_similarity(${query}, ${products.name})`;
      return withTransaction(db, async (tx) => {
        // The threshold of `<%` is a setting; set it for this transaction only (works on PostgreSQL and PGlite).
        await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SEARCH_WORD_SIMILARITY)}, true)`);
        const items = await selectProducts(tx)
          .where(where)
          .orderBy(desc(rank), desc(products.createdAt), desc(products.id))
          .limit(search.perPage)
          .offset((search.page - 1) * search.perPage);
        const total = await countProducts(tx, where);
        return toPage(items, total, search);
      });
    },
  };
}
