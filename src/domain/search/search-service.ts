import { and, sql } from "drizzle-orm";
import { type Db, rowsOf } from "#db/client.ts";
import { RATING_MAX } from "#shared/constants.ts";
import { filterConditions, toPage } from "../catalog/product-query.ts";
import type { Page, Product, ProductFilter } from "../catalog/types.ts";
import { type Candidate, correctWord, queryWords } from "./spelling.ts";
import { createTermCounts } from "./term-counts.ts";

/**
 * Ranking is capped: at most this many matches are scored, counted and faceted. A word most products share ("cotton"
 * in a million products) then costs the same as a rare one; `capped` tells the shopper the total is "at least".
 */
export const SEARCH_RANK_CAP = 1000;
/** Suggestions are picked among this many matches of what is typed, the closest first. */
const SUGGEST_CANDIDATES = 50;
/** Dictionary terms fetched per word of a query (nearest by trigram distance) before the edit distance decides. */
const CORRECTION_CANDIDATES = 5;
/** The word being typed is completed only from this many letters on (one letter matches too much to be useful). */
const PREFIX_MIN = 2;
/**
 * What is typed counts as common when it is expected in at least one product in this many (see `suggestFor`). Measured
 * at a million products: reading the table in order until SUGGEST_CANDIDATES matches took 1.3 ms for "shirt:*" (1.8 %
 * of products) against 16 ms through the full-text index; for "ivor:*" (0.3 %) 12.5 ms against 1.8 ms.
 */
const COMMON_ONE_IN = 150;
/**
 * ...and in at least this many: the full-text index gathers a few thousand matches in 1–3 ms, so below this it is
 * never worth the risk of reading the table in order (products of a kind are often stored together, far from its
 * start: at 100,000 products "ston:*" took 5 ms in table order and 2 ms through the index).
 */
const COMMON_MATCHES_MIN = 8000;

/**
 * A search for one word expected in at least one product in this many may read the table in order (`isCommonWord`).
 * Measured at a million products, over the rank cap's 1,001 matches: "comfort" (8.7 %) 21 → 9 ms, "light" (10.7 %)
 * 20 → 8 ms, "bluetooth" (6.4 %) 13 → 11 ms; but "smart" (5.2 %) 13 → 16 ms and "handbag" (2.9 %) 10 → 14 ms, whose
 * matches are stored together, far from the table's start, where PostgreSQL's estimate takes them as spread evenly.
 */
const SEARCH_COMMON_ONE_IN = 16;

/** The rating facet's choices, "at least N stars", from the most to the fewest (as the rating filter lists them). */
const RATING_FACET_STARS = Array.from({ length: RATING_MAX }, (_, index) => RATING_MAX - index);

/** Price bands of the search facets, in paise: under ₹500, ₹500–1,000, ₹1,000–5,000, ₹5,000–20,000, ₹20,000 and over. */
export const PRICE_BAND_EDGES_PAISE = [0, 50_000, 100_000, 500_000, 2_000_000] as const;

/** What the shopper typed, with every filter of a product list. */
export interface ProductSearch extends ProductFilter {
  query: string;
}

/** Counts beside each filter, computed with the results: each with the other filters applied, not its own. */
export interface SearchFacets {
  subCategories: { id: string; count: number }[];
  priceBands: { minPaise: number; maxPaise: number | null; count: number }[];
  /** Products rated at least `stars`, 5 down to 1. */
  ratings: { stars: number; count: number }[];
  inStock: number;
}

export interface SearchResults extends Page<Product> {
  facets: SearchFacets;
  /** The query as corrected, when nothing matched what was typed and the correction did: the results are for it. */
  correctedQuery: string | null;
  /** More than the rank cap of products matched: the best of the first ones are shown, and `total` is a floor. */
  capped: boolean;
}

export interface Suggestion {
  id: string;
  name: string;
  image: string | null;
  pricePaise: number;
}

export type SearchService = ReturnType<typeof createSearchService>;

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

export function createSearchService({
  db,
  rankCap = SEARCH_RANK_CAP,
  commonMatchesMin = COMMON_MATCHES_MIN,
}: {
  db: Db;
  rankCap?: number;
  /** A search's one word counts as common from this many expected matches (`isCommonWord`; tests lower it). */
  commonMatchesMin?: number;
}) {
  const termCounts = createTermCounts(db);
  /**
   * Corrections of the query's misspelled words, against the dictionary of product, brand and category words: one
   * statement (nearest terms by trigram distance from the GiST index), then the edit distance decides. Known words,
   * their stems and stop words are never corrected. The same statement answers how PostgreSQL stems each word (`stems`,
   * the word's tsquery text, as `'comfort'` or `'t' & 'shirt'`), which `isCommonWord` looks up.
   */
  async function correctionsFor(words: string[]): Promise<{ corrections: Map<string, string>; stems: Map<string, string> }> {
    const corrections = new Map<string, string>();
    const stems = new Map<string, string>();
    const lookedUp = words.filter((word) => word.length >= 3);
    if (lookedUp.length === 0) return { corrections, stems };
    const rows = await rowsOf<{
      word: string;
      stem: string;
      term: string | null;
      products: number | null;
      sameStem: boolean | null;
    }>(
      db,
      sql`select w.word, plainto_tsquery('english', w.word)::text as stem, c.term, c.products,
                 plainto_tsquery('english', c.term)::text = plainto_tsquery('english', w.word)::text as "sameStem"
          from unnest(string_to_array(${lookedUp.join(" ")}, ' ')) as w(word)
          left join lateral (
            select term, products from search_terms order by term <-> w.word limit ${CORRECTION_CANDIDATES}
          ) c on true`,
    );
    for (const word of lookedUp) {
      const own = rows.filter((row) => row.word === word);
      const candidates: Candidate[] = own.flatMap((row) =>
        row.term === null ? [] : [{ term: row.term, products: row.products ?? 0, sameStem: row.sameStem === true }],
      );
      const stem = own[0]?.stem ?? "";
      stems.set(word, stem);
      // A stop word has no lexeme ("the"): it is never corrected.
      const correction = correctWord(word, candidates, stem === "");
      if (correction) corrections.set(word, correction);
    }
    return { corrections, stems };
  }

  /**
   * Whether a search is for one word that PostgreSQL's statistics find in many products (SEARCH_COMMON_ONE_IN), so that
   * its plan may read the table in order (`findProducts`). `stem` is the word's tsquery text from `correctionsFor`.
   */
  async function isCommonWord(words: readonly string[], stems: ReadonlyMap<string, string>): Promise<boolean> {
    const [word] = words;
    if (words.length !== 1 || word === undefined) return false;
    const lexeme = /^'([^']+)'$/.exec(stems.get(word) ?? "")?.[1];
    if (lexeme === undefined) return false;
    const { matches, total } = await termCounts.estimateLexeme(lexeme);
    return matches >= commonMatchesMin && matches * SEARCH_COMMON_ONE_IN >= total;
  }

  /** The query with its corrected words replaced (as typed otherwise), or null when nothing was corrected. */
  function correctedText(query: string, corrections: Map<string, string>): string | null {
    if (corrections.size === 0) return null;
    return query
      .split(/([^\p{L}\p{N}]+)/u)
      .map((part) => corrections.get(part.toLowerCase()) ?? part)
      .join("");
  }

  /** Counts a search that found nothing (lower case, spaces collapsed): the shop owner sees what shoppers miss. */
  async function recordZeroResult(query: string): Promise<void> {
    const normalized = query.toLowerCase().replace(/\s+/g, " ");
    await db.execute(
      sql`insert into zero_result_searches (query) values (${normalized})
          on conflict (query) do update set count = zero_result_searches.count + 1, last_searched_at = now()`,
    );
  }

  /**
   * The best `limit` products for what is typed so far, for the header's suggestions: every finished word must match
   * (stemmed) and the word being typed is a prefix (from 2 letters). Picked among the first matches, names starting
   * with the text first, then by rank (a match in the name before one in the description), then the best rated. When
   * nothing matches, misspelled words (the one being typed too) are corrected and it tries once more.
   */
  async function suggestFor(text: string, limit: number, location: string | undefined, corrections = new Map<string, string>()) {
    const words = queryWords(text).map((word) => corrections.get(word) ?? word);
    const endsWord = /[^\p{L}\p{N}]$/u.test(text);
    const last = endsWord ? undefined : words.at(-1);
    // One-letter finished words ("t" of "t shirt") are left out: as lexemes they match almost nothing.
    const finished = (last === undefined ? words : words.slice(0, -1)).filter((word) => word.length >= PREFIX_MIN);
    const terms = [...finished, ...(last !== undefined && last.length >= PREFIX_MIN ? [`${last}:*`] : [])];
    if (terms.length === 0) return { suggestions: [] as Suggestion[], words };
    const { matches, total } = await termCounts.estimateMatches(
      finished,
      last !== undefined && last.length >= PREFIX_MIN ? last : undefined,
    );
    // Only a word alone: words typed together may never meet (at a million products "regular coo*", a fashion word and
    // a kitchen prefix, read 275 ms of the table in order to find nothing), while the index intersects their lists of
    // matches without reading a product (75 ms there, the worst case measured).
    const common = finished.length === 0 && matches >= COMMON_MATCHES_MIN && matches * COMMON_ONE_IN >= total;
    // Words hold letters and digits only, so joining them is a well-formed tsquery whatever was typed.
    const tsQuery = sql`to_tsquery('english', ${terms.join(" & ")})`;
    const scope = filterConditions(db, { location, page: 1, perPage: 1 });
    const suggestions = await rowsOf<Suggestion>(
      db,
      // Common words (the dictionary's counts say so) are read in table order: their first candidates come at once,
      // where the full-text index would first gather every match. Rarer ones go through the same planning fence as
      // findProducts, so that PostgreSQL uses the index instead of reading most of the table to find a few.
      sql`with scan as ${common ? sql`not materialized` : sql`materialized`} (
            select products.id, products.name, products.images[1] as image, products.price_paise as "pricePaise",
                   products.rating, ts_rank(products.search, ${tsQuery}) as rank
            from products where ${and(sql`products.search @@ ${tsQuery}`, scope)}
          )
          select id, name, image, "pricePaise" from (select * from scan limit ${SUGGEST_CANDIDATES}) candidates
          order by lower(name) like ${`${text
            .trim()
            .toLowerCase()
            .replace(/[\\%_]/g, "\\$&")}%`} desc, rank desc, rating desc, id
          limit ${limit}`,
    );
    return { suggestions, words };
  }

  return {
    /** The searches that found nothing, most frequent first (the shop owner's `npm run shop -- searches`). */
    async zeroResultSearches(limit: number): Promise<{ query: string; count: number; lastSearchedAt: Date }[]> {
      const rows = await rowsOf<{ query: string; count: number; lastSearchedAt: Date | string }>(
        db,
        sql`select query, count, last_searched_at as "lastSearchedAt" from zero_result_searches
            order by count desc, last_searched_at desc limit ${limit}`,
      );
      return rows.map((row) => ({ ...row, lastSearchedAt: new Date(row.lastSearchedAt) }));
    },

    /**
     * Housekeeping (src/domain/housekeeping.ts): forgets searches that found nothing and nobody has made since
     * `before`, so the shop owner's list stays about what shoppers look for now. Returns how many.
     */
    async pruneZeroResultSearches(before: Date): Promise<number> {
      const gone = await rowsOf<{ query: string }>(
        db,
        sql`delete from zero_result_searches where last_searched_at < ${before.toISOString()} returning query`,
      );
      return gone.length;
    },

    /** Products for the header's suggestions as the shopper types (see `suggestFor`). */
    async suggest(text: string, limit: number, location?: string): Promise<Suggestion[]> {
      const first = await suggestFor(text, limit, location);
      if (first.suggestions.length > 0 || first.words.length === 0) return first.suggestions;
      const { corrections } = await correctionsFor(first.words);
      if (corrections.size === 0) return [];
      return (await suggestFor(text, limit, location, corrections)).suggestions;
    },

    /**
     * Full-text search over name, brand, category names and description (stemmed: "sweaters" finds "sweater"), exact
     * name matches first, then by rank. When nothing matches what was typed, the query's misspelled words are
     * corrected against the dictionary and the results are for the correction (`correctedQuery`). Results, total and
     * facet counts come from one statement over at most `SEARCH_RANK_CAP` matches; a search that finds nothing at all
     * is counted for the shop owner.
     */
    async findProducts(search: ProductSearch): Promise<SearchResults> {
      const query = search.query.trim();
      const words = queryWords(query);
      const { corrections, stems } = await correctionsFor(words);
      const corrected = correctedText(query, corrections);
      const typed = sql`websearch_to_tsquery('english', ${query})`;
      const fixed = corrected === null ? null : sql`websearch_to_tsquery('english', ${corrected})`;
      const matches = fixed
        ? sql`(products.search @@ ${typed} or products.search @@ ${fixed})`
        : sql`products.search @@ ${typed}`;
      // The scope of the search; the facet filters (sub-category, price, rating, stock) apply to the matches below.
      const scope = filterConditions(db, {
        catId: search.catId,
        catName: search.catName,
        location: search.location,
        featured: search.featured,
        page: 1,
        perPage: 1,
      });
      const exact = [query.toLowerCase(), (corrected ?? query).toLowerCase()];
      const common = corrected === null && scope === undefined && (await isCommonWord(words, stems));
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
        // `scan` is planned as if every match were read (a CTE is a planning fence), so PostgreSQL uses the full-text
        // index for a rare word and a sequential read for a common one; `m` then reads only the first matches of it
        // (CTEs are read lazily). Planned with the LIMIT in view, a rare word got a sequential read of most of the table.
        // A common word alone (`isCommonWord`) is planned with the LIMIT in view: PostgreSQL's own statistics then
        // choose between reading the table in order until the rank cap's matches and the index, which gathers every
        // match first (87,000 for "comfort" at a million products: 23 ms against 7 ms in table order). Both return the
        // first matches in table order, so the results are the same.
        sql`with scan as ${common ? sql`not materialized` : sql`materialized`} (
              select products.id, products.sub_cat_id, products.price_paise, products.rating, products.count_in_stock,
                     products.created_at, products.search @@ ${typed} as typed,
                     (lower(products.name) = ${exact[0]} or lower(products.name) = ${exact[1]})::int * 10
                       + ts_rank(products.search, ${typed})${fixed ? sql` + ts_rank(products.search, ${fixed})` : sql``} as rank
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
      const results: SearchResults = {
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
      };
      if (first.matched === 0) await recordZeroResult(query);
      return results;
    },
  };
}
