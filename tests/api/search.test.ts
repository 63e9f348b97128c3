import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemoCatalog } from "#db/seed/demo-catalog.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// The test database holds the deterministic demo catalogue: expectations come from the same builder.
const demo = buildDemoCatalog();
const laptops = demo.products.filter((p) => /\blaptop\b/i.test(p.name));

interface Suggestion {
  _id: string;
  id: string;
  name: string;
  images: string[];
  imageUrls: string[];
  price: number;
}
interface SearchPage {
  error: false;
  products: { id: string; name: string; price: number; rating: number; countInStock: number; subCatId: string | null }[];
  total: number;
  correctedQuery: string | null;
  capped: boolean;
  facets: {
    subCategories: { id: string; count: number }[];
    priceBands: { minPrice: number; maxPrice: number | null; count: number }[];
    ratings: { stars: number; count: number }[];
    inStock: number;
  };
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function get<T>(url: string) {
  const response = await app.server.inject({ method: "GET", url });
  return { status: response.statusCode, body: response.json() as T };
}

describe("GET /api/search/suggest", () => {
  it("suggests products for the word being typed, as a bare array with images as file names and prices in rupees", async () => {
    const { status, body } = await get<Suggestion[]>("/api/search/suggest?q=lapt");
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    expect(body.length).toBeLessThanOrEqual(8);
    const first = body[0];
    const product = demo.products.find((p) => p.id === first?.id);
    expect(first?.name).toMatch(/laptop/i);
    expect(first).toMatchObject({ _id: product?.id, name: product?.name, price: (product?.pricePaise ?? 0) / 100 });
    expect(first?.images[0]).toBe(product?.images?.[0]);
    expect(first?.imageUrls[0]).toMatch(/\/download\//);
  });

  it("takes a limit of 1 to 10 and refuses anything else with a message", async () => {
    expect((await get<Suggestion[]>("/api/search/suggest?q=gold&limit=2")).body).toHaveLength(2);
    for (const limit of ["0", "11", "two", "1.5"]) {
      const { status, body } = await get<{ error: boolean; msg: string }>(`/api/search/suggest?q=gold&limit=${limit}`);
      expect(status, limit).toBe(400);
      expect(body.msg, limit).toMatch(/limit/);
    }
  });

  it("refuses blank text and control characters, answers nothing for gibberish", async () => {
    expect((await get("/api/search/suggest?q=%20%20")).status).toBe(400);
    expect((await get("/api/search/suggest?q=lap%00top")).status).toBe(400);
    expect(await get("/api/search/suggest?q=zzqxjvw")).toEqual({ status: 200, body: [] });
  });

  it("corrects a misspelled finished word", async () => {
    const { body } = await get<Suggestion[]>("/api/search/suggest?q=lapotp%20");
    expect(body.length).toBeGreaterThan(0);
    expect(body[0]?.name).toMatch(/laptop/i);
  });
});

describe("GET /api/search with paging: facets and corrections", () => {
  it("finds a product whose name word is misspelled (dropped, swapped or doubled letter), saying what it searched for", async () => {
    for (const typo of ["laptp", "lapotp", "lapttop"]) {
      const { body } = await get<SearchPage>(`/api/search?q=${typo}&page=1&perPage=50`);
      expect(body.correctedQuery, typo).toBe("laptop");
      const ids = body.products.map((p) => p.id);
      expect(ids, typo).toEqual(expect.arrayContaining(laptops.map((p) => p.id)));
    }
    // The original client's bare array finds them too.
    const bare = await get<{ id: string }[]>("/api/search?q=lapotp");
    expect(bare.body.map((p) => p.id)).toEqual(expect.arrayContaining(laptops.map((p) => p.id)));
  });

  it("counts facets beside the results and narrows by each of them", async () => {
    const all = (await get<SearchPage>("/api/search?q=gold&page=1&perPage=100")).body;
    expect(all.total).toBeGreaterThan(2);
    expect(all.correctedQuery).toBeNull();
    expect(all.facets.priceBands.reduce((sum, band) => sum + band.count, 0)).toBe(all.total);
    expect(all.facets.priceBands[0]).toMatchObject({ minPrice: 0, maxPrice: 500 });

    const band = all.facets.priceBands.find((b) => b.count > 0);
    const maxPrice = band?.maxPrice === null || band?.maxPrice === undefined ? "" : `&maxPrice=${band.maxPrice - 0.01}`;
    const priced = (await get<SearchPage>(`/api/search?q=gold&page=1&perPage=100&minPrice=${band?.minPrice}${maxPrice}`)).body;
    expect(priced.total).toBe(band?.count);

    const sub = all.facets.subCategories[0];
    const inSub = (await get<SearchPage>(`/api/search?q=gold&page=1&perPage=100&subCatId=${sub?.id}`)).body;
    expect(inSub.total).toBe(sub?.count);
    expect(inSub.products.every((p) => p.subCatId === sub?.id)).toBe(true);

    const rated = all.facets.ratings.find((r) => r.stars === 4);
    expect((await get<SearchPage>("/api/search?q=gold&page=1&perPage=100&rating=4")).body.total).toBe(rated?.count);

    const stocked = (await get<SearchPage>("/api/search?q=gold&page=1&perPage=100&inStock=true")).body;
    expect(stocked.total).toBe(all.facets.inStock);
    expect(stocked.products.every((p) => p.countInStock > 0)).toBe(true);
  });

  it("refuses bad filters with a message", async () => {
    for (const query of ["minPrice=9&maxPrice=1", "inStock=yes", "subCatId=nope", "rating=9"]) {
      const { status, body } = await get<{ error: boolean; msg: string }>(`/api/search?q=gold&${query}`);
      expect(status, query).toBe(400);
      expect(body.error, query).toBe(true);
    }
  });

  it("finds a product by its category's name", async () => {
    const groceries = demo.categories.find((c) => c.name === "Groceries");
    const { body } = await get<SearchPage>("/api/search?q=groceries&page=1&perPage=100");
    expect(body.total).toBe(demo.products.filter((p) => p.catId === groceries?.id).length);
  });
});

describe("GET /api/products?inStock=true", () => {
  it("lists only products with stock left", async () => {
    const { status, body } = await get<SearchPage>("/api/products?inStock=true&page=1&perPage=100");
    expect(status).toBe(200);
    expect(body.total).toBe(demo.products.filter((p) => (p.countInStock ?? 0) > 0).length);
    expect(body.products.every((p) => p.countInStock > 0)).toBe(true);
  });
});
