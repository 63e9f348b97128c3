import { count, eq, inArray, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, rowsOf } from "#db/client.ts";
import { categoryCounts, products } from "#db/schema/catalog.ts";

import { buildDemoCatalog } from "#db/seed/demo-catalog.ts";
import { openDemoDatabase } from "#tests/support/demo-database.ts";
import { filterConditions } from "./product-query.ts";
import { preparedProductQueries } from "./product-statements.ts";
import type { ProductFilter } from "./types.ts";

// Listing totals: exact from the counts the triggers of migration 0009 keep, or counted up to a cap.
const demo = buildDemoCatalog();
const [first, second] = demo.categories.filter((c) => !c.parentId);
const subOf = (parentId: string | undefined) => demo.categories.find((c) => c.parentId === parentId);

let database: Database;
beforeAll(async () => {
  database = await openDemoDatabase();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

/** What the counts should be: every category's products, counted the slow way. */
async function countedSlowly() {
  const rows = await rowsOf<{ c: string; n: number }>(
    database.db,
    sql`
    select c, count(*)::int as n from (
      select cat_id as c from products union all select sub_cat_id from products where sub_cat_id is not null
    ) every group by c`,
  );
  return new Map(rows.map((row) => [row.c, row.n]));
}
async function kept() {
  const rows = await database.db.select().from(categoryCounts);
  return new Map(rows.filter((row) => row.products > 0).map((row) => [row.categoryId, row.products]));
}

describe("category_counts", () => {
  it("holds every category's product count after the seed, and follows inserts, moves and deletes", async () => {
    expect(await kept()).toEqual(await countedSlowly());
    const sample = demo.products[0] as (typeof demo.products)[number];
    const ids = [uuidv7(), uuidv7(), uuidv7()];
    const sub = subOf(first?.id);
    await database.db.insert(products).values(
      ids.map((id, index) => ({
        ...sample,
        id,
        sku: `TEST-${id}`,
        name: `Counted ${index}`,
        catId: String(first?.id),
        subCatId: index === 0 ? null : String(sub?.id),
      })),
    );
    expect(await kept()).toEqual(await countedSlowly());
    await database.db
      .update(products)
      .set({ catId: String(second?.id), subCatId: String(subOf(second?.id)?.id) })
      .where(eq(products.id, String(ids[1])));
    // A stock change moves nothing.
    await database.db
      .update(products)
      .set({ countInStock: 3 })
      .where(eq(products.id, String(ids[2])));
    expect(await kept()).toEqual(await countedSlowly());
    await database.db.delete(products).where(inArray(products.id, ids));
    expect(await kept()).toEqual(await countedSlowly());
  });
});

describe("a list's total", () => {
  const pastTheEnd = 100_000;
  // The total comes with a page's rows, or from its own statement when the page is empty (past the last one).
  const listed = async (filter: Omit<ProductFilter, "page" | "perPage">, cap?: number, page = 1) => {
    const { items, total, capped } = await preparedProductQueries(database.db).page({ ...filter, page, perPage: 10 }, cap);
    expect(items.length === 0, `page ${page} of ${JSON.stringify(filter)} is empty`).toBe(page === pastTheEnd || total === 0);
    return { total, capped };
  };
  const slow = async (filter: Omit<ProductFilter, "page" | "perPage">) => {
    const [row] = await database.db
      .select({ n: count() })
      .from(products)
      .where(filterConditions(database.db, { ...filter, page: 1, perPage: 10 }));
    return row?.n ?? 0;
  };

  it("is exact for a category, a sub-category, a category by name and the whole catalogue, whatever the cap", async () => {
    const sub = subOf(first?.id);
    for (const filter of [{ catId: first?.id }, { subCatId: sub?.id }, { catName: first?.name.toUpperCase() }, {}]) {
      const exact = { total: await slow(filter), capped: false };
      expect(await listed(filter, 1), JSON.stringify(filter)).toEqual(exact);
      expect(await listed(filter, 1, pastTheEnd), JSON.stringify(filter)).toEqual(exact);
    }
    expect(await listed({ catId: "017e0000-0000-7000-8000-000000000000" })).toEqual({ total: 0, capped: false });
  });

  it("counts a narrower list up to the cap, and says so past it", async () => {
    const filter = { catId: first?.id, minPricePaise: 1 };
    const total = await slow(filter);
    expect(total).toBeGreaterThan(3);
    expect(await listed(filter)).toEqual({ total, capped: false });
    expect(await listed(filter, 3)).toEqual({ total: 3, capped: true });
    expect(await listed(filter, 3, pastTheEnd)).toEqual({ total: 3, capped: true });
    expect(await listed(filter, undefined, pastTheEnd)).toEqual({ total, capped: false });
    expect(await listed(filter, total)).toEqual({ total, capped: false });
    expect(await listed({ inStock: true }, 2)).toEqual({ total: 2, capped: true });
    expect(await listed({ catId: first?.id, subCatId: subOf(first?.id)?.id })).toEqual({
      total: await slow({ catId: first?.id, subCatId: subOf(first?.id)?.id }),
      capped: false,
    });
  });
});

describe("a list's pages", () => {
  it("follow one another newest first, with their products whole, whatever the page size and filters", async () => {
    const queries = preparedProductQueries(database.db);
    for (const filter of [{ catId: first?.id }, { catId: first?.id, minPricePaise: 1 }, {}]) {
      const whole = await queries.page({ ...filter, page: 1, perPage: 100 });
      const walked = [];
      for (let page = 1; page <= 5; page++) walked.push(...(await queries.page({ ...filter, page, perPage: 7 })).items);
      expect(walked.length, JSON.stringify(filter)).toBe(Math.min(35, whole.items.length));
      // The same products in the same order as one large page, each with every column (the page picks ids first).
      expect(walked, JSON.stringify(filter)).toEqual(whole.items.slice(0, walked.length));
      const newest = walked.map((product) => product.createdAt.getTime());
      expect(newest).toEqual([...newest].sort((a, b) => b - a));
      expect(walked[0]).toMatchObject({ catName: expect.any(String), images: expect.any(Array), size: expect.any(Array) });
    }
  });
});
