import { describe, expect, it } from "vitest";
import { findCountry, findCountryByCode, listCountries } from "./countries.ts";

describe("listCountries", () => {
  it("lists every ISO 3166 country once with its English name and alpha-2 code, alphabetically", () => {
    const countries = listCountries();
    expect(countries.length).toBeGreaterThanOrEqual(249);
    expect(new Set(countries.map((c) => c.iso2)).size).toBe(countries.length);
    expect(countries).toContainEqual({ country: "India", iso2: "IN" });
    const names = countries.map((c) => c.country);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("uses the common name where the official one differs from what products are stored with", () => {
    expect(findCountry("united states")).toEqual({ country: "United States", iso2: "US" });
    expect(findCountry("United Kingdom")?.iso2).toBe("GB");
    expect(findCountry("Atlantis")).toBeUndefined();
  });
});

describe("findCountryByCode", () => {
  it("finds a country by its ISO alpha-2 code in any case, and nothing for an unknown code", () => {
    expect(findCountryByCode("IN")).toEqual({ country: "India", iso2: "IN" });
    expect(findCountryByCode("gb")?.country).toBe("United Kingdom");
    expect(findCountryByCode("ZZ")).toBeUndefined();
    expect(findCountryByCode("India")).toBeUndefined();
  });
});
