// The back office's insights and search synonyms (issue 34, item 5): pages and /api/admin alike.

export const insightsMessages = {
  termBlank: "Please enter the search to answer (letters or digits).",
  replacementBlank: "Please enter what the search should also look for (letters or digits).",
  termTooLong: "A search is at most 100 characters.",
  replacementTooLong: "The replacement is at most 100 characters.",
  sameAsTerm: "The replacement is the same search: give other words.",
  synonymExists: (term: string) => `"${term}" already has a synonym: remove it first to change it.`,
  synonymNotFound: (term: string) => `"${term}" has no synonym.`,
  synonymAdded: (term: string, replacement: string) => `Searches for "${term}" now also find "${replacement}".`,
  synonymRemoved: (term: string) => `"${term}" has no synonym any more.`,
} as const;
