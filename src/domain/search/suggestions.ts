// The header's suggestions as the shopper types: the best few products for what is typed so far (decision 017).
import { and, sql } from "drizzle-orm";
import { type Db, rowsOf } from "#db/client.ts";
import { filterConditions } from "../catalog/product-query.ts";
import { correctionsFor } from "./corrections.ts";
import { queryWords } from "./spelling.ts";
import { synonymTextSql } from "./synonyms.ts";
import type { createTermCounts } from "./term-counts.ts";

const SUGGEST_CANDIDATES = 50;
/** One letter matches too much to be worth completing. */
const PREFIX_MIN = 2;
/** Expected in one product in this many, what is typed is common: reading in order finds candidates sooner. */
const COMMON_ONE_IN = 150;
/** ...and in at least this many: below it the index is quick, and reading in order risks a long walk. */
export const COMMON_MATCHES_MIN = 8000;

export interface Suggestion {
  id: string;
  name: string;
  image: string | null;
  pricePaise: number;
}

export function createSuggestions({ db, termCounts }: { db: Db; termCounts: ReturnType<typeof createTermCounts> }) {
  /** Finished words must match and the last is a prefix; names starting with the text first, then rank and rating. */
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
    // Only a word alone: words typed together may never meet (a fashion word and a kitchen prefix), so reading the table
    // in order could find nothing, while the index intersects their lists of matches without reading a product.
    const common = finished.length === 0 && matches >= COMMON_MATCHES_MIN && matches * COMMON_ONE_IN >= total;
    // Words hold letters and digits only, so joining them is a well-formed tsquery whatever was typed.
    const tsQuery = sql`to_tsquery('english', ${terms.join(" & ")})`;
    const scope = filterConditions(db, { location, page: 1, perPage: 1 });
    const suggestions = await rowsOf<Suggestion>(
      db,
      // Common words are read in table order, their first candidates at once; rarer ones go through findProducts'
      // planning fence, so PostgreSQL uses the index instead of reading most of the table to find a few.
      // The owner's synonym of what is typed (decision 038) is looked up in the same statement; its words are whole.
      sql`with syn as materialized (select plainto_tsquery('english', ${synonymTextSql(text)}) as q),
          scan as ${common ? sql`not materialized` : sql`materialized`} (
            select products.id, products.name, products.images[1] as image, products.price_paise as "pricePaise",
                   products.rating, ts_rank(products.search, ${tsQuery}) as rank
            from products
            where ${and(sql`(products.search @@ ${tsQuery} or products.search @@ (select q from syn))`, scope)}
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

  /** When nothing matches, misspelled words are corrected and it tries once more. */
  return async function suggest(text: string, limit: number, location?: string): Promise<Suggestion[]> {
    const first = await suggestFor(text, limit, location);
    if (first.suggestions.length > 0 || first.words.length === 0) return first.suggestions;
    const { corrections } = await correctionsFor(db, first.words);
    if (corrections.size === 0) return [];
    return (await suggestFor(text, limit, location, corrections)).suggestions;
  };
}
