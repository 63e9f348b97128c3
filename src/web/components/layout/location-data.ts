import type { Country } from "#shared/country-filter.ts";

/** What the /location route's loader gives its page and the header's location dialog (which fetches it on opening). */
export interface LocationChoices {
  countries: readonly Country[];
  /** The chosen delivery country, or null for every location ("All"). */
  current: string | null;
  /** A search sent without JavaScript (`/location?q=`). */
  query: string;
}
