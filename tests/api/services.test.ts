import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#db/client.ts";
import { products } from "#db/schema/catalog.ts";
import { PLANNED_PAGES } from "#domain/catalog/product-statements.ts";
import { createTestCategory, createTestProduct, createTestUser } from "../support/builders.ts";
import { createTestServices, type TestServices } from "../support/test-services.ts";

// The domain services without HTTP, on rows the builders insert: the ground the cart's service tests stand on.
let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(async () => {
  await t?.close();
});

describe("services without HTTP, on built rows", () => {
  it("reads a built product's price and stock back through the catalogue service", async () => {
    const category = await createTestCategory(t.db, { name: "Kitchen Tests" });
    const built = await createTestProduct(t.db, { catId: category.id, pricePaise: 49_900, countInStock: 3 });

    const product = await t.services.catalog.getProduct(built.id);
    expect(product).toMatchObject({
      id: built.id,
      name: built.name,
      pricePaise: 49_900,
      countInStock: 3,
      catId: category.id,
      catName: "Kitchen Tests",
      productRam: [],
      size: [],
      productWeight: [],
    });
    expect(product.name).not.toBe("");
    expect(product.images.length).toBeGreaterThan(0);
  });

  it("builds a product in a category of its own unless told one, with the option lists it is given", async () => {
    const first = await createTestProduct(t.db);
    const second = await createTestProduct(t.db, { size: ["S", "M"], countInStock: 0 });
    expect(first.catId).not.toBe(second.catId);
    expect(await t.services.catalog.getProduct(second.id)).toMatchObject({ size: ["S", "M"], countInStock: 0 });
  });

  it("a built product is the newest: first in its category's listing", async () => {
    const category = await createTestCategory(t.db);
    await createTestProduct(t.db, { catId: category.id });
    const newest = await createTestProduct(t.db, { catId: category.id });
    const page = await t.services.catalog.listProducts({ catId: category.id, page: 1, perPage: 10 });
    expect(page.items.map((p) => p.id)).toEqual([newest.id, expect.any(String)]);
  });

  it("signs a built, verified account in with the password it was given", async () => {
    const user = await createTestUser(t.db, { password: "correct horse battery" });
    const signedIn = await t.services.accounts.signIn({
      email: user.email,
      password: "correct horse battery",
      ip: "10.0.0.1",
      userAgent: "vitest",
    });
    expect(signedIn.user).toMatchObject({ id: user.id, email: user.email });
    expect(signedIn.token).toEqual(expect.any(String));
  });
});

describe("the database connection", () => {
  // A read of a large table in order (search and suggestions of a common word stop after their first matches) must
  // start at the table's first row: with synchronized scans it started where the previous one stopped, and the same
  // search answered other products each time.
  it("reads tables in order from their first row, never from where another scan got to", async () => {
    const [setting] = await rowsOf<{ synchronize_seqscans: string }>(t.db, sql`show synchronize_seqscans`);
    expect(setting?.synchronize_seqscans).toBe("off");
  });
});

describe("a category's first pages on PostgreSQL", () => {
  // Planned again on every request, a page's statement cost PostgreSQL twice the time of running it (PLANNED_PAGE_SIZES).
  // One pooled connection, so the statements this test made are the ones pg_prepared_statements shows.
  it.runIf(process.env.TEST_DB === "postgres")(
    "are planned once per connection in the shop's page sizes, up to PLANNED_PAGES; a deeper page keeps its limit and offset as parameters",
    async () => {
      const one = await createTestServices({ env: { DATABASE_POOL_SIZE: "1" } });
      try {
        const category = await createTestCategory(one.db);
        for (let n = 0; n < 25; n++) await createTestProduct(one.db, { catId: category.id });
        const list = (page: number) => one.services.catalog.listProducts({ catId: category.id, page, perPage: 20 });
        for (let run = 0; run < 8; run++) expect((await list(1)).items).toHaveLength(20);
        for (let run = 0; run < 8; run++) expect((await list(2)).items).toHaveLength(5);
        const deep = await list(PLANNED_PAGES + 1);
        expect(deep.items).toHaveLength(0);
        expect(deep.total).toBe(25);
        const statements = await rowsOf<{ statement: string; generic_plans: number }>(
          one.db,
          sql`select statement, generic_plans::int from pg_prepared_statements
              where name like 'catalog_page_%' order by name`,
        );
        expect(statements).toHaveLength(3);
        const first = statements.find((row) => !row.statement.includes("offset"));
        const second = statements.find((row) => / offset 20\)/.test(row.statement));
        const deeper = statements.find((row) => /offset \$\d+/.test(row.statement));
        // The first page: the size in the SQL, no offset; PostgreSQL keeps its plan after five executions.
        expect(first?.statement).toMatch(/ limit 20\)/);
        expect(first?.generic_plans).toBeGreaterThan(0);
        // Page 2: its size and offset in the SQL, and a plan kept the same way.
        expect(second?.statement).toMatch(/ limit 20 offset 20\)/);
        expect(second?.generic_plans).toBeGreaterThan(0);
        // Past PLANNED_PAGES: limit and offset as parameters, as any page size of a client's own.
        expect(deeper?.statement).toMatch(/limit \$\d+ offset \$\d+/);
      } finally {
        await one.close();
      }
    },
  );
});

describe("related products", () => {
  it("are the newest of the product's sub-category (its category without one), in the location, never the product", async () => {
    const category = await createTestCategory(t.db);
    const sub = await createTestCategory(t.db, { parentId: category.id });
    const day = (n: number) => new Date(Date.UTC(2024, 0, n));
    const inSub = [];
    for (let n = 1; n <= 5; n++) {
      inSub.push(
        await createTestProduct(t.db, {
          catId: category.id,
          subCatId: sub.id,
          createdAt: day(n),
          locations: n === 2 ? ["Tuvalu"] : ["India"],
        }),
      );
    }
    const outsideSub = await createTestProduct(t.db, { catId: category.id, createdAt: day(9) });
    const [one, two, three, four, five] = inSub.map((product) => product.id);
    const related = (productId: string, options: { subCatId: string | null; location?: string; limit?: number }) =>
      t.services.catalog
        .listRelatedProducts({ productId, catId: category.id, limit: 3, ...options })
        .then((items) => items.map((product) => product.id));

    expect(await related(String(five), { subCatId: sub.id })).toEqual([four, three, two]);
    expect(await related(String(three), { subCatId: sub.id })).toEqual([five, four, two]);
    expect(await related(String(three), { subCatId: sub.id, limit: 10 })).toEqual([five, four, two, one]);
    expect(await related(String(three), { subCatId: sub.id, location: "India" })).toEqual([five, four, one]);
    expect(await related(String(one), { subCatId: sub.id, location: "Tuvalu" })).toEqual([two]);
    // Without a sub-category: the category's products, the one outside every sub-category too.
    expect(await related(outsideSub.id, { subCatId: null })).toEqual([five, four, three]);
    expect(await related(String(five), { subCatId: null })).toEqual([outsideSub.id, four, three]);
  });
});

describe("a keyset walk", () => {
  it("says so when the product it continues after has been deleted, instead of ending the list early", async () => {
    const category = await createTestCategory(t.db);
    const built = [];
    for (let n = 1; n <= 4; n++)
      built.push(await createTestProduct(t.db, { catId: category.id, createdAt: new Date(Date.UTC(2024, 1, n)) }));
    const filter = { catId: category.id, page: 1, perPage: 2 };
    const first = await t.services.catalog.listProducts(filter);
    expect(first.items.map((product) => product.id)).toEqual([built[3]?.id, built[2]?.id]);
    const cursor = String(first.nextCursor);
    expect((await t.services.catalog.listProductsAfter(filter, cursor)).items.map((product) => product.id)).toEqual([
      built[1]?.id,
      built[0]?.id,
    ]);
    await t.db.delete(products).where(eq(products.id, cursor));
    await expect(t.services.catalog.listProductsAfter(filter, cursor)).rejects.toMatchObject({ code: "NOT_FOUND" });
    // The end of a walk is still an empty page: its cursor's product exists.
    expect((await t.services.catalog.listProductsAfter(filter, String(built[0]?.id))).items).toEqual([]);
  });
});
