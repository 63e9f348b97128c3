import { describe, expect, it } from "vitest";
import { createLocationsService } from "./locations-service.ts";

describe("locations service", () => {
  const locations = createLocationsService();

  it("lists the delivery countries and finds one by its name in any case", () => {
    expect(locations.listCountries()).toContainEqual({ country: "India", iso2: "IN" });
    expect(locations.findCountry("  INDIA ")).toEqual({ country: "India", iso2: "IN" });
    expect(locations.findCountry("Atlantis")).toBeUndefined();
  });

  it("resolves a location named by its ISO alpha-2 code or its name, in any case", () => {
    expect(locations.resolveCountry("IN")).toEqual({ country: "India", iso2: "IN" });
    expect(locations.resolveCountry(" us ")).toEqual({ country: "United States", iso2: "US" });
    expect(locations.resolveCountry("sri lanka")).toEqual({ country: "Sri Lanka", iso2: "LK" });
    expect(locations.resolveCountry("XX")).toBeUndefined();
    expect(locations.resolveCountry("Atlantis")).toBeUndefined();
    // findCountry stays what a shopper's choice may be: names only.
    expect(locations.findCountry("IN")).toBeUndefined();
  });
});
