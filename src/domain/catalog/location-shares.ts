import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "#db/client.ts";

/**
 * The share of products sold in each common location, from PostgreSQL's statistics of `products.locations` (the most
 * common elements and their frequencies, from ANALYZE), kept in memory and read again at most every `maxAgeMs` in the
 * background. A list filtered by location uses it to tell a location few products are sold in (`isRare`), whose
 * products are found through the locations index, from a common one, whose products come soonest walking the list's
 * own order (product-query.ts). Only a plan rides on it: a snapshot a minute old is fine.
 */
export function createLocationShares(
  db: Db,
  { maxAgeMs = 60_000, now = Date.now }: { maxAgeMs?: number; now?: () => number } = {},
) {
  let snapshot: { at: number; shares: Map<string, number> | undefined } | undefined;
  let loading: Promise<void> | undefined;

  const load = () => {
    loading ??= rowsOf<{ locations: string[] | null; shares: number[] | null }>(
      db,
      sql`select most_common_elems::text::text[] as locations, most_common_elem_freqs::float8[] as shares from pg_stats
          where schemaname = current_schema() and tablename = 'products' and attname = 'locations'`,
    )
      .then(([row]) => {
        const locations = row?.locations;
        // Without statistics (before the first ANALYZE; the embedded database has no autovacuum, so there only a bulk
        // seed's ANALYZE gives them) nothing is known to be rare.
        snapshot = {
          at: now(),
          shares: locations ? new Map(locations.map((location, index) => [location, row?.shares?.[index] ?? 0])) : undefined,
        };
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };

  return {
    /**
     * Whether so few products are sold in `location` (under `rareShare` of them, or too few to be among the common
     * locations at all) that gathering them through the index beats walking the list in order until a page is full.
     */
    async isRare(location: string, rareShare: number): Promise<boolean> {
      if (!snapshot) await load();
      else if (now() - snapshot.at > maxAgeMs) load().catch(() => {});
      const shares = snapshot?.shares;
      return shares !== undefined && (shares.get(location) ?? 0) < rareShare;
    },
  };
}
