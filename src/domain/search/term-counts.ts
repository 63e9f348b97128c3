import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "#db/client.ts";

/**
 * The search dictionary's counts (`search_terms`: each word and how many products hold it) and the catalogue's size,
 * kept in memory and read again at most every `maxAgeMs` in the background. A suggestion uses them to tell, before
 * its statement is written, whether what is typed is common or rare (`estimateMatches`), and so which plan to ask
 * PostgreSQL for (search-service.ts, suggestFor). Only an estimate rides on it: a snapshot a minute old is fine.
 */
export function createTermCounts(db: Db, { maxAgeMs = 60_000, now = Date.now }: { maxAgeMs?: number; now?: () => number } = {}) {
  let snapshot: Snapshot | undefined;
  let loading: Promise<Snapshot> | undefined;

  const load = () => {
    loading ??= read(db, now())
      .then((fresh) => {
        snapshot = fresh;
        return fresh;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };

  return {
    /**
     * About how many products hold every finished word and a word starting with `prefix`, taking the words as
     * independent (their shares of the catalogue multiplied): an underestimate for words that go together, which only
     * ever errs towards the plan that is safe for rare words. Also the catalogue's size.
     */
    async estimateMatches(finished: readonly string[], prefix: string | undefined): Promise<{ matches: number; total: number }> {
      const current = snapshot ?? (await load());
      if (now() - current.at > maxAgeMs) load().catch(() => {});
      const { total } = current;
      if (total === 0) return { matches: 0, total };
      let share = 1;
      for (const word of finished) share *= current.count(word) / total;
      if (prefix !== undefined) share *= Math.min(1, current.countStartingWith(prefix) / total);
      return { matches: Math.round(share * total), total };
    },
  };
}

export type TermCounts = ReturnType<typeof createTermCounts>;

interface Snapshot {
  at: number;
  total: number;
  count(term: string): number;
  countStartingWith(prefix: string): number;
}

async function read(db: Db, at: number): Promise<Snapshot> {
  const [terms, totals] = await Promise.all([
    rowsOf<{ term: string; products: number }>(db, sql`select term, products from search_terms`),
    // Every product is in exactly one top-level category (category_counts, migration 0009).
    rowsOf<{ total: number }>(
      db,
      sql`select coalesce(sum(k.products), 0)::int as total from category_counts k
          join categories c on c.id = k.category_id where c.parent_id is null`,
    ),
  ]);
  // Sorted here, not by the database's collation, so that the binary search below agrees with JavaScript's order.
  const sorted = terms.map((row) => row.term).sort();
  const byTerm = new Map(terms.map((row) => [row.term, row.products]));
  // running[i] = products of sorted[0..i): a prefix's terms are one run of the sorted list.
  const running = new Float64Array(sorted.length + 1);
  sorted.forEach((term, index) => {
    running[index + 1] = (running[index] ?? 0) + (byTerm.get(term) ?? 0);
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
    at,
    total: totals[0]?.total ?? 0,
    count: (term) => byTerm.get(term) ?? 0,
    countStartingWith(prefix) {
      const from = firstAtLeast(prefix);
      // Every term starting with the prefix sorts before the prefix followed by the highest code point.
      const to = firstAtLeast(`${prefix}\u{10FFFF}`);
      return (running[to] ?? 0) - (running[from] ?? 0);
    },
  };
}
