import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryImageStore } from "#tests/support/memory-image-store.ts";
import { createPglite, type Database, openDatabase, rowsOf } from "../client.ts";
import { banners, categories, categoryCounts, products } from "../schema/catalog.ts";
import { reviews } from "../schema/reviews.ts";
import { searchTerms } from "../schema/search.ts";

import { buildDemoCatalog, planDemoCatalog } from "./demo-catalog.ts";
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

  it("bulk-loads exactly the rows the triggers produce: category names, search dictionary, indexes, keys and triggers", async () => {
    const throughTriggers = await openDatabase({ pglite: await createPglite() });
    const bulkLoaded = await openDatabase({ pglite: await createPglite() });
    try {
      expect(await seedDemoCatalog(throughTriggers.db, { products: 700, bulk: false })).toMatchObject({ seeded: true });
      expect(await seedDemoCatalog(bulkLoaded.db, { products: 700, bulk: true })).toMatchObject({ seeded: true });
      const contents = async ({ db }: Database) => ({
        categories: await db.select().from(categories).orderBy(categories.id),
        products: await db.select().from(products).orderBy(products.id),
        banners: await db.select().from(banners).orderBy(banners.id),
        reviews: await db.select().from(reviews).orderBy(reviews.id),
        searchTerms: await db.select().from(searchTerms).orderBy(searchTerms.term),
        categoryCounts: await db.select().from(categoryCounts).orderBy(categoryCounts.categoryId),
        indexes: await rowsOf(db, sql`select indexdef from pg_indexes where schemaname = 'public' order by 1`),
        constraints: await rowsOf(db, sql`select conname, pg_get_constraintdef(oid) from pg_constraint order by 1`),
        triggers: await rowsOf(db, sql`select tgname, tgenabled from pg_trigger where not tgisinternal order by 1`),
      });
      const expected = await contents(throughTriggers);
      expect(expected.products.every((product) => product.categoryNames.includes(" "))).toBe(true);
      expect(expected.searchTerms.length).toBeGreaterThan(100);
      expect(expected.categoryCounts.length).toBe(expected.categories.length);
      expect(await contents(bulkLoaded)).toEqual(expected);
    } finally {
      await throughTriggers.close();
      await bulkLoaded.close();
    }
  }, 60_000);

  it("streams the same products, reviews and pictures in batches as buildDemoCatalog builds at once", () => {
    const whole = buildDemoCatalog({ products: 1000 });
    const plan = planDemoCatalog({ products: 1000 });
    const batches = [...plan.productBatches(333)];
    expect(batches.map((batch) => batch.products.length)).toEqual([333, 333, 333, 1]);
    expect(batches.flatMap((batch) => batch.products)).toEqual(whole.products);
    expect(batches.flatMap((batch) => batch.reviews)).toEqual(whole.reviews);
    expect(plan.pictures()).toEqual(whole.images);
  });

  it("seeds another catalogue after resetCatalog empties the first", async () => {
    await resetCatalog(database.db);
    expect(await rowCounts()).toEqual({ categories: 0, products: 0, banners: 0, reviews: 0 });
    expect(await seedDemoCatalog(database.db, { products: 1500 })).toMatchObject({ seeded: true, products: 1500 });
    expect((await rowCounts()).products).toBe(1500);
  });

  it("resets by emptying carts, lists and the dictionary while past orders keep their lines", async () => {
    const { db } = database;
    const [product] = await db.select().from(products).limit(1);
    const user = "019ac000-0000-7000-8000-000000000001";
    const cart = "019ac000-0000-7000-8000-000000000002";
    const order = "019ac000-0000-7000-8000-000000000003";
    await db.execute(sql`insert into users (id, name, email) values (${user}, 'Asha', 'asha@example.com')`);
    await db.execute(sql`insert into carts (id, user_id) values (${cart}, ${user})`);
    await db.execute(sql`insert into cart_items (id, cart_id, product_id, quantity, price_paise_at_add)
      values ('019ac000-0000-7000-8000-000000000004', ${cart}, ${product?.id}, 1, 49900)`);
    await db.execute(
      sql`insert into wishlist_items (id, user_id, product_id) values ('019ac000-0000-7000-8000-000000000005', ${user}, ${product?.id})`,
    );
    await db.execute(sql`insert into orders (id, user_id, name, phone_number, address, pincode, email, billing, amount_paise, payment_provider)
      values (${order}, ${user}, 'Asha', '9999999999', 'MG Road', '560001', 'asha@example.com', '{}', 49900, 'test')`);
    await db.execute(sql`insert into order_items (id, order_id, product_id, product_title, image, quantity, price_paise, sub_total_paise)
      values ('019ac000-0000-7000-8000-000000000006', ${order}, ${product?.id}, ${product?.name}, 'p.webp', 1, 49900, 49900)`);
    const [review] = await db.select({ id: reviews.id }).from(reviews).limit(1);
    await db.execute(sql`insert into review_reports (review_id, user_id) values (${review?.id}, ${user})`);
    const foreignKeys = sql`select conname, pg_get_constraintdef(oid) from pg_constraint where contype = 'f' order by 1`;
    const keysBefore = await rowsOf(db, foreignKeys);

    await resetCatalog(db);

    expect(await rowCounts()).toEqual({ categories: 0, products: 0, banners: 0, reviews: 0 });
    const left = async (table: string) => (await rowsOf(db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0];
    expect(await left("search_terms")).toEqual({ n: 0 });
    expect(await left("cart_items")).toEqual({ n: 0 });
    expect(await left("wishlist_items")).toEqual({ n: 0 });
    expect(await left("review_reports")).toEqual({ n: 0 });
    expect(await left("carts")).toEqual({ n: 1 });
    expect(await rowsOf(db, sql`select product_id, product_title, image, price_paise from order_items`)).toEqual([
      { product_id: null, product_title: product?.name, image: "p.webp", price_paise: 49900 },
    ]);
    expect(await rowsOf(db, foreignKeys)).toEqual(keysBefore);
    expect(await seedDemoCatalog(db)).toMatchObject({ seeded: true, products: 320 });
  });
});
