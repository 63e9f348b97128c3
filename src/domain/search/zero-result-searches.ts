// The searches that found nothing, counted for the shop owner (`npm run shop -- searches`) and forgotten when stale.
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "#db/client.ts";
import { normalizeSearchText } from "#shared/text.ts";
import { queryWords } from "./spelling.ts";

export interface ZeroResultSearch {
  query: string;
  count: number;
  lastSearchedAt: Date;
  /** A synonym of one of its words, which may answer it now (a synonym of the whole search takes it off the list). */
  wordSynonym: { term: string; replacement: string } | null;
}

export function createZeroResultSearches(db: Db) {
  return {
    async record(query: string): Promise<void> {
      const normalized = normalizeSearchText(query);
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

    /**
     * The back office's list: most frequent first in the order of zero_result_searches_count_idx, without the searches a
     * synonym now answers whole; each with the synonym of one of its words, if any.
     */
    async unanswered(limit: number): Promise<ZeroResultSearch[]> {
      const rows = await rowsOf<{ query: string; count: number; lastSearchedAt: Date | string }>(
        db,
        sql`select z.query, z.count, z.last_searched_at as "lastSearchedAt" from zero_result_searches z
            where not exists (select 1 from search_synonyms s where s.term = z.query)
            order by z.count desc, z.query limit ${limit}`,
      );
      const words = [...new Set(rows.flatMap((row) => queryWords(row.query)))];
      const synonyms =
        words.length === 0
          ? []
          : await rowsOf<{ term: string; replacement: string }>(
              db,
              sql`select term, replacement from search_synonyms where term in (${sql.join(
                words.map((word) => sql`${word}`),
                sql`, `,
              )})`,
            );
      const byTerm = new Map(synonyms.map((synonym) => [synonym.term, synonym]));
      return rows.map((row) => ({
        ...row,
        lastSearchedAt: new Date(row.lastSearchedAt),
        wordSynonym: queryWords(row.query).flatMap((word) => byTerm.get(word) ?? [])[0] ?? null,
      }));
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
