import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPglite, type Database, openDatabase } from "#db/client.ts";
import { buildDemoCatalog } from "#db/seed/demo-catalog.ts";
import { seedDemoCatalog } from "#db/seed/seed.ts";
import type { Product } from "../catalog/types.ts";
import { createSearchService, type SearchService } from "./search-service.ts";

// The database holds the deterministic demo catalogue, so expected products come from the same builder.
const demo = buildDemoCatalog();
const laptops = demo.products.filter((p) => /\blaptop\b/i.test(p.name));
const namesWith = (items: Product[], word: string) => items.filter((p) => p.name.toLowerCase().includes(word));

let pglite: PGlite;
let database: Database;
let search: SearchService;
beforeAll(async () => {
  pglite = await createPglite();
  database = await openDatabase({ pglite });
  await seedDemoCatalog(database.db);
  search = createSearchService({ db: database.db });
}, 60_000);
afterAll(async () => {
  await database?.close();
});

describe("search.findProducts", () => {
  it("finds every product named by a word, those named by it ranked before matches in brand or description", async () => {
    expect(laptops.length).toBeGreaterThan(0);
    const page = await search.findProducts({ query: "laptop", page: 1, perPage: 100 });
    expect(page.total).toBeGreaterThanOrEqual(laptops.length);
    expect(namesWith(page.items, "laptop").map((p) => p.id)).toEqual(expect.arrayContaining(laptops.map((p) => p.id as string)));
    const named = page.items.map((p) => p.name.toLowerCase().includes("laptop"));
    expect(named.slice(0, laptops.length).every(Boolean)).toBe(true);
  });

  it("returns each product with its category names", async () => {
    const [first] = (await search.findProducts({ query: "laptop", page: 1, perPage: 1 })).items;
    const category = demo.categories.find((c) => c.id === first?.catId);
    const subCategory = demo.categories.find((c) => c.id === first?.subCatId);
    expect(first?.catName).toBe(category?.name);
    expect(first?.subCatName).toBe(subCategory?.name ?? null);
  });

  it("matches stemmed words and tolerates a typo in a name", async () => {
    for (const query of ["laptops", "lapotp", "  Laptop  "]) {
      const page = await search.findProducts({ query, page: 1, perPage: 100 });
      expect(namesWith(page.items, "laptop").length, query).toBe(laptops.length);
    }
    const relaxed = await search.findProducts({ query: "realxed", page: 1, perPage: 100 });
    expect(namesWith(relaxed.items, "relaxed").length).toBeGreaterThan(0);
  });

  it("applies every filter of a product list to the matches", async () => {
    const laptop = laptops[0];
    const inCategory = await search.findProducts({ query: "laptop", catId: laptop?.catId, page: 1, perPage: 100 });
    expect(inCategory.total).toBeGreaterThan(0);
    expect(inCategory.items.every((p) => p.catId === laptop?.catId)).toBe(true);

    const price = laptop?.pricePaise ?? 0;
    const cheap = await search.findProducts({ query: "laptop", maxPricePaise: price - 1, page: 1, perPage: 100 });
    expect(cheap.items.every((p) => p.pricePaise < price)).toBe(true);
    expect(cheap.items.some((p) => p.id === laptop?.id)).toBe(false);

    const nowhere = await search.findProducts({ query: "laptop", location: "Atlantis", page: 1, perPage: 10 });
    expect(nowhere).toEqual({ items: [], total: 0, page: 1, perPage: 10, totalPages: 0 });
  });

  it("cuts pages from one stable order and counts every match", async () => {
    const wide = await search.findProducts({ query: "gold", page: 1, perPage: 6 });
    expect(wide.total).toBeGreaterThan(4);
    const second = await search.findProducts({ query: "gold", page: 2, perPage: 2 });
    expect(second.items.map((p) => p.id)).toEqual(wide.items.slice(2, 4).map((p) => p.id));
    expect(second).toMatchObject({ total: wide.total, page: 2, perPage: 2, totalPages: Math.ceil(wide.total / 2) });
  });

  it("finds nothing for gibberish", async () => {
    expect(await search.findProducts({ query: "zzqxjvw", page: 1, perPage: 16 })).toEqual({
      items: [],
      total: 0,
      page: 1,
      perPage: 16,
      totalPages: 0,
    });
  });

  it("loosens the typo threshold for its own transaction only", async () => {
    const threshold = async () =>
      (await pglite.query<{ value: string }>("select current_setting('pg_trgm.word_similarity_threshold') as value")).rows[0]
        ?.value;
    const before = await threshold();
    await search.findProducts({ query: "lapotp", page: 1, perPage: 1 });
    expect(await threshold()).toBe(before);
    expect(before).not.toBe("0.3");
  });
});
