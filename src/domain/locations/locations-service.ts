import type { Country } from "#shared/country-filter.ts";
import { findCountry, findCountryByCode, listCountries } from "./countries.ts";

export type LocationsService = ReturnType<typeof createLocationsService>;

/** Delivery countries (spec §3 Country), fixed at build time: no state, no dependencies. */
export function createLocationsService() {
  return {
    listCountries: (): readonly Country[] => listCountries(),
    findCountry: (name: string): Country | undefined => findCountry(name),
    /** The original client's dropdown sends the alpha-2 code (`IN`); others send the name. */
    resolveCountry: (nameOrCode: string): Country | undefined => findCountryByCode(nameOrCode) ?? findCountry(nameOrCode),
  };
}
