import { z } from "zod";
import { insightsMessages as m } from "#shared/messages/back-office-insights.ts";
import { normalizeSearchText } from "#shared/text.ts";
import { reasonField } from "./back-office.ts";
import { safeText } from "./text.ts";

// Search synonyms: the form of /admin/search-synonyms and the bodies of /api/admin/search/synonyms, parsed alike.

const SEARCH_TEXT_MAX = 100;
/** What the search looks up: a text with no letter or digit has no word to match. */
const hasWord = (value: string) => /[\p{L}\p{N}]/u.test(value);

const searchText = (name: string, blank: string, tooLong: string) =>
  safeText({ name, error: blank })
    .transform(normalizeSearchText)
    .refine(hasWord, { error: blank })
    .refine((value) => value.length <= SEARCH_TEXT_MAX, { error: tooLong });

export const synonymTerm = searchText("Search", m.termBlank, m.termTooLong);

export const synonymForm = z
  .object({
    term: synonymTerm,
    replacement: searchText("Replacement", m.replacementBlank, m.replacementTooLong),
    reason: reasonField,
  })
  .refine((form) => form.term !== form.replacement, { error: m.sameAsTerm, path: ["replacement"] });

export const synonymRemoveForm = z.object({ term: synonymTerm, reason: reasonField });
