import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviews as reviewsTable } from "#db/schema/reviews.ts";
import { createCartService } from "#domain/cart/cart-service.ts";
import { ignoreCatalogChanges } from "#domain/ports.ts";
import { createDatabaseRateLimitStore } from "#domain/rate-limit/database-store.ts";
import { createRateLimiter } from "#domain/rate-limit/rate-limiter.ts";
import { createReviewsService } from "#domain/reviews/reviews-service.ts";
import { createSearchService } from "#domain/search/search-service.ts";
import { createTestProduct, createTestUser } from "../support/builders.ts";
import { countingDb } from "../support/counting-db.ts";
import { createTestServices, type TestServices } from "../support/test-services.ts";

// What the shopper's hot paths cost the database (issue "Shopping", item 7), counted on the real database: add to cart
// at most 5 statements a call (the request's session lookup and the abuse limit's count included), a search 2, a
// suggestion 1; and a signed-in product page's own reads of its reviews 1.
let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(async () => {
  await t?.close();
});

describe("statements per call", () => {
  it("adds to a cart in 3 statements (the product, the limit's count, the cart with the line), with the session's at most 5", async () => {
    const counted = await countingDb(t.db);
    // The abuse limit's counter in the database (without Redis), so its statement is counted too.
    const limiter = createRateLimiter({ store: createDatabaseRateLimitStore(counted.db), now: () => new Date() });
    const cart = createCartService({ db: counted.db, limiter });
    const user = await createTestUser(t.db);
    const product = await createTestProduct(t.db, { countInStock: 50 });
    counted.reset();
    await cart.add({ kind: "user", userId: user.id }, { productId: product.id, quantity: 1 });
    expect(counted.statements.length).toBe(3);
    counted.reset();
    const guest = await cart.add(
      { kind: "guest", token: undefined, network: "192.0.2.1" },
      { productId: product.id, quantity: 2 },
    );
    expect(guest.guestToken).toBeTruthy();
    expect(counted.statements.length).toBe(3);
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
    // A misspelled word costs one more lookup when the suggestion misses, and counting a search that found nothing
    // one write.
    counted.reset();
    await search.countIfUnmatched(await search.findProducts({ query: "qqzzxw", page: 1, perPage: 10 }), "qqzzxw");
    expect(counted.statements.length).toBe(3);
  });

  it("reads a signed-in shopper's side of a product's reviews in 1 statement, 2 when the shop hid their own", async () => {
    const counted = await countingDb(t.db);
    const reviews = createReviewsService({
      db: counted.db,
      catalog: t.services.catalog,
      changes: ignoreCatalogChanges,
      now: () => new Date(),
      limiter: createRateLimiter({ store: createDatabaseRateLimitStore(t.db), now: () => new Date() }),
    });
    const [author, reader] = [await createTestUser(t.db), await createTestUser(t.db)];
    const product = await createTestProduct(t.db);
    const {
      review: { id: reviewId },
    } = await t.services.reviews.addReview({
      userId: author.id,
      productId: product.id,
      review: "Sturdy and bright.",
      customerRating: 4,
    });
    await t.services.reviews.reportReview({ userId: reader.id, reviewId, reason: "Spam" });
    counted.reset();
    const seen = await reviews.viewerOf(product.id, reader.id, [reviewId]);
    expect([...seen.reported]).toEqual([reviewId]);
    expect(seen.ownHidden).toBeNull();
    expect(counted.statements.length).toBe(1);
    await t.db.update(reviewsTable).set({ hiddenAt: new Date() }).where(eq(reviewsTable.id, reviewId));
    counted.reset();
    const own = await reviews.viewerOf(product.id, author.id, []);
    expect(own.ownHidden?.id).toBe(reviewId);
    expect(own.reported.size).toBe(0);
    expect(counted.statements.length).toBe(2);
  });
});
