import { createRequire } from "node:module";
import type { Country } from "#shared/country-filter.ts";

// i18n-iso-countries is CommonJS; its English names are a JSON file loaded once (the list never changes at run time).
const require = createRequire(import.meta.url);
const english = require("i18n-iso-countries/langs/en.json") as { countries: Record<string, string | string[]> };

/**
 * Where the library's first (official) English name is not the name shoppers and the original countries service use,
 * the common one. Product locations are stored with these names (the demo catalogue sells in "United States").
 */
const COMMON_NAMES: Record<string, string> = {
  US: "United States",
  CN: "China",
  RU: "Russia",
  IR: "Iran",
  TW: "Taiwan",
  TZ: "Tanzania",
  MK: "North Macedonia",
  PS: "Palestine",
};

const countries: readonly Country[] = Object.freeze(
  Object.entries(english.countries)
    .map(([iso2, names]) => ({ iso2, country: COMMON_NAMES[iso2] ?? (Array.isArray(names) ? (names[0] ?? iso2) : names) }))
    .sort((a, b) => a.country.localeCompare(b.country, "en")),
);

/** Every country (spec §3 Country: `{ country, iso2 }`), English names in alphabetical order. */
export function listCountries(): readonly Country[] {
  return countries;
}

const byName = new Map(countries.map((entry) => [entry.country.toLowerCase(), entry]));
const byCode = new Map(countries.map((entry) => [entry.iso2, entry]));

/** The country with exactly this name (any case), or undefined: what a location choice may be. */
export function findCountry(name: string): Country | undefined {
  return byName.get(name.trim().toLowerCase());
}

/** The country with this ISO 3166 alpha-2 code (any case, `in` = India), or undefined. */
export function findCountryByCode(code: string): Country | undefined {
  return byCode.get(code.trim().toUpperCase());
}
