import type { Db } from "#db/client.ts";
import { products } from "#db/schema/catalog.ts";
import { mostCommonElements } from "#db/statistics.ts";
import { freshSnapshot } from "../fresh-snapshot.ts";

/**
 * The share of products sold in each common location, from PostgreSQL's statistics of `products.locations` (the most
 * common elements and their frequencies, from ANALYZE), kept in memory and read again at most every `maxAgeMs` in the
 * background. A list filtered by location uses it to tell a location few products are sold in (`isRare`), whose
 * products are found through the locations index, from a common one, whose products come soonest walking the list's
 * own order (product-statements.ts). Only a plan rides on it: a snapshot a minute old is fine.
 */
export function createLocationShares(
  db: Db,
  { maxAgeMs = 60_000, now = Date.now }: { maxAgeMs?: number; now?: () => number } = {},
) {
  // Without statistics (before the first ANALYZE; the embedded database has no autovacuum, so there only a bulk seed's
  // ANALYZE gives them) nothing is known to be rare.
  const shares = freshSnapshot(() => mostCommonElements(db, products.locations), { maxAgeMs, now });

  return {
    /**
     * Whether so few products are sold in `location` (under `rareShare` of them, or too few to be among the common
     * locations at all) that gathering them through the index beats walking the list in order until a page is full.
     */
    async isRare(location: string, rareShare: number): Promise<boolean> {
      const known = await shares();
      return known !== undefined && (known.get(location) ?? 0) < rareShare;
    },
  };
}
