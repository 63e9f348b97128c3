import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems } from "#db/schema/cart.ts";
import { products } from "#db/schema/catalog.ts";
import { sessionMessages } from "#shared/messages.ts";
import { uniqueIp } from "../support/accounts.ts";
import { createTestProduct, createTestUser, type TestProduct } from "../support/builders.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../support/test-app.ts";

// Spec §7 "Cart" as the original client calls it: a bare array (empty for a visitor, who sends `Bearer null`),
// `{ status: false, msg }` when an add fails, the user always from the session, prices and stock from the database.
let app: TestApp;
let product: TestProduct;
beforeAll(async () => {
  app = await createTestApp();
  product = await createTestProduct(app.db, { pricePaise: 129_950, rating: 4.5, countInStock: 5 });
});
afterAll(async () => {
  await app?.close();
});

const PASSWORD = "correct horse battery";

/** A signed-in shopper of their own: id and bearer token. */
async function shopper() {
  const user = await createTestUser(app.db, { password: PASSWORD });
  const session = await app.services.accounts.signIn({
    email: user.email,
    password: PASSWORD,
    ip: uniqueIp(),
    userAgent: "vitest",
  });
  return { id: user.id, token: session.token };
}

async function call(options: InjectOptions & { token?: string }) {
  const { token, headers, ...rest } = options;
  const response = await app.server.inject({
    ...rest,
    remoteAddress: uniqueIp(),
    headers: { authorization: `Bearer ${token ?? "null"}`, ...headers },
  } as InjectOptions);
  return { status: response.statusCode, body: response.json(), headers: response.headers, cookies: response.cookies };
}

const add = (token: string | undefined, payload: Record<string, unknown>, url = "/api/cart/add") =>
  call({ method: "POST", url, token, payload });
const list = (token: string | undefined, query = "") => call({ method: "GET", url: `/api/cart${query}`, token });
const rowsOf = (productId: string) => app.db.select().from(cartItems).where(eq(cartItems.productId, productId));

/** What the original client's product page posts: its own copies of title, image, price and sub-total. */
const originalBody = (p: TestProduct, quantity: number, userId: string) => ({
  productTitle: "A bargain",
  image: "https://evil.example/x.png",
  rating: 5,
  price: 1,
  quantity,
  subTotal: quantity,
  productId: p.id,
  countInStock: 999,
  userId,
});

describe("a visitor", () => {
  it("gets 200 [] for the cart, whatever user id the original client sends, never stored by a cache", async () => {
    for (const url of ["/api/cart", "/api/cart?userId=undefined", `/api/cart?userId=${product.id}`]) {
      const response = await call({ method: "GET", url });
      expect(response.status, url).toBe(200);
      expect(response.body, url).toEqual([]);
      expect(response.headers["cache-control"]).toBe("private, no-store");
    }
  });

  it("is asked to log in to change a cart through the API (401, status false)", async () => {
    expect(await add(undefined, { productId: product.id, quantity: 1 })).toMatchObject({
      status: 401,
      body: { error: true, status: false, msg: "Please login first" },
    });
    expect(await rowsOf(product.id)).toEqual([]);
  });
});

describe("POST /api/cart/add", () => {
  it("adds with the database's title, image, rating, price and sub-total, never the body's", async () => {
    const me = await shopper();
    const response = await add(me.token, originalBody(product, 2, me.id));
    expect(response.status).toBe(201);
    const image = product.images[0] ?? "";
    expect(response.body).toEqual({
      error: false,
      status: true,
      msg: "Item is added in the cart",
      _id: expect.any(String),
      id: response.body._id,
      productTitle: product.name,
      image,
      imageUrl: `${TEST_PUBLIC_URL}/download/${image}`,
      rating: 4.5,
      price: 1299.5,
      quantity: 2,
      subTotal: 2599,
      productId: product.id,
      countInStock: 5,
      userId: me.id,
      productRam: "",
      size: "",
      productWeight: "",
      priceWhenAdded: 1299.5,
      priceChanged: false,
      stockProblem: null,
    });
    const listed = await list(me.token, "?userId=undefined");
    expect(listed.body).toEqual([strip(response.body)]);
  });

  it("adds the same product and option to the quantity, up to the stock and never above it", async () => {
    const me = await shopper();
    const sized = await createTestProduct(app.db, { size: ["S", "M"], countInStock: 3 });
    await add(me.token, { productId: sized.id, quantity: 1, size: "M" });
    const again = await add(me.token, { productId: sized.id, quantity: 2, size: "M" }, "/api/cart/add/");
    expect(again.body).toMatchObject({ status: true, quantity: 3, size: "M" });
    const tooMany = await add(me.token, { productId: sized.id, quantity: 1, size: "M" });
    expect(tooMany).toMatchObject({
      status: 409,
      body: { error: true, status: false, msg: "The quantity is greater than product count in stock" },
    });
    expect((await rowsOf(sized.id)).map((row) => row.quantity)).toEqual([3]);
    expect(await add(me.token, { productId: sized.id, quantity: 1 })).toMatchObject({
      status: 400,
      body: { status: false, msg: "Please select a size" },
    });
  });

  it("refuses a quantity that is not a whole number from 1 to 999, with a message, and adds nothing", async () => {
    const me = await shopper();
    const cases: [unknown, string][] = [
      [0, "quantity must be at least 1"],
      [-2, "quantity must be at least 1"],
      [1.5, "quantity must be a whole number"],
      ["abc", "quantity must be a whole number"],
      [true, "quantity must be a whole number"],
      [undefined, "quantity must be a whole number"],
      [1e9, "quantity must be at most 999"],
    ];
    for (const [quantity, msg] of cases) {
      const response = await add(me.token, { productId: product.id, quantity });
      expect(response.status, String(quantity)).toBe(400);
      expect(response.body, String(quantity)).toEqual({ error: true, status: false, msg });
    }
    expect((await list(me.token)).body).toEqual([]);
    expect(await add(me.token, { productId: "00000000-0000-4000-8000-000000000000", quantity: 1 })).toMatchObject({
      status: 404,
      body: { status: false, msg: "Product not found" },
    });
    expect(await add(me.token, { productId: "42", quantity: 1 })).toMatchObject({ status: 400, body: { status: false } });
  });
});

describe("PUT and DELETE /api/cart/{id}", () => {
  it("recomputes the line from the database: client prices and sub-totals are ignored", async () => {
    const me = await shopper();
    const { body: line } = await add(me.token, { productId: product.id, quantity: 1 });
    const response = await call({
      method: "PUT",
      url: `/api/cart/${line._id}`,
      token: me.token,
      payload: { ...originalBody(product, 3, me.id), productId: line._id, price: 0.01, subTotal: 0.03 },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      _id: line._id,
      quantity: 3,
      price: 1299.5,
      subTotal: 3898.5,
      productTitle: product.name,
    });
    expect(await call({ method: "PUT", url: `/api/cart/${line._id}`, token: me.token, payload: { quantity: 6 } })).toMatchObject({
      status: 409,
      body: { msg: "The quantity is greater than product count in stock" },
    });
    expect(await call({ method: "PUT", url: `/api/cart/${line._id}`, token: me.token, payload: { quantity: 0 } })).toMatchObject({
      status: 400,
      body: { msg: "quantity must be at least 1" },
    });
    expect((await call({ method: "GET", url: `/api/cart/${line._id}`, token: me.token })).body).toMatchObject({ quantity: 3 });
  });

  it("answers 404 for another shopper's line, and changes nothing", async () => {
    const owner = await shopper();
    const stranger = await shopper();
    const { body: line } = await add(owner.token, { productId: product.id, quantity: 2 });
    const url = `/api/cart/${line._id}`;
    for (const request of [
      { method: "PUT" as const, url, payload: { quantity: 1, userId: stranger.id } },
      { method: "DELETE" as const, url },
      { method: "GET" as const, url },
    ]) {
      const response = await call({ ...request, token: stranger.token });
      expect(response.status, request.method).toBe(404);
      expect(response.body).toMatchObject({ error: true, msg: "Cart item not found" });
    }
    expect(await list(stranger.token, `?userId=${owner.id}`)).toMatchObject({
      status: 403,
      body: { msg: sessionMessages.otherShopper },
    });
    expect((await list(owner.token)).body).toMatchObject([{ _id: line._id, quantity: 2 }]);
  });

  it("removes a line: 'item removed from cart!'", async () => {
    const me = await shopper();
    const { body: line } = await add(me.token, { productId: product.id, quantity: 1 });
    const response = await call({ method: "DELETE", url: `/api/cart/${line._id}`, token: me.token });
    expect(response).toMatchObject({
      status: 200,
      body: { error: false, success: true, msg: "item removed from cart!", message: "item removed from cart!" },
    });
    expect((await list(me.token)).body).toEqual([]);
    expect((await call({ method: "DELETE", url: `/api/cart/${line._id}`, token: me.token })).status).toBe(404);
  });
});

describe("prices change, stock runs out", () => {
  it("lists current prices and stock, says a price changed, and marks lines that cannot be checked out", async () => {
    const me = await shopper();
    const changing = await createTestProduct(app.db, { pricePaise: 50_000, countInStock: 4 });
    await add(me.token, { productId: changing.id, quantity: 3 });
    await app.db.update(products).set({ pricePaise: 45_000 }).where(eq(products.id, changing.id));
    await app.services.catalog.setStock(changing.id, 2);
    expect((await list(me.token)).body).toMatchObject([
      { price: 450, priceWhenAdded: 500, priceChanged: true, subTotal: 1350, countInStock: 2, stockProblem: "notEnough" },
    ]);
    await app.services.catalog.setStock(changing.id, 0);
    expect((await list(me.token)).body).toMatchObject([{ countInStock: 0, stockProblem: "outOfStock" }]);
  });
});

describe("a guest cart meeting a session", () => {
  it("is merged into the account's cart by the first request carrying both, which clears the cookie and leaves a notice", async () => {
    const me = await shopper();
    const { guestToken } = await app.services.cart.add(
      { kind: "guest", token: undefined, network: "192.0.2.1" },
      { productId: product.id, quantity: 2 },
    );
    const response = await call({ method: "GET", url: "/api/cart", token: me.token, cookies: { guest_cart: guestToken ?? "" } });
    expect(response.body).toMatchObject([{ productId: product.id, quantity: 2, userId: me.id }]);
    const cookies = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
    expect(cookies.guest_cart).toMatchObject({ value: "", maxAge: 0 });
    expect(cookies.flash?.value).toBe("1 product from before you signed in moved to your cart.");
    const visitor = await call({ method: "GET", url: "/api/cart", cookies: { guest_cart: guestToken ?? "" } });
    expect(visitor.body).toEqual([]);
  });
});

/** A listed line: the add answer without its flags. */
function strip(item: Record<string, unknown>) {
  const { error: _error, status: _status, msg: _msg, ...line } = item;
  return line;
}
