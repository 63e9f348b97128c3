import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app.ts";

interface CountriesJson {
  error: false;
  countries: { country: string; iso2: string }[];
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe("GET /api/countries", () => {
  it("lists every country with its English name and ISO alpha-2 code, alphabetically", async () => {
    const response = await app.server.inject({ method: "GET", url: "/api/countries" });
    expect(response.statusCode).toBe(200);
    const body = response.json() as CountriesJson;
    expect(body.error).toBe(false);
    expect(body.countries.length).toBeGreaterThanOrEqual(249);
    expect(body.countries).toContainEqual({ country: "India", iso2: "IN" });
    expect(body.countries).toContainEqual({ country: "United States", iso2: "US" });
    for (const entry of body.countries) expect(Object.keys(entry).sort()).toEqual(["country", "iso2"]);
    const names = body.countries.map((c) => c.country);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("may be cached: the list only changes with a release", async () => {
    const response = await app.server.inject({ method: "GET", url: "/api/countries" });
    expect(response.headers["cache-control"]).toBe("public, max-age=86400");
  });
});
