import { describe, expect, it } from "vitest";
import { locationLabel } from "./location-label.ts";

describe("locationLabel", () => {
  it("asks for a location when none is chosen", () => {
    expect(locationLabel(undefined)).toEqual({ heading: "Select Location", country: undefined });
  });

  it("shows a country of up to 10 characters whole", () => {
    expect(locationLabel("Bangladesh")).toEqual({ heading: "Your Location", country: "Bangladesh" });
  });

  it("cuts a longer country to 10 characters plus '...'", () => {
    expect(locationLabel("United Kingdom").country).toBe("United Kin...");
  });
});
