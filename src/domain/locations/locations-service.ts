import type { Country } from "#shared/country-filter.ts";
import { findCountry, listCountries } from "./countries.ts";

export type LocationsService = ReturnType<typeof createLocationsService>;

/**
 * Delivery countries (spec §3 Country): the location picker's list, and what a location choice may be. The list is
 * fixed at build time (i18n-iso-countries), so the service holds no state and needs no dependencies.
 */
export function createLocationsService() {
  return {
    /** Every country, English names in alphabetical order. */
    listCountries: (): readonly Country[] => listCountries(),
    /** The country with exactly this name (any case), or undefined. */
    findCountry: (name: string): Country | undefined => findCountry(name),
  };
}
