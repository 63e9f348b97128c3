import { eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { categories, categoryCounts, products } from "#db/schema/catalog.ts";
import { searchTerms } from "#db/schema/search.ts";
import { mostCommonElements } from "#db/statistics.ts";
import { freshSnapshot } from "../fresh-snapshot.ts";

/**
 * The search dictionary's counts (`search_terms`: each word and how many products hold it), PostgreSQL's statistics of
 * the words products are searched by (the most common lexemes of `products.search` and the share of products holding
 * each, from ANALYZE) and the catalogue's size, kept in memory and read again at most every `maxAgeMs` in the
 * background. A suggestion uses them to tell, before its statement is written, whether what is typed is common or rare
 * (`estimateMatches`), and so which plan to ask PostgreSQL for (suggestions.ts, suggestFor). Only an estimate rides
 * on it: a snapshot a minute old is fine.
 */
export function createTermCounts(db: Db, { maxAgeMs = 60_000, now = Date.now }: { maxAgeMs?: number; now?: () => number } = {}) {
  const current = freshSnapshot(() => read(db), { maxAgeMs, now });

  return {
    /**
     * About how many products hold every finished word and a word starting with `prefix`, taking the words as
     * independent (their shares of the catalogue multiplied): an underestimate for words that go together, which only
     * ever errs towards the plan that is safe for rare words. Also the catalogue's size.
     */
    async estimateMatches(finished: readonly string[], prefix: string | undefined): Promise<{ matches: number; total: number }> {
      const { total, count, countStartingWith, lexemeShare } = await current();
      if (total === 0) return { matches: 0, total };
      let share = 1;
      for (const word of finished) share *= count(word) / total;
      // The dictionary holds the words of names, brands and categories; descriptions add more ("comfort" is in 0.3 % of
      // names and 8.8 % of the products at a million), and only the lexeme statistics see them: the larger share wins.
      if (prefix !== undefined) share *= Math.min(1, Math.max(countStartingWith(prefix) / total, lexemeShare(prefix)));
      return { matches: Math.round(share * total), total };
    },

    /**
     * About how many products hold this lexeme (a word as PostgreSQL stems it), by the statistics alone: 0 for a lexeme
     * they do not list among the most common, and before the first ANALYZE. Also the catalogue's size.
     */
    async estimateLexeme(lexeme: string): Promise<{ matches: number; total: number }> {
      const { total, lexemeShareOf } = await current();
      return { matches: Math.round(lexemeShareOf(lexeme) * total), total };
    },
  };
}

export type TermCounts = ReturnType<typeof createTermCounts>;

interface Snapshot {
  total: number;
  count(term: string): number;
  countStartingWith(prefix: string): number;
  /** The share of products a prefix query would match by the lexeme statistics (0 without statistics). */
  lexemeShare(prefix: string): number;
  /** The share of products holding exactly this lexeme by the statistics (0 when they do not list it). */
  lexemeShareOf(lexeme: string): number;
}

async function read(db: Db): Promise<Snapshot> {
  const [terms, totals, statistics] = await Promise.all([
    db.select({ term: searchTerms.term, products: searchTerms.products }).from(searchTerms),
    // Every product is in exactly one top-level category (category_counts, migration 0009).
    db
      .select({ total: sql<number>`coalesce(sum(${categoryCounts.products}), 0)::int` })
      .from(categoryCounts)
      .innerJoin(categories, eq(categories.id, categoryCounts.categoryId))
      .where(isNull(categories.parentId)),
    // Undefined until ANALYZE has run: the dictionary's counts then decide alone.
    mostCommonElements(db, products.search),
  ]);
  const words = prefixSums(terms.map((row) => [row.term, row.products]));
  const lexemes = prefixSums([...(statistics ?? [])]);
  return {
    total: totals[0]?.total ?? 0,
    count: words.get,
    countStartingWith: words.sumStartingWith,
    lexemeShareOf: lexemes.get,
    lexemeShare(prefix) {
      // PostgreSQL stems what is typed before it matches ("pants" becomes "pant", which also matches "pantri"): a
      // common lexeme that the typed prefix extends by up to four letters stands for that stem.
      let share = lexemes.sumStartingWith(prefix);
      for (let cut = 1; cut <= 4 && prefix.length - cut >= 3; cut++) {
        const stem = prefix.slice(0, -cut);
        if (lexemes.get(stem) > 0) share = Math.max(share, lexemes.sumStartingWith(stem));
      }
      return share;
    },
  };
}

/** Values by key, and the sum of the values of every key starting with a prefix (a run of the sorted keys). */
function prefixSums(entries: readonly (readonly [string, number])[]) {
  // Sorted here, not by the database's collation, so that the binary search below agrees with JavaScript's order.
  const byKey = new Map(entries);
  const sorted = [...byKey.keys()].sort();
  // running[i] = the values of sorted[0..i).
  const running = new Float64Array(sorted.length + 1);
  sorted.forEach((key, index) => {
    running[index + 1] = (running[index] ?? 0) + (byKey.get(key) ?? 0);
  });
  const firstAtLeast = (value: string) => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((sorted[middle] ?? "") < value) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return {
    get: (key: string) => byKey.get(key) ?? 0,
    sumStartingWith(prefix: string) {
      // Every key starting with the prefix sorts before the prefix followed by the highest code point.
      return (running[firstAtLeast(`${prefix}\u{10FFFF}`)] ?? 0) - (running[firstAtLeast(prefix)] ?? 0);
    },
  };
}
