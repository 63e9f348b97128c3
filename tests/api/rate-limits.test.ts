import { randomBytes } from "node:crypto";
import { and, count, eq, isNotNull } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { carts } from "#db/schema/cart.ts";
import { products } from "#db/schema/catalog.ts";
import { uploads } from "#db/schema/media.ts";
import { orders } from "#db/schema/orders.ts";
import { reviews } from "#db/schema/reviews.ts";
import { wishlistItems } from "#db/schema/wishlist.ts";
import { WRITE_LIMITS, type WriteKind, type Writer, writeLimitKey } from "#domain/rate-limit/policies.ts";
import { writeLimitMessages } from "#shared/messages.ts";
import { uniqueIp } from "../support/accounts.ts";
import { createTestProduct, type TestProduct } from "../support/builders.ts";
import { billing, ordersTestKit } from "../support/orders.ts";
import { requestPage } from "../support/pages.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { multipart, photos } from "../support/uploads.ts";

// Issue 30, "What must be true" 3: every write a visitor or a shopper can repeat has a limit (src/domain/rate-limit/
// policies.ts, docs/rate-limits.md), per network for a visitor and per account for a shopper, shared by the API and
// the pages. Past it the answer is 429 with Retry-After and the limit's sentence, and nothing is written.
let app: TestApp;
let kit: ReturnType<typeof ordersTestKit>;
let product: TestProduct;
beforeAll(async () => {
  app = await createTestApp({ web: true });
  kit = ordersTestKit(app);
  product = await createTestProduct(app.db, { countInStock: 500 });
});
afterAll(async () => {
  await app?.close();
});

/** Counts `kind` for `writer` up to its limit (whatever was counted already), as that many earlier writes would have. */
async function exhaust(kind: WriteKind, writer: Writer) {
  const key = writeLimitKey(kind, writer);
  const policy = WRITE_LIMITS[kind];
  for (;;) {
    const full = await app.services.rateLimiter.check(key, policy).then(
      () => false,
      () => true,
    );
    if (full) return;
    await app.services.rateLimiter.consume(key, policy);
  }
}

/** A page's form post from `ip`, with the session `sid` or the cookies of `jar` (updated from the answer). */
async function form(
  url: string,
  fields: Record<string, string>,
  options: { ip?: string; sid?: string; jar?: Record<string, string> } = {},
) {
  const jar = options.jar ?? {};
  const cookies = { ...jar, ...(options.sid ? { sid: options.sid } : {}) };
  const { response, ...page } = await requestPage(app, "POST", url, { cookies, form: fields, ip: options.ip });
  for (const cookie of response.cookies) jar[cookie.name] = cookie.value;
  return { status: page.status, headers: page.headers, html: page.html, cookies: response.cookies.map((cookie) => cookie.name) };
}

async function api(options: InjectOptions & { token?: string; ip?: string }) {
  const { token, ip, headers, ...rest } = options;
  const response = await app.server.inject({
    ...rest,
    remoteAddress: ip ?? uniqueIp(),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  } as InjectOptions);
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** A refusal as the issue asks: 429, a Retry-After within the hour's window, and the limit's sentence with the wait. */
function expectLimited(answer: { status: number; headers: Record<string, unknown> }, text: string, message: string) {
  expect(answer.status).toBe(429);
  const retryAfter = Number(answer.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  expect(text).toMatch(
    new RegExp(`${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} Please try again in \\d+ (seconds?|minutes?)\\.`),
  );
}

const addForm = (productId: string) => ({ intent: "add", productId, quantity: "1", productRam: "", size: "", productWeight: "" });
const guestCartCount = async () =>
  (await app.db.select({ n: count() }).from(carts).where(isNotNull(carts.guestTokenHash)))[0]?.n ?? 0;

describe("guest carts, per network", () => {
  it("start at most the limit's carts an hour from one address; the next add is 429, sets no cookie and writes no cart", async () => {
    const ip = uniqueIp();
    const before = await guestCartCount();
    const { limit } = WRITE_LIMITS.guestCart;
    let firstJar: Record<string, string> = {};
    for (let i = 0; i < limit; i++) {
      const jar: Record<string, string> = {};
      const added = await form("/cart", addForm(product.id), { ip, jar });
      expect(added.status, `add ${i + 1}`).toBe(200);
      expect(jar.guest_cart).toBeTruthy();
      if (i === 0) firstJar = jar;
    }
    expect(await guestCartCount()).toBe(before + limit);

    const refused = await form("/cart", addForm(product.id), { ip });
    expectLimited(refused, refused.html, writeLimitMessages.guestCarts);
    expect(refused.cookies).not.toContain("guest_cart");
    // A made-up token of the right form is no way around it: its cart does not exist, so it would start one.
    const forged = await form("/cart", addForm(product.id), { ip, jar: { guest_cart: randomBytes(32).toString("base64url") } });
    expect(forged.status).toBe(429);
    expect(await guestCartCount()).toBe(before + limit);

    // The carts already started still take adds; another network still starts its own.
    expect((await form("/cart", addForm(product.id), { ip, jar: firstJar })).status).toBe(200);
    expect(await guestCartCount()).toBe(before + limit);
    expect((await form("/cart", addForm(product.id), { ip: uniqueIp() })).status).toBe(200);
    expect(await guestCartCount()).toBe(before + limit + 1);
  });

  it("take at most the limit's changes an hour from one address; past it a quantity or a removal changes nothing", async () => {
    const ip = uniqueIp();
    const jar: Record<string, string> = {};
    await form("/cart", addForm(product.id), { ip, jar });
    const mine = (await app.services.cart.list({ kind: "guest", token: jar.guest_cart })).lines[0];
    if (!mine) throw new Error("no line");
    await exhaust("guestCartChange", { network: ip });

    const update = await form("/cart", { intent: "update", lineId: mine.id, quantity: "4" }, { ip, jar });
    expectLimited(update, update.html, writeLimitMessages.guestCartChanges);
    const remove = await form("/cart", { intent: "remove", lineId: mine.id }, { ip, jar });
    expect(remove.status).toBe(429);
    const add = await form("/cart", addForm(product.id), { ip, jar });
    expect(add.status).toBe(429);
    expect((await app.services.cart.list({ kind: "guest", token: jar.guest_cart })).lines).toMatchObject([
      { id: mine.id, quantity: 1 },
    ]);
  });
});

describe("reviews, per shopper", () => {
  it("take at most the limit's writes an hour; the next is 429 on the API and the page, and the review and rating stay", async () => {
    const shopper = await kit.shopper();
    const reviewed = await createTestProduct(app.db);
    const { limit } = WRITE_LIMITS.review;
    for (let i = 0; i < limit; i++) {
      const written = await api({
        method: "POST",
        url: "/api/productReviews/add",
        token: shopper.token,
        payload: { productId: reviewed.id, review: `Take ${i + 1}.`, customerRating: 4 },
      });
      expect(written.status, `write ${i + 1}`).toBe(i === 0 ? 201 : 200);
    }
    const ratingBefore = (await app.db.select().from(products).where(eq(products.id, reviewed.id)))[0]?.rating;

    const refused = await api({
      method: "POST",
      url: "/api/productReviews/add",
      token: shopper.token,
      payload: { productId: reviewed.id, review: "One time too many.", customerRating: 1 },
    });
    expectLimited(refused, refused.body.msg, writeLimitMessages.reviews);
    const onPage = await form(
      `/product/${reviewed.id}?tab=reviews`,
      { intent: "add-review", review: "From the page.", customerRating: "1" },
      { sid: shopper.token },
    );
    expectLimited(onPage, onPage.html, writeLimitMessages.reviews);

    const rows = await app.db.select().from(reviews).where(eq(reviews.productId, reviewed.id));
    expect(rows).toMatchObject([{ review: `Take ${limit}.`, customerRating: 4 }]);
    expect((await app.db.select().from(products).where(eq(products.id, reviewed.id)))[0]?.rating).toBe(ratingBefore);
    // Another shopper is not affected.
    const other = await kit.shopper();
    const theirs = await api({
      method: "POST",
      url: "/api/productReviews/add",
      token: other.token,
      payload: { productId: reviewed.id, review: "Mine.", customerRating: 5 },
    });
    expect(theirs.status).toBe(201);
  });
});

describe("every other repeatable write, per account (a visitor's per network)", () => {
  it("cart changes, API and page: add, quantity and removal refused, the cart as it was", async () => {
    const shopper = await kit.shopper();
    const added = await kit.addToCart(shopper.token, product.id, 1);
    expect(added.status).toBe(201);
    const lineId = added.body.id as string;
    await exhaust("cartChange", { account: shopper.id });

    const add = await kit.addToCart(shopper.token, product.id, 1);
    expectLimited(add, add.body.msg, writeLimitMessages.cartChanges);
    expect(add.body.status).toBe(false);
    const put = await api({ method: "PUT", url: `/api/cart/${lineId}`, token: shopper.token, payload: { quantity: 5 } });
    expect(put.status).toBe(429);
    const del = await api({ method: "DELETE", url: `/api/cart/${lineId}`, token: shopper.token });
    expect(del.status).toBe(429);
    const onPage = await form("/cart", { intent: "update", lineId, quantity: "3" }, { sid: shopper.token });
    expectLimited(onPage, onPage.html, writeLimitMessages.cartChanges);
    expect((await app.services.cart.list({ kind: "user", userId: shopper.id })).lines).toMatchObject([
      { id: lineId, quantity: 1 },
    ]);
  });

  it("My List, API and page: an add or a removal refused, the list as it was", async () => {
    const shopper = await kit.shopper();
    const kept = await createTestProduct(app.db);
    const other = await createTestProduct(app.db);
    await app.services.wishlist.add(shopper.id, kept.id);
    await exhaust("myList", { account: shopper.id });

    const add = await api({ method: "POST", url: "/api/my-list/add", token: shopper.token, payload: { productId: other.id } });
    expectLimited(add, add.body.msg, writeLimitMessages.myList);
    const toggle = await form("/my-list", { intent: "toggle", productId: kept.id, saved: "true" }, { sid: shopper.token });
    expectLimited(toggle, toggle.html, writeLimitMessages.myList);
    const rows = await app.db.select().from(wishlistItems).where(eq(wishlistItems.userId, shopper.id));
    expect(rows.map((row) => row.productId)).toEqual([kept.id]);
  });

  it("profile saves, photo uploads and deletions: refused before anything is stored", async () => {
    const shopper = await kit.shopper();
    const body = multipart(await photos(1));
    const uploaded = await api({ method: "POST", url: "/api/user/upload", token: shopper.token, ...body });
    expect(uploaded.status).toBe(200);
    const [image] = uploaded.body.images as string[];
    const saved = await api({
      method: "PUT",
      url: `/api/user/${shopper.id}`,
      token: shopper.token,
      payload: { name: "Asha Saved", phone: "9876543210", images: [image] },
    });
    expect(saved.status).toBe(200);

    await exhaust("profile", { account: shopper.id });
    const profile = await api({
      method: "PUT",
      url: `/api/user/${shopper.id}`,
      token: shopper.token,
      payload: { name: "Asha Again", phone: "9876543210", images: [image] },
    });
    expectLimited(profile, profile.body.msg, writeLimitMessages.profile);
    const onPage = await form(
      "/my-account",
      { intent: "profile", name: "Asha Paged", phone: "9876543210" },
      { sid: shopper.token },
    );
    expectLimited(onPage, onPage.html, writeLimitMessages.profile);
    expect((await app.db.select().from(users).where(eq(users.id, shopper.id)))[0]?.name).toBe("Asha Saved");

    // An unsaved photo, then "delete the unsaved photos" past its limit: the photo stays.
    const pending = () =>
      app.db
        .select()
        .from(uploads)
        .where(and(eq(uploads.userId, shopper.id), eq(uploads.pending, true)));
    expect(
      (await api({ method: "POST", url: "/api/user/upload", token: shopper.token, ...multipart(await photos(1)) })).status,
    ).toBe(200);
    expect(await pending()).toHaveLength(1);
    await exhaust("photoDelete", { account: shopper.id });
    const deleted = await api({ method: "DELETE", url: "/api/imageUpload/deleteAllImages", token: shopper.token });
    expectLimited(deleted, deleted.body.msg, writeLimitMessages.photoDeletes);
    expect(await pending()).toHaveLength(1);

    const stored = await app.db.select().from(uploads).where(eq(uploads.userId, shopper.id));
    await exhaust("photoUpload", { account: shopper.id });
    const upload = await api({ method: "POST", url: "/api/user/upload", token: shopper.token, ...multipart(await photos(1)) });
    expectLimited(upload, upload.body.msg, writeLimitMessages.photoUploads);
    expect(await app.db.select().from(uploads).where(eq(uploads.userId, shopper.id))).toHaveLength(stored.length);
  });

  it("new passwords with a reset code, per network: refused before the password is even hashed", async () => {
    const ip = uniqueIp();
    await exhaust("passwordReset", { network: ip });
    const payload = { email: "nobody@example.com", newPass: "a new long password", confirmPass: "a new long password" };
    const refused = await api({ method: "POST", url: "/api/user/forgotPassword/changePassword", ip, payload });
    expectLimited(refused, refused.body.msg, writeLimitMessages.passwordResets);
    // From another network the same request meets the usual answer (no code was verified).
    expect((await api({ method: "POST", url: "/api/user/forgotPassword/changePassword", payload })).status).toBe(403);
  });

  it("checkouts, API and page: refused before an order is written or the provider is asked", async () => {
    const shopper = await kit.shopper();
    await kit.addToCart(shopper.token, product.id, 1);
    const stock = async () => (await app.db.select().from(products).where(eq(products.id, product.id)))[0]?.countInStock;
    const stockBefore = await stock();
    await exhaust("checkout", { account: shopper.id });

    const refused = await kit.checkout(shopper.token);
    expectLimited(refused, refused.body.msg, writeLimitMessages.checkouts);
    const withKey = await kit.checkout(shopper.token, billing, { "idempotency-key": "rate-limited-checkout" });
    expect(withKey.status).toBe(429);
    const onPage = await form("/checkout", billing, { sid: shopper.token });
    expectLimited(onPage, onPage.html, writeLimitMessages.checkouts);
    expect(await app.db.select().from(orders).where(eq(orders.userId, shopper.id))).toEqual([]);
    expect(await stock()).toBe(stockBefore);
  });

  it("payment confirmations and the test provider's buttons: refused, the order still waiting for its payment", async () => {
    const shopper = await kit.shopper();
    await kit.addToCart(shopper.token, product.id, 1);
    const started = await kit.checkout(shopper.token);
    expect(started.status).toBe(201);
    const { orderId, razorpayOrderId } = started.body as { orderId: string; razorpayOrderId: string };
    await exhaust("payment", { account: shopper.id });

    const confirmed = await kit.confirm(shopper.token, kit.gateway.pay(razorpayOrderId));
    expectLimited(confirmed, confirmed.body.msg, writeLimitMessages.payments);
    const onPage = await form(`/checkout/pay/${orderId}`, { intent: "test-pay" }, { sid: shopper.token });
    expectLimited(onPage, onPage.html, writeLimitMessages.payments);
    expect((await app.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status).toBe("pending");
  });
});
