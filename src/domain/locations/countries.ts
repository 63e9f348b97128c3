import { createRequire } from "node:module";
import type { Country } from "#shared/country-filter.ts";

// i18n-iso-countries is CommonJS; its English names are a JSON file loaded once (the list never changes at run time).
const require = createRequire(import.meta.url);
const english = require("i18n-iso-countries/langs/en.json") as { countries: Record<string, string | string[]> };

/** The names shoppers and the original service use, where the library's official one differs; products store them. */
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

export function listCountries(): readonly Country[] {
  return countries;
}

const byName = new Map(countries.map((entry) => [entry.country.toLowerCase(), entry]));
const byCode = new Map(countries.map((entry) => [entry.iso2, entry]));

/** What a location choice may be. */
export function findCountry(name: string): Country | undefined {
  return byName.get(name.trim().toLowerCase());
}

export function findCountryByCode(code: string): Country | undefined {
  return byCode.get(code.trim().toUpperCase());
}
