import { eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { categories, categoryCounts, products } from "#db/schema/catalog.ts";
import { searchTerms } from "#db/schema/search.ts";
import { mostCommonElements } from "#db/statistics.ts";
import { freshSnapshot } from "../fresh-snapshot.ts";

/**
 * The dictionary's counts (`search_terms`), PostgreSQL's lexeme statistics of `products.search` and the catalogue's
 * size, refreshed in the background. They tell whether what is typed is common or rare, and so which plan to ask for
 * (suggestions.ts, find-products.ts); only an estimate rides on it, so a stale snapshot is fine.
 */
export function createTermCounts(db: Db, { maxAgeMs = 60_000, now = Date.now }: { maxAgeMs?: number; now?: () => number } = {}) {
  const current = freshSnapshot(() => read(db), { maxAgeMs, now });

  return {
    /** Words taken as independent: an underestimate, which only errs towards the plan safe for rare words. */
    async estimateMatches(finished: readonly string[], prefix: string | undefined): Promise<{ matches: number; total: number }> {
      const { total, count, countStartingWith, lexemeShare } = await current();
      if (total === 0) return { matches: 0, total };
      let share = 1;
      for (const word of finished) share *= count(word) / total;
      // The dictionary holds the words of names, brands and categories; only the lexeme statistics see descriptions'
      // words too: the larger share wins.
      if (prefix !== undefined) share *= Math.min(1, Math.max(countStartingWith(prefix) / total, lexemeShare(prefix)));
      return { matches: Math.round(share * total), total };
    },

    /** By the statistics alone: 0 for a lexeme they do not list, and before the first ANALYZE. */
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
  lexemeShare(prefix: string): number;
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

/** Values by key, and the sum over every key starting with a prefix (a run of the sorted keys). */
function prefixSums(entries: readonly (readonly [string, number])[]) {
  // Sorted here, not by the database's collation, so that the binary search below agrees with JavaScript's order.
  const byKey = new Map(entries);
  const sorted = [...byKey.keys()].sort();
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
