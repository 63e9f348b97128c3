// Search as the services offer it: results (find-products.ts), suggestions (suggestions.ts), and the owner's list of
// searches that found nothing (zero-result-searches.ts), sharing one dictionary snapshot; all use the owner's synonyms
// (synonyms.ts).
import type { Db } from "#db/client.ts";
import { createFindProducts, SEARCH_RANK_CAP, type SearchResults } from "./find-products.ts";
import { COMMON_MATCHES_MIN, createSuggestions } from "./suggestions.ts";
import { createTermCounts } from "./term-counts.ts";
import { createZeroResultSearches } from "./zero-result-searches.ts";

export type SearchService = ReturnType<typeof createSearchService>;

export function createSearchService({
  db,
  rankCap = SEARCH_RANK_CAP,
  commonMatchesMin = COMMON_MATCHES_MIN,
}: {
  db: Db;
  rankCap?: number;
  /** Tests lower it. */
  commonMatchesMin?: number;
}) {
  const termCounts = createTermCounts(db);
  const zeroResults = createZeroResultSearches(db);
  return {
    zeroResultSearches: zeroResults.mostFrequent,
    pruneZeroResultSearches: zeroResults.pruneBefore,
    /** The back office's insights (decision 038). */
    unansweredSearches: zeroResults.unanswered,
    suggest: createSuggestions({ db, termCounts }),
    findProducts: createFindProducts({ db, termCounts, rankCap, commonMatchesMin }),
    /** Counts a search that found nothing for the shop owner (decision 038); the caller's, once per request. */
    async countIfUnmatched(found: Pick<SearchResults, "nothingMatched">, query: string): Promise<void> {
      if (found.nothingMatched) await zeroResults.record(query);
    },
  };
}
