import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#db/schema/catalog.ts";
import { reviews } from "#db/schema/reviews.ts";
import type { AddReview } from "#domain/reviews/reviews-service.ts";
import { reviewMessages, sessionMessages } from "#shared/messages.ts";
import { createTestProduct, createTestUser } from "../support/builders.ts";
import { insertTestOrder } from "../support/order-rows.ts";
import { createTestServices, type TestServices } from "../support/test-services.ts";

// The reviews service's rules, without HTTP: who writes, one review per shopper, the product's rating kept with its
// reviews in one transaction, half-step ratings, the 'verified purchase' badge.
let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(async () => {
  await t?.close();
});

const add = (input: Partial<AddReview> & { userId: string | null; productId: string }) =>
  t.services.reviews.addReview({ review: "Does what it says.", customerRating: 4, ...input });

async function reviewRows(productId: string) {
  return t.db.select().from(reviews).where(eq(reviews.productId, productId));
}

async function storedRating(productId: string) {
  const [row] = await t.db.select({ rating: products.rating }).from(products).where(eq(products.id, productId));
  return row?.rating;
}

describe("who writes a review", () => {
  it("refuses a visitor with 'Please login first' and writes nothing", async () => {
    const product = await createTestProduct(t.db);
    await expect(add({ userId: null, productId: product.id })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: sessionMessages.reviewLoginFirst,
    });
    expect(await reviewRows(product.id)).toEqual([]);
  });

  it("takes the author's id and name from the account, whatever else the call carries", async () => {
    const product = await createTestProduct(t.db);
    const author = await createTestUser(t.db, { name: "Meera Pillai" });
    const other = await createTestUser(t.db, { name: "Someone Else" });
    // Extra fields, as a careless adapter might pass a request's body on: the service never reads them.
    const forged = { userId: author.id, productId: product.id, customerName: other.name, customerId: other.id };
    const { review } = await add(forged);
    expect(review).toMatchObject({ userId: author.id, customerName: "Meera Pillai" });
    expect(await reviewRows(product.id)).toEqual([expect.objectContaining({ userId: author.id, customerName: "Meera Pillai" })]);
  });

  it("refuses an account that no longer exists like a visitor", async () => {
    const product = await createTestProduct(t.db);
    await expect(add({ userId: "0190a3b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b", productId: product.id })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });
});

describe("one review per shopper and product", () => {
  it("replaces the shopper's earlier review: new text, rating and date, still one row", async () => {
    const product = await createTestProduct(t.db);
    const shopper = await createTestUser(t.db);
    const first = await add({ userId: shopper.id, productId: product.id, review: "Good at first.", customerRating: 5 });
    expect(first.replaced).toBe(false);
    const second = await add({ userId: shopper.id, productId: product.id, review: "Broke after a week.", customerRating: 1.5 });
    expect(second.replaced).toBe(true);
    expect(second.review).toMatchObject({ id: first.review.id, review: "Broke after a week.", customerRating: 1.5 });
    expect(second.review.createdAt.getTime()).toBeGreaterThanOrEqual(first.review.createdAt.getTime());
    expect(await reviewRows(product.id)).toHaveLength(1);
    expect(second).toMatchObject({ productRating: 1.5, reviewCount: 1 });
  });

  it("lets different shoppers each review the product, and lists them newest first", async () => {
    const product = await createTestProduct(t.db);
    const [a, b] = [await createTestUser(t.db), await createTestUser(t.db)];
    await add({ userId: a.id, productId: product.id, review: "Older." });
    await add({ userId: b.id, productId: product.id, review: "Newer." });
    const page = await t.services.reviews.listReviews({ productId: product.id, page: 1, perPage: 10 });
    expect(page.total).toBe(2);
    expect(page.items.map((review) => review.review)).toEqual(["Newer.", "Older."]);
  });
});

describe("the product's rating follows its reviews", () => {
  it("is recomputed with every review: the rounded average, in the catalogue too", async () => {
    const product = await createTestProduct(t.db);
    expect(await storedRating(product.id)).toBe(0);
    const [a, b, c] = [await createTestUser(t.db), await createTestUser(t.db), await createTestUser(t.db)];
    expect(await add({ userId: a.id, productId: product.id, customerRating: 4 })).toMatchObject({
      productRating: 4,
      reviewCount: 1,
    });
    // 4.25 rounds up to 4.5.
    expect(await add({ userId: b.id, productId: product.id, customerRating: 4.5 })).toMatchObject({ productRating: 4.5 });
    // (4 + 4.5 + 1) / 3 = 3.17, rounded to 3.
    expect(await add({ userId: c.id, productId: product.id, customerRating: 1 })).toMatchObject({
      productRating: 3,
      reviewCount: 3,
    });
    expect((await t.services.catalog.getProduct(product.id)).rating).toBe(3);
    // Replacing a review moves the average too: (4 + 4.5 + 5) / 3 = 4.5.
    await add({ userId: c.id, productId: product.id, customerRating: "5" });
    expect(await storedRating(product.id)).toBe(4.5);
  });

  it("leaves the product and its reviews as they were when the review is refused", async () => {
    const product = await createTestProduct(t.db, { rating: 0 });
    const shopper = await createTestUser(t.db);
    await expect(add({ userId: shopper.id, productId: product.id, customerRating: 4.3 })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await storedRating(product.id)).toBe(0);
    expect(await reviewRows(product.id)).toEqual([]);
  });

  it("refuses an unknown product with NOT_FOUND", async () => {
    const shopper = await createTestUser(t.db);
    const [before] = await t.db.select({ n: count() }).from(reviews);
    await expect(add({ userId: shopper.id, productId: "0190a3b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const [after] = await t.db.select({ n: count() }).from(reviews);
    expect(after?.n).toBe(before?.n);
  });

  it("counts reviews per whole star for the histogram", async () => {
    const product = await createTestProduct(t.db);
    for (const rating of [5, 4.5, 4, 4, 1, 0.5]) {
      await add({ userId: (await createTestUser(t.db)).id, productId: product.id, customerRating: rating });
    }
    expect(await t.services.reviews.ratingSummary(product.id)).toEqual({
      count: 6,
      stars: [
        { stars: 5, count: 1 },
        { stars: 4, count: 3 },
        { stars: 3, count: 0 },
        { stars: 2, count: 0 },
        { stars: 1, count: 2 },
      ],
    });
  });
});

describe("what a review may say", () => {
  it("takes ratings from 0.5 to 5 in half steps, numeric text included, and refuses the rest", async () => {
    const product = await createTestProduct(t.db);
    const shopper = await createTestUser(t.db);
    for (const bad of [0, 4.3, 5.5, -1, "abc", "", true, null]) {
      await expect(add({ userId: shopper.id, productId: product.id, customerRating: bad }), String(bad)).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: reviewMessages.rating,
      });
    }
    expect((await add({ userId: shopper.id, productId: product.id, customerRating: "3.5" })).review.customerRating).toBe(3.5);
    expect((await add({ userId: shopper.id, productId: product.id, customerRating: 0.5 })).review.customerRating).toBe(0.5);
  });

  it("needs text ('Please add a Review'), at most 2,000 characters, and keeps markup as plain characters", async () => {
    const product = await createTestProduct(t.db);
    const shopper = await createTestUser(t.db);
    await expect(add({ userId: shopper.id, productId: product.id, review: "  " })).rejects.toMatchObject({
      message: reviewMessages.blank,
    });
    await expect(add({ userId: shopper.id, productId: product.id, review: "x".repeat(2001) })).rejects.toMatchObject({
      message: "A review can be at most 2,000 characters.",
    });
    const markup = '<script>alert("x")</script> <b>bold</b>';
    expect((await add({ userId: shopper.id, productId: product.id, review: markup })).review.review).toBe(markup);
  });
});

describe("the 'verified purchase' badge", () => {
  it("shows when the reviewer has a paid order with the product, not for a pending one or another product", async () => {
    const product = await createTestProduct(t.db);
    const otherProduct = await createTestProduct(t.db);
    const [buyer, waiting, stranger] = [await createTestUser(t.db), await createTestUser(t.db), await createTestUser(t.db)];
    await insertTestOrder(t.db, { userId: buyer.id, productId: product.id, status: "paid" });
    await insertTestOrder(t.db, { userId: waiting.id, productId: product.id, status: "pending" });
    await insertTestOrder(t.db, { userId: stranger.id, productId: otherProduct.id, status: "delivered" });
    for (const shopper of [buyer, waiting, stranger]) await add({ userId: shopper.id, productId: product.id });
    const page = await t.services.reviews.listReviews({ productId: product.id, page: 1, perPage: 10 });
    const badge = new Map(page.items.map((review) => [review.userId, review.verifiedPurchase]));
    expect(Object.fromEntries(badge)).toEqual({ [buyer.id]: true, [waiting.id]: false, [stranger.id]: false });
  });
});

describe("a page of a product's reviews", () => {
  it("is newest first and carries the product's total, on a full page, a short one, past the last and with none", async () => {
    const product = await createTestProduct(t.db);
    const shoppers = [await createTestUser(t.db), await createTestUser(t.db), await createTestUser(t.db)];
    for (const shopper of shoppers) await add({ userId: shopper.id, productId: product.id });
    const list = (page: number) => t.services.reviews.listReviews({ productId: product.id, page, perPage: 2 });
    const first = await list(1);
    expect(first).toMatchObject({ total: 3, page: 1, perPage: 2, totalPages: 2 });
    expect(first.items.map((review) => review.userId)).toEqual([shoppers[2]?.id, shoppers[1]?.id]);
    expect(first.items[0]).not.toHaveProperty("total");
    expect(await list(2)).toMatchObject({ total: 3, items: [{ userId: shoppers[0]?.id }] });
    expect(await list(5)).toMatchObject({ total: 3, items: [] });
    const none = await createTestProduct(t.db);
    expect(await t.services.reviews.listReviews({ productId: none.id, page: 1, perPage: 2 })).toMatchObject({
      total: 0,
      items: [],
    });
  });
});
