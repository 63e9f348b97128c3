// The searches that found nothing, counted for the shop owner (`npm run shop -- searches`) and forgotten when stale.
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "#db/client.ts";

export function createZeroResultSearches(db: Db) {
  return {
    async record(query: string): Promise<void> {
      const normalized = query.toLowerCase().replace(/\s+/g, " ");
      await db.execute(
        sql`insert into zero_result_searches (query) values (${normalized})
          on conflict (query) do update set count = zero_result_searches.count + 1, last_searched_at = now()`,
      );
    },

    async mostFrequent(limit: number): Promise<{ query: string; count: number; lastSearchedAt: Date }[]> {
      const rows = await rowsOf<{ query: string; count: number; lastSearchedAt: Date | string }>(
        db,
        sql`select query, count, last_searched_at as "lastSearchedAt" from zero_result_searches
            order by count desc, last_searched_at desc limit ${limit}`,
      );
      return rows.map((row) => ({ ...row, lastSearchedAt: new Date(row.lastSearchedAt) }));
    },

    /** Housekeeping: the owner's list stays about what shoppers look for now. */
    async pruneBefore(before: Date): Promise<number> {
      const gone = await rowsOf<{ query: string }>(
        db,
        sql`delete from zero_result_searches where last_searched_at < ${before.toISOString()} returning query`,
      );
      return gone.length;
    },
  };
}
