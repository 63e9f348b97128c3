// A search's results: full-text matches ranked, filtered and faceted in one statement, misspellings corrected.
import { and, sql } from "drizzle-orm";
import { type Db, rowsOf } from "#db/client.ts";
import { RATING_MAX } from "#shared/constants.ts";
import { appliedFilters, filterConditions, toPage } from "../catalog/product-query.ts";
import type { Page, Product, ProductFilter } from "../catalog/types.ts";
import { correctedText, correctionsFor } from "./corrections.ts";
import { queryWords } from "./spelling.ts";
import { synonymTextSql } from "./synonyms.ts";
import type { createTermCounts } from "./term-counts.ts";

/** At most this many matches are ranked, counted and faceted (decision 017): a common word costs as a rare one. */
export const SEARCH_RANK_CAP = 1000;

/** A lone word expected in one product in this many may read the table in order; rarer ones use the index. */
const SEARCH_COMMON_ONE_IN = 16;

const RATING_FACET_STARS = Array.from({ length: RATING_MAX }, (_, index) => RATING_MAX - index);

export const PRICE_BAND_EDGES_PAISE = [0, 50_000, 100_000, 500_000, 2_000_000] as const;

export interface ProductSearch extends ProductFilter {
  query: string;
}

/** Each facet's counts apply the other filters, not its own, so the shopper can switch. */
export interface SearchFacets {
  subCategories: { id: string; count: number }[];
  priceBands: { minPaise: number; maxPaise: number | null; count: number }[];
  ratings: { stars: number; count: number }[];
  inStock: number;
}

export interface SearchResults extends Page<Product> {
  facets: SearchFacets;
  /** Set when nothing matched what was typed and the correction did: the results are for it. */
  correctedQuery: string | null;
  /** More than the rank cap matched: `total` is a floor. */
  capped: boolean;
  /** Nothing matched the words in the search's scope, whatever its filters: the search service counts it. */
  nothingMatched: boolean;
}

interface ResultRow extends Record<string, unknown> {
  total: number;
  matched: number;
  typedFound: boolean;
  subCategories: { id: string; count: number }[];
  priceBands: number[];
  ratings: number[];
  inStock: number;
  product: ProductRow | null;
}

type ProductRow = Omit<Product, "createdAt"> & { createdAt: string };

export function createFindProducts({
  db,
  termCounts,
  rankCap,
  commonMatchesMin,
}: {
  db: Db;
  termCounts: ReturnType<typeof createTermCounts>;
  rankCap: number;
  commonMatchesMin: number;
}) {
  /** Whether the statistics find a lone word in many products, so its plan may read the table in order. */
  async function isCommonWord(words: readonly string[], stems: ReadonlyMap<string, string>): Promise<boolean> {
    const [word] = words;
    if (words.length !== 1 || word === undefined) return false;
    const lexeme = /^'([^']+)'$/.exec(stems.get(word) ?? "")?.[1];
    if (lexeme === undefined) return false;
    const { matches, total } = await termCounts.estimateLexeme(lexeme);
    return matches >= commonMatchesMin && matches * SEARCH_COMMON_ONE_IN >= total;
  }

  /**
   * Full-text search (decision 017), exact name matches first, then by rank; misspelled words are corrected when
   * nothing matched as typed. Results, total and facets in one statement. A read only: the caller counts a search
   * that found nothing (`countIfUnmatched`), once per request even when the results were kept (decision 040).
   */
  return async function findProducts(search: ProductSearch): Promise<SearchResults> {
    const query = search.query.trim();
    const words = queryWords(query);
    const { corrections, stems } = await correctionsFor(db, words);
    const corrected = correctedText(query, corrections);
    const typed = sql`websearch_to_tsquery('english', ${query})`;
    // What the owner's synonym adds counts as typed (decision 038): its matches are shown with the typed ones. Null
    // (no synonym) matches nothing.
    const also = sql`(select q from syn)`;
    const asTyped = sql`(products.search @@ ${typed} or products.search @@ ${also})`;
    const fixed = corrected === null ? null : sql`websearch_to_tsquery('english', ${corrected})`;
    const matches = fixed ? sql`(${asTyped} or products.search @@ ${fixed})` : asTyped;
    // The scope of the search; the facet filters (sub-category, price, rating, stock) apply to the matches below.
    const scoped: ProductFilter = {
      catId: search.catId,
      catName: search.catName,
      location: search.location,
      featured: search.featured,
      page: 1,
      perPage: 1,
    };
    // Archived products are never found (decision 032): `scope` always says so.
    const scope = filterConditions(db, scoped);
    const exact = [query.toLowerCase(), (corrected ?? query).toLowerCase()];
    const common = corrected === null && appliedFilters(scoped).length === 0 && (await isCommonWord(words, stems));
    const facet = {
      subCategory: search.subCatId ? sql`sub_cat_id = ${search.subCatId}` : sql`true`,
      price:
        search.minPricePaise === undefined && search.maxPricePaise === undefined
          ? sql`true`
          : sql`price_paise between ${search.minPricePaise ?? 0} and ${search.maxPricePaise ?? 2_147_483_647}`,
      rating: search.minRating === undefined ? sql`true` : sql`rating >= ${search.minRating}`,
      stock: search.inStock ? sql`count_in_stock > 0` : sql`true`,
    };
    const all = sql`${facet.subCategory} and ${facet.price} and ${facet.rating} and ${facet.stock}`;
    const edges = PRICE_BAND_EDGES_PAISE;
    const bandCounts = sql.join(
      edges.map((low, index) => {
        const high = edges[index + 1];
        return high === undefined
          ? sql`count(*) filter (where price_paise >= ${low})::int`
          : sql`count(*) filter (where price_paise >= ${low} and price_paise < ${high})::int`;
      }),
      sql`, `,
    );
    const ratingCounts = sql.join(
      RATING_FACET_STARS.map((stars) => sql`count(*) filter (where rating >= ${stars})::int`),
      sql`, `,
    );
    const rows = await rowsOf<ResultRow>(
      db,
      // `scan` is a planning fence, so a rare word uses the full-text index rather than reading most of the table; a
      // common word alone is planned with the LIMIT in view. `m` then reads only the first matches.
      sql`with syn as materialized (select websearch_to_tsquery('english', ${synonymTextSql(query)}) as q),
          scan as ${common ? sql`not materialized` : sql`materialized`} (
            select products.id, products.sub_cat_id, products.price_paise, products.rating, products.count_in_stock,
                   products.created_at, ${asTyped} as typed,
                   (lower(products.name) = ${exact[0]} or lower(products.name) = ${exact[1]})::int * 10
                     + ts_rank(products.search, ${typed}) + coalesce(ts_rank(products.search, ${also}), 0)
                     ${fixed ? sql` + ts_rank(products.search, ${fixed})` : sql``} as rank
            from products
            where ${and(matches, scope)}
          ),
          m as materialized (select * from scan limit ${rankCap + 1}),
          s as (select * from m where typed or not exists (select 1 from m where typed)),
          f as (select * from s where ${all})
          select t.*, to_jsonb(page) as product from (
            select (select count(*) from f)::int as total,
                   (select count(*) from m)::int as matched,
                   exists (select 1 from m where typed) as "typedFound",
                   (select coalesce(jsonb_agg(jsonb_build_object('id', sub_cat_id, 'count', n) order by n desc), '[]')
                      from (select sub_cat_id, count(*)::int as n from s
                            where sub_cat_id is not null and ${facet.price} and ${facet.rating} and ${facet.stock}
                            group by sub_cat_id) x) as "subCategories",
                   (select jsonb_build_array(${bandCounts}) from s
                      where ${facet.subCategory} and ${facet.rating} and ${facet.stock}) as "priceBands",
                   (select jsonb_build_array(${ratingCounts}) from s
                      where ${facet.subCategory} and ${facet.price} and ${facet.stock}) as ratings,
                   (select count(*)::int from s
                      where count_in_stock > 0 and ${facet.subCategory} and ${facet.price} and ${facet.rating}) as "inStock"
          ) t
          left join lateral (
            select p.id, p.name, p.brand, p.description, p.images, p.price_paise as "pricePaise",
                   p.old_price_paise as "oldPricePaise", p.discount, p.rating, p.count_in_stock as "countInStock",
                   p.cat_id as "catId", c.name as "catName", p.sub_cat_id as "subCatId", sc.name as "subCatName",
                   p.product_ram as "productRam", p.size, p.product_weight as "productWeight", p.locations,
                   p.is_featured as "isFeatured", p.created_at as "createdAt"
            from (
              select id, rank, created_at from f order by rank desc, created_at desc, id desc
              limit ${search.perPage} offset ${(search.page - 1) * search.perPage}
            ) f
            join products p on p.id = f.id
            join categories c on c.id = p.cat_id
            left join categories sc on sc.id = p.sub_cat_id
            order by f.rank desc, f.created_at desc, f.id desc
          ) page on true`,
    );
    // One row per product of the page, or one row without a product when the page is empty.
    const [first] = rows;
    if (!first) throw new Error("search: the statement answered no row");
    const items = rows.flatMap(({ product }) => (product ? [{ ...product, createdAt: new Date(product.createdAt) }] : []));
    return {
      ...toPage(items, first.total, search),
      facets: {
        subCategories: first.subCategories,
        priceBands: PRICE_BAND_EDGES_PAISE.map((minPaise, index) => ({
          minPaise,
          maxPaise: PRICE_BAND_EDGES_PAISE[index + 1] ?? null,
          count: first.priceBands[index] ?? 0,
        })),
        ratings: RATING_FACET_STARS.map((stars, index) => ({ stars, count: first.ratings[index] ?? 0 })),
        inStock: first.inStock,
      },
      correctedQuery: !first.typedFound && first.matched > 0 ? corrected : null,
      capped: first.matched > rankCap,
      nothingMatched: first.matched === 0,
    };
  };
}
