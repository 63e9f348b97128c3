import { describe, expect, it } from "vitest";
import { createLocationsService } from "./locations-service.ts";

describe("locations service", () => {
  const locations = createLocationsService();

  it("lists the delivery countries and finds one by its name in any case", () => {
    expect(locations.listCountries()).toContainEqual({ country: "India", iso2: "IN" });
    expect(locations.findCountry("  INDIA ")).toEqual({ country: "India", iso2: "IN" });
    expect(locations.findCountry("Atlantis")).toBeUndefined();
  });
});
