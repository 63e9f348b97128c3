import type { Db } from "#db/client.ts";
import { products } from "#db/schema/catalog.ts";
import { mostCommonElements } from "#db/statistics.ts";
import { freshSnapshot } from "../fresh-snapshot.ts";

/** Products' share per common location, from PostgreSQL's statistics; it only picks a plan, so a stale one is fine. */
export function createLocationShares(
  db: Db,
  { maxAgeMs = 60_000, now = Date.now }: { maxAgeMs?: number; now?: () => number } = {},
) {
  // Without statistics (the embedded database has no autovacuum: only a bulk seed's ANALYZE) nothing is rare.
  const shares = freshSnapshot(() => mostCommonElements(db, products.locations), { maxAgeMs, now });

  return {
    /** A location missing from the statistics' common elements is rare too. */
    async isRare(location: string, rareShare: number): Promise<boolean> {
      const known = await shares();
      return known !== undefined && (known.get(location) ?? 0) < rareShare;
    },
  };
}
