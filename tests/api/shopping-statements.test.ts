import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCartService } from "#domain/cart/cart-service.ts";
import { createSearchService } from "#domain/search/search-service.ts";
import { createTestProduct, createTestUser } from "../support/builders.ts";
import { countingDb } from "../support/counting-db.ts";
import { createTestServices, type TestServices } from "../support/test-services.ts";

// What the shopper's hot paths cost the database (issue "Shopping", item 7), counted on the real database: add to cart
// at most 5 statements a call (the request's session lookup included), a search 2, a suggestion 1.
let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(async () => {
  await t?.close();
});

describe("statements per call", () => {
  it("adds to a cart in 2 statements (the product, then the cart with the line), so with the session's lookup at most 5", async () => {
    const counted = await countingDb(t.db);
    const cart = createCartService({ db: counted.db });
    const user = await createTestUser(t.db);
    const product = await createTestProduct(t.db, { countInStock: 50 });
    counted.reset();
    await cart.add({ kind: "user", userId: user.id }, { productId: product.id, quantity: 1 });
    expect(counted.statements.length).toBe(2);
    counted.reset();
    const guest = await cart.add({ kind: "guest", token: undefined }, { productId: product.id, quantity: 2 });
    expect(guest.guestToken).toBeTruthy();
    expect(counted.statements.length).toBe(2);
  });

  it("searches in 2 statements (corrections, then results with total and facets), suggests in 1", async () => {
    const counted = await countingDb(t.db);
    const search = createSearchService({ db: counted.db });
    counted.reset();
    const found = await search.findProducts({ query: "gold earrings", page: 1, perPage: 10 });
    expect(found.total).toBeGreaterThan(0);
    expect(counted.statements.length).toBe(2);
    // The first suggestion reads the dictionary's counts and the search vectors' statistics into memory (3
    // statements, once a minute at most)...
    counted.reset();
    expect((await search.suggest("gold ea", 8)).length).toBeGreaterThan(0);
    expect(counted.statements.length).toBe(4);
    // ...then a suggestion is 1.
    counted.reset();
    expect((await search.suggest("gold ear", 8)).length).toBeGreaterThan(0);
    expect(counted.statements.length).toBe(1);
    // A misspelled word costs one more lookup when the suggestion misses, and a search that finds nothing one write.
    counted.reset();
    await search.findProducts({ query: "qqzzxw", page: 1, perPage: 10 });
    expect(counted.statements.length).toBe(3);
  });
});
