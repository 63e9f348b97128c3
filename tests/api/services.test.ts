import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#db/client.ts";
import { products } from "#db/schema/catalog.ts";
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
