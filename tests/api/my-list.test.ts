import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wishlistItems } from "#db/schema/wishlist.ts";
import { sessionMessages, wishlistMessages } from "#shared/messages.ts";
import { uniqueIp } from "../support/accounts.ts";
import { createTestProduct, createTestUser, type TestProduct } from "../support/builders.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../support/test-app.ts";

// Spec §7 "Wishlist" as the original client calls it: bare arrays (empty for a visitor, who sends `Bearer null`),
// `{ status: false, msg }` when an add fails, the user always from the session, and data from the product.
let app: TestApp;
let product: TestProduct;
beforeAll(async () => {
  app = await createTestApp();
  product = await createTestProduct(app.db, { pricePaise: 129_900, oldPricePaise: 149_900, rating: 4.5 });
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
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

const add = (token: string | undefined, payload: Record<string, unknown>, url = "/api/my-list/add/") =>
  call({ method: "POST", url, token, payload });
const rowsOf = (userId: string) => app.db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId));

describe("a visitor", () => {
  it("gets 200 [] from both lookups, whatever ids the original client sends", async () => {
    for (const url of [
      "/api/my-list",
      `/api/my-list?productId=${product.id}&userId=undefined`,
      "/api/my-list?productId=undefined&userId=undefined",
      `/api/my-list?userId=${product.id}`,
    ]) {
      const response = await call({ method: "GET", url });
      expect(response.status, url).toBe(200);
      expect(response.body, url).toEqual([]);
    }
  });

  it("cannot add ('Please Login to continue', status false) or remove", async () => {
    const response = await add(undefined, { productId: product.id });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ error: true, status: false, msg: wishlistMessages.loginToContinue });
    const removal = await call({ method: "DELETE", url: `/api/my-list/${product.id}` });
    expect(removal.status).toBe(401);
  });
});

describe("a shopper's list", () => {
  it("adds with the product's own title, image, rating and price, whatever the body says", async () => {
    const me = await shopper();
    const response = await add(me.token, {
      productTitle: "Free TV",
      image: "https://evil.example/x.png",
      rating: 5,
      price: 1,
      productId: product.id,
      userId: me.id,
    });
    expect(response.status).toBe(201);
    const entry = {
      _id: expect.any(String),
      id: expect.any(String),
      productTitle: product.name,
      image: product.images[0],
      imageUrl: `${TEST_PUBLIC_URL}/download/${product.images[0]}`,
      rating: 4.5,
      price: 1299,
      productId: product.id,
      userId: me.id,
      available: true,
    };
    expect(response.body).toEqual({ error: false, status: true, msg: wishlistMessages.added, ...entry });
    expect(response.body._id).toBe(response.body.id);
    expect(response.headers["cache-control"]).toBe("private, no-store");

    const list = await call({ method: "GET", url: `/api/my-list?userId=${me.id}`, token: me.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([entry]);
    expect(list.headers["cache-control"]).toBe("private, no-store");
    expect((await call({ method: "GET", url: "/api/my-list", token: me.token })).body).toEqual([entry]);
  });

  it("answers the lookup by product with a bare array: [entry] or []", async () => {
    const me = await shopper();
    const other = await createTestProduct(app.db);
    await add(me.token, { productId: product.id });
    const found = await call({ method: "GET", url: `/api/my-list?productId=${product.id}&userId=${me.id}`, token: me.token });
    expect(found.body).toHaveLength(1);
    expect(found.body[0]).toMatchObject({ productId: product.id, userId: me.id });
    for (const productId of [other.id, "undefined", ""]) {
      const missing = await call({ method: "GET", url: `/api/my-list?productId=${productId}`, token: me.token });
      expect(missing.status, productId).toBe(200);
      expect(missing.body, productId).toEqual([]);
    }
  });

  it("answers a second add with status false and the original's message, and keeps one row", async () => {
    const me = await shopper();
    expect((await add(me.token, { productId: product.id }, "/api/my-list/add")).status).toBe(201);
    const again = await add(me.token, { productId: product.id });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: true, status: false, msg: wishlistMessages.alreadyAdded });
    expect(await rowsOf(me.id)).toHaveLength(1);
  });

  it("refuses a bad or unknown product with status false", async () => {
    const me = await shopper();
    const bad = await add(me.token, { productId: "not-an-id" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: true, status: false, msg: "productId is not a valid id" });
    const unknown = await add(me.token, { productId: "0190a0b0-0000-7000-8000-000000000000" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: true, status: false });
    expect(await rowsOf(me.id)).toEqual([]);
  });
});

describe("another shopper's list", () => {
  it("is refused (403) when asked for by user id, to read or to add to", async () => {
    const me = await shopper();
    const them = await shopper();
    await add(them.token, { productId: product.id });
    const read = await call({ method: "GET", url: `/api/my-list?userId=${them.id}`, token: me.token });
    expect(read.status).toBe(403);
    expect(read.body).toMatchObject({ error: true, msg: sessionMessages.otherShopper });
    const lookup = await call({ method: "GET", url: `/api/my-list?productId=${product.id}&userId=${them.id}`, token: me.token });
    expect(lookup.status).toBe(403);
    const write = await add(me.token, { productId: product.id, userId: them.id });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({ status: false });
    expect(await rowsOf(me.id)).toEqual([]);
    expect(await rowsOf(them.id)).toHaveLength(1);
  });

  it("keeps its entries: removing one of them is a 404; removing your own answers the spec's message", async () => {
    const me = await shopper();
    const them = await shopper();
    const theirs = await add(them.token, { productId: product.id });
    const mine = await add(me.token, { productId: product.id });

    const refused = await call({ method: "DELETE", url: `/api/my-list/${theirs.body.id}`, token: me.token });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: true, msg: wishlistMessages.notFound });
    expect(await rowsOf(them.id)).toHaveLength(1);

    const removed = await call({ method: "DELETE", url: `/api/my-list/${mine.body.id}`, token: me.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({
      error: false,
      success: true,
      msg: wishlistMessages.removed,
      message: wishlistMessages.removed,
    });
    expect((await call({ method: "GET", url: "/api/my-list", token: me.token })).body).toEqual([]);
    expect((await call({ method: "DELETE", url: `/api/my-list/${mine.body.id}`, token: me.token })).status).toBe(404);
    expect((await call({ method: "DELETE", url: "/api/my-list/not-an-id", token: me.token })).status).toBe(400);
  });
});

it("describes the My List routes in the OpenAPI document", async () => {
  const response = await app.server.inject({ method: "GET", url: "/api/docs" });
  expect(response.statusCode).toBe(200);
  const paths = Object.keys(response.json().paths);
  expect(paths).toEqual(expect.arrayContaining(["/api/my-list", "/api/my-list/add", "/api/my-list/{id}"]));
});
