import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryImageStore } from "#tests/support/memory-image-store.ts";
import { createPglite, type Database, openDatabase } from "../client.ts";
import { banners, categories, products } from "../schema/catalog.ts";
import { reviews } from "../schema/shopping.ts";
import { buildDemoCatalog } from "./demo-catalog.ts";
import { resetCatalog, seedDemoCatalog } from "./seed.ts";

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ pglite: await createPglite() });
}, 60_000);
afterAll(async () => {
  await database?.close();
});

async function rowCounts() {
  const { db } = database;
  const [[c], [p], [b], [r]] = await Promise.all([
    db.select({ n: count() }).from(categories),
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(banners),
    db.select({ n: count() }).from(reviews),
  ]);
  return { categories: c?.n, products: p?.n, banners: b?.n, reviews: r?.n };
}

describe("seedDemoCatalog", () => {
  it("fills an empty database with the whole demo catalogue, once", async () => {
    const expected = buildDemoCatalog();
    const counts = {
      categories: expected.categories.length,
      products: expected.products.length,
      banners: expected.banners.length,
      reviews: expected.reviews.length,
    };
    expect(await seedDemoCatalog(database.db)).toEqual({ seeded: true, ...counts });
    expect(await rowCounts()).toEqual(counts);

    expect(await seedDemoCatalog(database.db)).toEqual({ seeded: false, categories: 0, products: 0, banners: 0, reviews: 0 });
    expect(await rowCounts()).toEqual(counts);
  });

  it("renders the pictures when given an image store, even into a database that already has its catalogue", async () => {
    const { store, files } = createMemoryImageStore();
    const result = await seedDemoCatalog(database.db, { products: 1, images: { store, description: "memory" } });
    const expected = buildDemoCatalog({ products: 1 }).images.map((spec) => spec.fileName);
    expect(result).toMatchObject({ seeded: false, images: { rendered: expected.length, skipped: 0 } });
    expect([...files.keys()].sort()).toEqual(expected.sort());
  });

  it("seeds another catalogue after resetCatalog empties the first", async () => {
    await resetCatalog(database.db);
    expect(await rowCounts()).toEqual({ categories: 0, products: 0, banners: 0, reviews: 0 });
    expect(await seedDemoCatalog(database.db, { products: 1500 })).toMatchObject({ seeded: true, products: 1500 });
    expect((await rowCounts()).products).toBe(1500);
  });
});
