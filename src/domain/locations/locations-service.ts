import type { Country } from "#shared/country-filter.ts";
import { findCountry, findCountryByCode, listCountries } from "./countries.ts";

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
    /**
     * The country a client names by its ISO 3166 alpha-2 code (`IN`, any case, what the original client's country
     * dropdown sends) or by its name (any case), or undefined.
     */
    resolveCountry: (nameOrCode: string): Country | undefined => findCountryByCode(nameOrCode) ?? findCountry(nameOrCode),
  };
}
