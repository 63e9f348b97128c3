import { eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviews } from "#db/schema/reviews.ts";
import { reviewMessages, sessionMessages } from "#shared/messages.ts";
import { type AccountsTestApp, createAccountsTestApp } from "../support/accounts.ts";
import { createTestProduct, type TestProduct } from "../support/builders.ts";
import { insertTestOrder } from "../support/order-rows.ts";
import { TEST_PUBLIC_URL } from "../support/test-app.ts";

// Spec §7 "Reviews" over HTTP: the original client's bare array, the author from the session, half-step ratings, one
// review per shopper, and a review's markup shown as text on the product page.
let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp({}, true);
});
afterAll(async () => {
  await t?.close();
});

interface ReviewJson {
  _id: string;
  id: string;
  productId: string;
  customerName: string;
  customerId: string | null;
  review: string;
  customerRating: number;
  dateCreated: string;
  verifiedPurchase: boolean;
}

const list = (query: string) => t.call({ method: "GET", url: `/api/productReviews?${query}` });
const listOf = async (productId: string, extra = "") =>
  (await list(`productId=${productId}${extra}`)).body as unknown as ReviewJson[];
const post = (payload: Record<string, unknown>, token?: string) =>
  t.call({ method: "POST", url: "/api/productReviews/add", payload, ...(token ? { token } : {}) });

/** Reviews with no author (as the demo catalogue's), written straight into the table a minute apart, oldest first. */
async function insertDemoReviews(productId: string, count: number) {
  const start = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: count }, (_, index) => ({
    id: uuidv7(),
    productId,
    userId: null,
    customerName: `Reader ${index + 1}`,
    review: `Review number ${index + 1}`,
    customerRating: 4,
    createdAt: new Date(start + index * 60_000),
  }));
  await t.app.db.insert(reviews).values(rows);
}

describe("GET /api/productReviews", () => {
  let product: TestProduct;
  beforeAll(async () => {
    product = await createTestProduct(t.app.db);
    await insertDemoReviews(product.id, 105);
  });

  it("answers a bare array with the contract's fields, the newest reviews in the order they were written", async () => {
    const response = await list(`productId=${product.id}`);
    expect(response.status).toBe(200);
    const body = response.body as unknown as ReviewJson[];
    expect(Array.isArray(body)).toBe(true);
    // The original client reverses the array to show the newest first: capped at 100, the oldest five left out.
    expect(body).toHaveLength(100);
    expect(body[0]?.review).toBe("Review number 6");
    expect(body.at(-1)?.review).toBe("Review number 105");
    expect(response.headers["x-total-count"]).toBe("105");
    expect(response.headers["access-control-expose-headers"]).toContain("X-Total-Count");
    expect(Object.keys(body[0] ?? {}).sort()).toEqual(
      [
        "_id",
        "id",
        "productId",
        "customerName",
        "customerId",
        "review",
        "customerRating",
        "dateCreated",
        "verifiedPurchase",
      ].sort(),
    );
    expect(body[0]).toMatchObject({ productId: product.id, customerId: null, customerRating: 4, verifiedPurchase: false });
    expect(body[0]?._id).toBe(body[0]?.id);
    expect(body[0]?.dateCreated).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("pages with page/perPage: still an array, page 1 the newest, totals in the headers", async () => {
    const first = await list(`productId=${product.id}&page=1&perPage=10`);
    expect((first.body as unknown as ReviewJson[]).map((r) => r.review)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Review number ${96 + i}`),
    );
    expect(first.headers).toMatchObject({ "x-total-count": "105", "x-page": "1", "x-per-page": "10", "x-total-pages": "11" });
    const last = await list(`productId=${product.id}&page=11&perPage=10`);
    expect((last.body as unknown as ReviewJson[]).map((r) => r.review)).toEqual(
      Array.from({ length: 5 }, (_, i) => `Review number ${i + 1}`),
    );
    expect((await listOf(product.id, "&perPage=3")).map((r) => r.review)).toEqual([
      "Review number 103",
      "Review number 104",
      "Review number 105",
    ]);
  });

  it("answers an empty array for a product without reviews, 404 for an unknown one, 400 for a bad query", async () => {
    const quiet = await createTestProduct(t.app.db);
    expect(await list(`productId=${quiet.id}`)).toMatchObject({ status: 200, body: [] });
    expect((await list("productId=0190a3b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b")).status).toBe(404);
    expect(await list("")).toMatchObject({ status: 400, body: { error: true, msg: expect.stringContaining("productId") } });
    expect((await list("productId=42")).status).toBe(400);
    expect((await list(`productId=${quiet.id}&perPage=101`)).status).toBe(400);
    expect((await list(`productId=${quiet.id}&page=0`)).status).toBe(400);
  });
});

describe("POST /api/productReviews/add", () => {
  it("refuses a visitor with 401 'Please Login first' (spec §5)", async () => {
    const product = await createTestProduct(t.app.db);
    const response = await post({ productId: product.id, review: "Anonymous praise.", customerRating: 5 });
    expect(response).toMatchObject({ status: 401, body: { error: true, msg: "Please Login first" } });
    expect(await listOf(product.id)).toEqual([]);
  });

  it("writes as the signed-in shopper: a name in the body is ignored, another user's id is refused (403)", async () => {
    const product = await createTestProduct(t.app.db);
    const me = await t.signUpVerified();
    const someoneElse = await t.signUpVerified();
    const response = await post(
      { productId: product.id, review: "Mine.", customerRating: "4.5", customerName: "Impostor", customerId: me.userId },
      me.token,
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      customerId: me.userId,
      customerName: "Asha Rao",
      customerRating: 4.5,
      review: "Mine.",
    });
    const [stored] = await t.app.db.select().from(reviews).where(eq(reviews.productId, product.id));
    expect(stored).toMatchObject({ userId: me.userId, customerName: "Asha Rao" });
    const forged = await post({ productId: product.id, review: "Not mine.", customerId: someoneElse.userId }, me.token);
    expect(forged).toMatchObject({ status: 403, body: { error: true, msg: sessionMessages.otherShopper } });
    expect(await listOf(product.id)).toMatchObject([{ review: "Mine." }]);
  });

  it("refuses ratings outside 0.5 to 5 in half steps, a blank text and a text over 2,000 characters", async () => {
    const product = await createTestProduct(t.app.db);
    const { token } = await t.signUpVerified();
    for (const customerRating of [0, 4.3, 5.5, 6, -1, "abc", "", true, null, [4]]) {
      const response = await post({ productId: product.id, review: "Fine.", customerRating }, token);
      expect(response, JSON.stringify(customerRating)).toMatchObject({ status: 400, body: { msg: reviewMessages.rating } });
    }
    expect(await post({ productId: product.id, review: "   ", customerRating: 3 }, token)).toMatchObject({
      status: 400,
      body: { msg: reviewMessages.blank },
    });
    expect(await post({ productId: product.id, review: "x".repeat(2001), customerRating: 3 }, token)).toMatchObject({
      status: 400,
      body: { msg: "A review can be at most 2,000 characters." },
    });
    expect(
      (await post({ productId: "0190a3b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b", review: "Hm.", customerRating: 3 }, token)).status,
    ).toBe(404);
    expect(await listOf(product.id)).toEqual([]);
  });

  it("replaces the shopper's earlier review (200), and moves the product's rating, evicting its cached answer", async () => {
    const product = await createTestProduct(t.app.db);
    const { token } = await t.signUpVerified();
    const productUrl = `/api/products/${product.id}`;
    await t.call({ method: "GET", url: productUrl });
    const cached = await t.call({ method: "GET", url: productUrl });
    expect(cached.headers["x-cache"]).toBe("HIT");
    expect(cached.body.rating).toBe(0);

    expect((await post({ productId: product.id, review: "Great.", customerRating: 5 }, token)).status).toBe(201);
    const fresh = await t.call({ method: "GET", url: productUrl });
    expect(fresh.headers["x-cache"]).toBe("MISS");
    expect(fresh.body.rating).toBe(5);

    const replaced = await post({ productId: product.id, review: "Less great after a month.", customerRating: 2 }, token);
    expect(replaced.status).toBe(200);
    expect(await listOf(product.id)).toEqual([
      expect.objectContaining({ review: "Less great after a month.", customerRating: 2 }),
    ]);
    expect((await t.call({ method: "GET", url: productUrl })).body.rating).toBe(2);
  });

  it("counts reviews written at the same moment by different shoppers", async () => {
    const product = await createTestProduct(t.app.db);
    const shoppers = await Promise.all([t.signUpVerified(), t.signUpVerified(), t.signUpVerified()]);
    const answers = await Promise.all(
      shoppers.map(({ token }, index) =>
        post({ productId: product.id, review: `Shopper ${index}`, customerRating: [5, 1, 3][index] }, token),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(await listOf(product.id)).toHaveLength(3);
    expect((await t.call({ method: "GET", url: `/api/products/${product.id}` })).body.rating).toBe(3);
  });

  it("marks a review 'verified purchase' when its author has a paid order with the product", async () => {
    const product = await createTestProduct(t.app.db);
    const buyer = await t.signUpVerified();
    await insertTestOrder(t.app.db, { userId: buyer.userId, productId: product.id, status: "paid" });
    const answer = await post({ productId: product.id, review: "Bought it, love it.", customerRating: 5 }, buyer.token);
    expect(answer.body.verifiedPurchase).toBe(true);
    expect((await listOf(product.id))[0]?.verifiedPurchase).toBe(true);
  });
});

describe("a review's markup on the product page", () => {
  it("is shown as text: escaped in the page and in its JSON-LD", async () => {
    const product = await createTestProduct(t.app.db);
    const { token } = await t.signUpVerified();
    const markup = `<script>alert("owned")</script><img src=x onerror="alert(1)"> & </script>`;
    expect((await post({ productId: product.id, review: markup, customerRating: 4 }, token)).status).toBe(201);

    const page = await t.app.server.inject({
      method: "GET",
      url: `/product/${product.id}?tab=reviews`,
      headers: { host: new URL(TEST_PUBLIC_URL).host },
    });
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain("&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).not.toContain('<script>alert("owned")');
    expect(html).not.toContain("<img src=x");
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/g;
    const blocks = [...html.matchAll(jsonLd)].map((match) => match[1] ?? "");
    const productLd = blocks.find((block) => block.includes('"@type":"Product"')) ?? "";
    expect(productLd).toContain("\\u003cscript\\u003ealert");
    expect(productLd).not.toContain("<");
    expect(JSON.parse(productLd).review[0].reviewBody).toBe(markup);
  });
});
