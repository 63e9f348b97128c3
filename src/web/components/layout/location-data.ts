import type { Country } from "#shared/country-filter.ts";

/** What the /location route's loader gives its page and the header's location dialog (which fetches it on opening). */
export interface LocationChoices {
  countries: readonly Country[];
  current: string | null;
  /** A search sent without JavaScript (`/location?q=`). */
  query: string;
}
