import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemoCatalog } from "#db/seed/demo-catalog.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../support/test-app.ts";

// The test database holds the deterministic demo catalogue, so expected counts come from the same builder.
const demo = buildDemoCatalog();
const topCategories = demo.categories.filter((c) => !c.parentId);
const subCategories = demo.categories.filter((c) => c.parentId);

interface ProductJson {
  _id: string;
  id: string;
  name: string;
  price: number;
  oldPrice: number;
  rating: number;
  catId: string;
  catName: string;
  subCatId: string | null;
  location: string[];
  isFeatured: boolean;
  images: string[];
  imageUrls: string[];
  dateCreated: string;
  countInStock: number;
}
interface PageJson {
  error: false;
  products: ProductJson[];
  total: number;
  page: number;
  perPage: number;
  totalPages: number;
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function get<T = PageJson>(url: string) {
  const response = await app.server.inject({ method: "GET", url });
  return { status: response.statusCode, body: response.json() as T, headers: response.headers };
}

const isNewestFirst = (products: ProductJson[]) =>
  products.every((p, i) => i === 0 || (products[i - 1] as ProductJson).dateCreated >= p.dateCreated);

describe("GET /api/products/getProducts (new products)", () => {
  it("pages through every product newest first with the contract's fields", async () => {
    const { status, body } = await get("/api/products/getProducts?page=1&perPage=16&location=");
    expect(status).toBe(200);
    expect(body.products).toHaveLength(16);
    expect(body.total).toBe(demo.products.length);
    expect(body.totalPages).toBe(Math.ceil(demo.products.length / 16));
    expect(isNewestFirst(body.products)).toBe(true);
    const [first] = body.products;
    expect(first?._id).toBe(first?.id);
    // Spec §3: `images` are stored file names (clients add {host}/download/); `imageUrls` the absolute URLs.
    expect(first?.images.length).toBeGreaterThan(0);
    for (const image of first?.images ?? []) expect(image).toMatch(/^[a-z0-9][a-z0-9.-]+\.webp$/);
    expect(first?.imageUrls).toEqual(first?.images.map((file) => `${TEST_PUBLIC_URL}/download/${file}`));
    expect(Object.keys(first ?? {})).toEqual(
      expect.arrayContaining([
        "countInStock",
        "oldPrice",
        "productRam",
        "size",
        "productWeight",
        "subCatId",
        "catName",
        "discount",
        "imageUrls",
      ]),
    );
  });

  it("returns prices in rupees computed from the stored paise", async () => {
    const { body } = await get("/api/products/getProducts?perPage=5");
    for (const product of body.products) {
      const row = demo.products.find((p) => p.id === product.id);
      expect(product.price).toBe((row?.pricePaise ?? Number.NaN) / 100);
    }
  });

  it("answers oldPrice equal to price for a product without an old price, never null", async () => {
    const { body } = await get("/api/products/getProducts?page=1&perPage=100");
    const rows = new Map(demo.products.map((p) => [p.id, p]));
    const withoutOld = body.products.filter((p) => rows.get(p.id)?.oldPricePaise == null);
    const withOld = body.products.filter((p) => rows.get(p.id)?.oldPricePaise != null);
    expect(withoutOld.length).toBeGreaterThan(0);
    for (const product of withoutOld) expect(product.oldPrice).toBe(product.price);
    for (const product of withOld) expect(product.oldPrice).toBe((rows.get(product.id)?.oldPricePaise ?? Number.NaN) / 100);
  });

  it("gives consecutive pages without overlap and an empty page past the end", async () => {
    const one = await get("/api/products/getProducts?page=1&perPage=10");
    const two = await get("/api/products/getProducts?page=2&perPage=10");
    const ids = new Set([...one.body.products, ...two.body.products].map((p) => p.id));
    expect(ids.size).toBe(20);
    const past = await get(`/api/products/getProducts?page=${one.body.totalPages + 1}&perPage=10`);
    expect(past.status).toBe(200);
    expect(past.body.products).toEqual([]);
    expect(past.body.total).toBe(demo.products.length);
  });

  it.each([
    ["page=abc", "page"],
    ["page=0", "page"],
    ["page=1.5", "page"],
    ["perPage=0", "perPage"],
    ["perPage=101", "perPage"],
    ["perPage=-3", "perPage"],
  ])("refuses %s with a 400 naming the parameter", async (query, name) => {
    const { status, body } = await get<{ error: boolean; msg: string }>(`/api/products/getProducts?${query}`);
    expect(status).toBe(400);
    expect(body.error).toBe(true);
    expect(body.msg).toContain(name);
  });
});

describe("location filter", () => {
  it("keeps only products sold in the chosen country", async () => {
    const { body } = await get("/api/products/getProducts?perPage=100&location=Nepal");
    const expected = demo.products.filter((p) => p.locations?.includes("Nepal")).length;
    expect(expected).toBeGreaterThan(0);
    expect(body.total).toBe(expected);
    expect(body.products.every((p) => p.location.includes("Nepal"))).toBe(true);
  });

  it.each(["", "All", "all"])("treats location=%j as no filter", async (location) => {
    const { body } = await get(`/api/products/getProducts?perPage=1&location=${location}`);
    expect(body.total).toBe(demo.products.length);
  });

  it("finds nothing for a country where nothing is sold", async () => {
    const { status, body } = await get("/api/products/getProducts?location=Atlantis");
    expect(status).toBe(200);
    expect(body.total).toBe(0);
  });
});

describe("GET /api/products/featured", () => {
  const featured = demo.products.filter((p) => p.isFeatured);

  it("lists only featured products, as a bare array (the whole list without paging)", async () => {
    expect(featured.length).toBeLessThanOrEqual(100);
    for (const url of ["/api/products/featured?location=", "/api/products/featured?perPage=100&location="]) {
      const { status, body } = await get<ProductJson[]>(url);
      expect(status).toBe(200);
      expect(Array.isArray(body)).toBe(true);
      expect(body).toHaveLength(featured.length);
      expect(body.every((p) => p.isFeatured)).toBe(true);
      expect(isNewestFirst(body)).toBe(true);
    }
  });

  it("cuts the array to the page asked for, 10 by default", async () => {
    const all = (await get<ProductJson[]>("/api/products/featured")).body;
    expect((await get<ProductJson[]>("/api/products/featured?page=1")).body.map((p) => p.id)).toEqual(
      all.slice(0, 10).map((p) => p.id),
    );
    expect((await get<ProductJson[]>("/api/products/featured?page=2&perPage=5")).body.map((p) => p.id)).toEqual(
      all.slice(5, 10).map((p) => p.id),
    );
  });
});

describe("category listings", () => {
  const category = topCategories[0];
  const subCategory = subCategories.find((s) => s.parentId === category?.id);

  it("lists a category's products by catId", async () => {
    const { status, body } = await get(`/api/products/catId?catId=${category?.id}&perPage=100&location=`);
    expect(status).toBe(200);
    expect(body.total).toBe(demo.products.filter((p) => p.catId === category?.id).length);
    expect(body.products.every((p) => p.catId === category?.id)).toBe(true);
    expect(isNewestFirst(body.products)).toBe(true);
  });

  it("lists a sub-category's products by subCatId", async () => {
    const { body } = await get(`/api/products/subCatId?subCatId=${subCategory?.id}&page=1&perPage=100`);
    expect(body.total).toBe(demo.products.filter((p) => p.subCatId === subCategory?.id).length);
    expect(body.products.every((p) => p.subCatId === subCategory?.id && p.catId === category?.id)).toBe(true);
  });

  it("lists a category's products by name, ignoring case", async () => {
    const { body } = await get(`/api/products/catName?catName=${encodeURIComponent(String(category?.name).toUpperCase())}`);
    expect(body.total).toBe(demo.products.filter((p) => p.catId === category?.id).length);
    expect(body.products.every((p) => p.catName === category?.name)).toBe(true);
  });

  it("answers 404 for a category that does not exist and 400 for a malformed id", async () => {
    const missing = await get<{ error: boolean; msg: string }>("/api/products/catId?catId=0190a000-0000-7000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: true, msg: "Category not found" });
    const malformed = await get<{ error: boolean; msg: string }>("/api/products/subCatId?subCatId=42");
    expect(malformed.status).toBe(400);
    expect(malformed.body.msg).toContain("subCatId");
    const absent = await get<{ error: boolean; msg: string }>("/api/products/catId");
    expect(absent.status).toBe(400);
  });
});

describe("keyset paging (after)", () => {
  // 10 is one of the shop's own page sizes, written into the statement's SQL (PLANNED_PAGE_SIZES); 7 is a parameter.
  it.each([7, 10])("walks a whole category %i at a time, in list order, each product once, without counting", async (perPage) => {
    const category = topCategories[0];
    const expected = (await get<PageJson>(`/api/products?catId=${category?.id}`)).body.products.map((p) => p.id);
    expect(expected.length).toBeGreaterThan(2 * perPage);
    const walked: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const url: string = `/api/products?catId=${category?.id}&perPage=${perPage}${after ? `&after=${after}` : ""}`;
      const { status, body } = await get<PageJson & { nextCursor: string | null }>(url);
      expect(status).toBe(200);
      if (after) {
        expect(body.total).toBeNull();
        expect(body.page).toBeNull();
        expect(body.totalPages).toBeNull();
      } else {
        expect(body.total).toBe(expected.length);
      }
      walked.push(...body.products.map((p) => p.id));
      after = body.nextCursor;
      if (after === null) break;
      expect(after).toBe(body.products.at(-1)?.id);
    }
    expect(walked).toEqual(expected);
  });

  it("refuses an after that is not a product id", async () => {
    const { status, body } = await get<{ msg: string }>("/api/products?after=not-an-id");
    expect(status).toBe(400);
    expect(body.msg).toMatch(/after/);
  });
});

describe("price and rating filters", () => {
  const category = topCategories[1];

  it("filters by price over the whole result, not one page (fiterByPrice)", async () => {
    const inRange = demo.products.filter((p) => p.catId === category?.id && p.pricePaise >= 50_000 && p.pricePaise <= 300_000);
    const { status, body } = await get(`/api/products/fiterByPrice?minPrice=500&maxPrice=3000&catId=${category?.id}&perPage=5`);
    expect(status).toBe(200);
    expect(body.total).toBe(inRange.length);
    expect(body.products.every((p) => p.price >= 500 && p.price <= 3000)).toBe(true);
  });

  it("serves a filtered list by page number up to its first 1,000 products, and says how to go further", async () => {
    // Past the counted products of a narrower list (20 per page: page 50 ends at the 1,000th) a page is refused with a
    // pointer to keyset paging; a category's own list, counted exactly, serves every page.
    expect((await get(`/api/products?minPrice=1&page=50&perPage=20`)).status).toBe(200);
    const deep = await get<{ error: boolean; msg: string }>(`/api/products?minPrice=1&page=51&perPage=20`);
    expect(deep.status).toBe(400);
    expect(deep.body).toMatchObject({ error: true, msg: expect.stringContaining("after=") });
    expect((await get(`/api/products/rating?rating=1&page=11&perPage=100`)).status).toBe(400);
    const unfiltered = await get(`/api/products?catId=${category?.id}&page=5000&perPage=20`);
    expect(unfiltered.status).toBe(200);
    expect(unfiltered.body.products).toEqual([]);
  });

  it("refuses a negative price and a range whose minimum exceeds its maximum", async () => {
    expect((await get("/api/products/fiterByPrice?minPrice=-1&maxPrice=10")).status).toBe(400);
    const reversed = await get<{ msg: string }>("/api/products/fiterByPrice?minPrice=900&maxPrice=100");
    expect(reversed.status).toBe(400);
    expect(reversed.body.msg).toContain("minPrice");
    expect((await get("/api/products/fiterByPrice?minPrice=cheap")).status).toBe(400);
  });

  it("keeps products rated at least the given rating", async () => {
    const { body } = await get(`/api/products/rating?rating=4&catId=${category?.id}&perPage=100`);
    expect(body.total).toBe(demo.products.filter((p) => p.catId === category?.id && (p.rating ?? 0) >= 4).length);
    expect(body.products.every((p) => p.rating >= 4)).toBe(true);
    expect((await get("/api/products/rating?rating=6")).status).toBe(400);
    expect((await get("/api/products/rating")).status).toBe(400);
  });

  it("combines sub-category, price, rating and location on /api/products", async () => {
    const sub = subCategories.find((s) => s.parentId === category?.id);
    const expected = demo.products.filter(
      (p) =>
        p.subCatId === sub?.id &&
        p.pricePaise >= 10_000 &&
        p.pricePaise <= 6_000_000 &&
        (p.rating ?? 0) >= 3 &&
        p.locations?.includes("India"),
    );
    const url = `/api/products?subCatId=${sub?.id}&minPrice=100&maxPrice=60000&rating=3&location=India&page=1&perPage=2`;
    const { body } = await get(url);
    expect(body.total).toBe(expected.length);
    expect(body.totalPages).toBe(Math.ceil(expected.length / 2));
    expect(body.products.every((p) => p.subCatId === sub?.id && p.rating >= 3 && p.location.includes("India"))).toBe(true);
  });
});

describe("GET /api/products/{id}", () => {
  const product = demo.products[0];

  it("returns one product", async () => {
    const { status, body } = await get<ProductJson>(`/api/products/${product?.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ _id: product?.id, id: product?.id, name: product?.name, countInStock: product?.countInStock });
  });

  it("answers 404 with the error shape for an unknown product and 400 for a malformed id", async () => {
    const missing = await get(`/api/products/0190a000-0000-7000-8000-000000000000`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: true, msg: "Product not found" });
    const malformed = await get<{ error: boolean; msg: string }>("/api/products/not-an-id");
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe(true);
  });
});

describe("GET /api/category", () => {
  it("lists the categories with their sub-categories as children", async () => {
    const { status, body } = await get<{
      categoryList: {
        _id: string;
        id: string;
        name: string;
        color: string;
        images: string[];
        imageUrls: string[];
        children: { id: string }[];
      }[];
    }>("/api/category");
    expect(status).toBe(200);
    expect(body.categoryList).toHaveLength(topCategories.length);
    for (const category of body.categoryList) {
      expect(category._id).toBe(category.id);
      expect(category.color).toMatch(/^#[0-9a-f]{6}$/i);
      expect(category.images).toEqual(demo.categories.find((c) => c.id === category.id)?.images);
      expect(category.imageUrls).toEqual(category.images.map((file) => `${TEST_PUBLIC_URL}/download/${file}`));
      expect(category.children.length).toBeGreaterThanOrEqual(3);
      const expected = subCategories.filter((s) => s.parentId === category.id).map((s) => s.id);
      expect(category.children.map((c) => c.id).sort()).toEqual(expected.sort());
    }
  });
});

describe("banners", () => {
  it.each([
    ["/api/homeBanner", "home"],
    ["/api/banners", "row"],
    ["/api/homeSideBanners", "side"],
    ["/api/homeBottomBanners", "bottom"],
  ])("%s lists the %s banners as an array", async (url, kind) => {
    const { status, body } =
      await get<{ id: string; images: string[]; imageUrls: string[]; catId: string; subCatId: string | null }[]>(url);
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(demo.banners.filter((b) => b.kind === kind).length);
    for (const banner of body) {
      expect(banner).toHaveProperty("subCatId");
      expect(banner.images[0]).toMatch(/^b-[a-z0-9.-]+\.webp$/);
      expect(banner.imageUrls).toEqual(banner.images.map((file) => `${TEST_PUBLIC_URL}/download/${file}`));
      if (banner.subCatId) expect(subCategories.find((s) => s.id === banner.subCatId)?.parentId).toBe(banner.catId);
    }
  });

  it("has banners with and without a sub-category (subCatId: null)", async () => {
    const all = (
      await Promise.all(
        ["/api/homeBanner", "/api/banners", "/api/homeSideBanners", "/api/homeBottomBanners"].map((u) =>
          get<{ subCatId: string | null }[]>(u),
        ),
      )
    ).flatMap((r) => r.body);
    expect(all.some((b) => b.subCatId === null)).toBe(true);
    expect(all.some((b) => b.subCatId !== null)).toBe(true);
  });
});

describe("GET /api/search", () => {
  const product = demo.products.find((p) => p.name.split(" ").some((w) => w.length >= 6));
  const word = product?.name.split(" ").find((w) => w.length >= 6) ?? "";

  it("finds products by a word of their name, as a bare array without paging", async () => {
    const { status, body } = await get<ProductJson[]>(`/api/search?q=${encodeURIComponent(word)}`);
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(body.length).toBeGreaterThan(0);
    expect(body[0]?.name.toLowerCase()).toContain(word.toLowerCase().slice(0, 4));
  });

  it("answers the paged object when page or perPage is given, with the same best match first", async () => {
    const all = (await get<ProductJson[]>(`/api/search?q=${encodeURIComponent(word)}`)).body;
    const { status, body } = await get(`/api/search?q=${encodeURIComponent(word)}&page=1&perPage=2`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ error: false, total: all.length, page: 1, perPage: 2, totalPages: Math.ceil(all.length / 2) });
    expect(body.products.map((p) => p.id)).toEqual(all.slice(0, 2).map((p) => p.id));
    expect((await get(`/api/search?q=${encodeURIComponent(word)}&page=1`)).body.perPage).toBe(10);
  });

  it("tolerates a typo", async () => {
    const typo = `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`;
    const { body } = await get<ProductJson[]>(`/api/search?q=${encodeURIComponent(typo)}`);
    expect(body.some((p) => p.name.toLowerCase().includes(word.toLowerCase()))).toBe(true);
  });

  it("refuses an empty query", async () => {
    const { status, body } = await get<{ error: boolean; msg: string }>("/api/search?q=%20");
    expect(status).toBe(400);
    expect(body.msg).toMatch(/search/i);
  });

  it("finds nothing for gibberish without failing", async () => {
    const { status, body } = await get<ProductJson[]>("/api/search?q=zzqxjvw");
    expect(status).toBe(200);
    expect(body).toEqual([]);
    const paged = await get("/api/search?q=zzqxjvw&page=1&perPage=10");
    expect(paged.status).toBe(200);
    expect(paged.body.total).toBe(0);
  });
});

describe("micro-cache of catalogue answers (API_CACHE_TTL_MS)", () => {
  it("answers a repeated GET from memory with the same body, compressed for clients that ask", async () => {
    app.catalogCache.clear();
    const url = "/api/products/getProducts?page=2&perPage=7";
    const first = await app.server.inject({ method: "GET", url });
    const second = await app.server.inject({ method: "GET", url });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([first.headers["x-cache"], second.headers["x-cache"]]).toEqual(["MISS", "HIT"]);
    expect(second.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(second.body).toBe(first.body);
    expect(second.json().products).toHaveLength(7);
    const gzipped = await app.server.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(gzipped.headers["x-cache"]).toBe("HIT");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.rawPayload).toString("utf8")).toBe(first.body);
  });

  it("never keeps an error, and forgets everything on clear()", async () => {
    const bad = "/api/products/getProducts?page=zero";
    expect((await app.server.inject({ method: "GET", url: bad })).statusCode).toBe(400);
    const again = await app.server.inject({ method: "GET", url: bad });
    expect(again.statusCode).toBe(400);
    expect(again.headers["x-cache"]).toBe("MISS");
    await app.server.inject({ method: "GET", url: "/api/category" });
    app.catalogCache.clear();
    expect((await app.server.inject({ method: "GET", url: "/api/category" })).headers["x-cache"]).toBe("MISS");
  });

  it("lets concurrent requests for one URL wait for a single computation", async () => {
    app.catalogCache.clear();
    const url = "/api/products/getProducts?page=3&perPage=5";
    const answers = await Promise.all(Array.from({ length: 10 }, () => app.server.inject({ method: "GET", url })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.headers["x-cache"] === "MISS")).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    // A failed computation is not shared: each waiting request gets its own (here: the same 404).
    const missing = "/api/products/00000000-0000-7000-8000-000000000000";
    const notFound = await Promise.all(Array.from({ length: 5 }, () => app.server.inject({ method: "GET", url: missing })));
    expect(notFound.map((a) => a.statusCode)).toEqual(Array(5).fill(404));
  });

  it("shows a product changed through a service at once: its cached detail is evicted, other answers are kept", async () => {
    const product = demo.products[5];
    if (!product) throw new Error("the demo catalogue has products");
    const url = `/api/products/${product.id}`;
    const list = "/api/products/getProducts?page=1&perPage=3";
    await app.server.inject({ method: "GET", url });
    await app.server.inject({ method: "GET", url: list });
    expect((await app.server.inject({ method: "GET", url })).headers["x-cache"]).toBe("HIT");
    const stock = (product.countInStock ?? 0) + 7;
    await app.services.catalog.setStock(product.id, stock);
    const after = await app.server.inject({ method: "GET", url });
    expect(after.headers["x-cache"]).toBe("MISS");
    expect(after.json().countInStock).toBe(stock);
    // Lists are not evicted: they expire within API_CACHE_TTL_MS (docs/decisions/009-catalogue-micro-cache.md).
    expect((await app.server.inject({ method: "GET", url: list })).headers["x-cache"]).toBe("HIT");
  });

  it("is off with API_CACHE_TTL_MS=0", async () => {
    const uncached = await createTestApp({ env: { API_CACHE_TTL_MS: "0" } });
    try {
      await uncached.server.inject({ method: "GET", url: "/api/category" });
      const second = await uncached.server.inject({ method: "GET", url: "/api/category" });
      expect(second.statusCode).toBe(200);
      // Nothing is looked up or kept, so nothing is a hit or a miss.
      expect(second.headers).not.toHaveProperty("x-cache");
      expect(uncached.catalogCache.size).toBe(0);
    } finally {
      await uncached.close();
    }
  });
});
