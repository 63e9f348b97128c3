import { describe, expect, it } from "vitest";
import { filterCountries } from "./country-filter.ts";

describe("filterCountries", () => {
  const countries = [
    { country: "India", iso2: "IN" },
    { country: "Indonesia", iso2: "ID" },
    { country: "United Kingdom", iso2: "GB" },
    { country: "British Indian Ocean Territory", iso2: "IO" },
  ];

  it("keeps countries whose name contains the query, ignoring case", () => {
    expect(filterCountries(countries, "IND").map((c) => c.iso2)).toEqual(["IN", "ID", "IO"]);
    expect(filterCountries(countries, "kingdom").map((c) => c.iso2)).toEqual(["GB"]);
  });

  it("keeps everything for an empty or blank query and nothing for a query nothing contains", () => {
    expect(filterCountries(countries, "  ")).toHaveLength(4);
    expect(filterCountries(countries, "zz")).toEqual([]);
  });
});
