import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionMessages } from "#shared/messages.ts";
import { createTestProduct, createTestUser, type TestProduct } from "../support/builders.ts";
import { shopState } from "../support/fuzz-hostile.ts";
import { ordersTestKit } from "../support/orders.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { multipart, solidPng } from "../support/uploads.ts";

// Decision 006's rule for a shopper named by the client: a `userId`/`userid` in a query or body (and a review's
// `customerId`, a `/user/{id}` path) is the session's own or absent, else 403 with one message and nothing changed.
let app: TestApp;
let kit: ReturnType<typeof ordersTestKit>;
let them: Shopper;
let product: TestProduct;
beforeAll(async () => {
  app = await createTestApp();
  kit = ordersTestKit(app);
  product = await createTestProduct(app.db, { countInStock: 1000 });
  // Another shopper with a cart, a list and an order: what a forged id would reach.
  them = await kit.shopper();
  expect((await kit.addToCart(them.token, product.id, 1)).status).toBe(201);
  expect(
    (await kit.call({ method: "POST", url: "/api/my-list/add", token: them.token, payload: { productId: product.id } })).status,
  ).toBe(201);
  expect((await kit.checkout(them.token)).status).toBe(201);
});
afterAll(async () => {
  await app?.close();
});

type Shopper = { id: string; token: string };

/** A route of the contract that lets the client name a shopper, and what it answers when the rule lets it through. */
interface NamingRoute {
  name: string;
  ok: number;
  /** The request as `me` sends it naming `named` (or no one), after preparing what it changes (a line, an order). */
  request(me: Shopper, named: string | undefined): Promise<InjectOptions>;
}

const inQuery = (field: string, named: string | undefined, more = "") => {
  const parts = [more, named === undefined ? "" : `${field}=${encodeURIComponent(named)}`].filter((part) => part !== "");
  return parts.length > 0 ? `?${parts.join("&")}` : "";
};
const inBody = (field: string, named: string | undefined) => (named === undefined ? {} : { [field]: named });

const ROUTES: NamingRoute[] = [
  {
    name: "GET /api/cart?userId",
    ok: 200,
    request: async (_me, named) => ({ method: "GET", url: `/api/cart${inQuery("userId", named)}` }),
  },
  {
    name: "POST /api/cart/add {userId}",
    ok: 201,
    request: async (_me, named) => ({
      method: "POST",
      url: "/api/cart/add",
      payload: { productId: product.id, quantity: 1, ...inBody("userId", named) },
    }),
  },
  {
    name: "PUT /api/cart/{id} {userId}",
    ok: 200,
    request: async (me, named) => {
      const line = await kit.addToCart(me.token, product.id, 1);
      return { method: "PUT", url: `/api/cart/${line.body._id}`, payload: { quantity: 2, ...inBody("userId", named) } };
    },
  },
  {
    name: "GET /api/my-list?userId",
    ok: 200,
    request: async (_me, named) => ({ method: "GET", url: `/api/my-list${inQuery("userId", named)}` }),
  },
  {
    name: "GET /api/my-list?productId&userId",
    ok: 200,
    request: async (_me, named) => ({ method: "GET", url: `/api/my-list${inQuery("userId", named, `productId=${product.id}`)}` }),
  },
  {
    name: "POST /api/my-list/add/ {userId}",
    ok: 201,
    request: async (_me, named) => ({
      method: "POST",
      url: "/api/my-list/add/",
      payload: { productId: (await createTestProduct(app.db)).id, ...inBody("userId", named) },
    }),
  },
  {
    name: "POST /api/productReviews/add {customerId}",
    ok: 201,
    request: async (_me, named) => ({
      method: "POST",
      url: "/api/productReviews/add",
      payload: { productId: product.id, review: "Works well.", customerRating: 4, ...inBody("customerId", named) },
    }),
  },
  {
    name: "GET /api/orders?userid",
    ok: 200,
    request: async (_me, named) => ({ method: "GET", url: `/api/orders${inQuery("userid", named)}` }),
  },
  {
    name: "POST /api/orders/create {userid}",
    ok: 200,
    request: async (me, named) => {
      expect((await kit.addToCart(me.token, product.id, 1)).status).toBe(201);
      const started = await kit.checkout(me.token);
      const proof = kit.gateway.pay(started.body.razorpayOrderId);
      return {
        method: "POST",
        url: "/api/orders/create",
        payload: {
          razorpay_order_id: proof.orderId,
          razorpay_payment_id: proof.paymentId,
          razorpay_signature: proof.signature,
          ...inBody("userid", named),
        },
      };
    },
  },
];

async function send(me: Shopper, options: InjectOptions) {
  return kit.call({ ...options, token: me.token });
}

/** 403 with the one message (only the add routes' `status: false` beside it), and nothing in the shop changed. */
async function expectRefused(me: Shopper, options: InjectOptions) {
  const before = await shopState(app);
  const answer = await send(me, options);
  expect(answer.status, `${options.method} ${options.url}`).toBe(403);
  const { status, ...body } = answer.body;
  expect(body).toEqual({ error: true, msg: sessionMessages.otherShopper });
  expect([undefined, false]).toContain(status);
  expect(await shopState(app)).toBe(before);
}

describe.each(ROUTES)("$name", (route) => {
  it("works with the caller's own id", async () => {
    const me = await kit.shopper();
    expect((await send(me, await route.request(me, me.id))).status).toBe(route.ok);
  });

  it("refuses another shopper's id with 403 and the one message, and changes nothing", async () => {
    const me = await kit.shopper();
    const options = await route.request(me, them.id);
    await expectRefused(me, options);
  });

  it("works without an id, and with the original client's 'undefined' for none", async () => {
    for (const named of [undefined, "undefined"]) {
      const me = await kit.shopper();
      expect((await send(me, await route.request(me, named))).status, String(named)).toBe(route.ok);
    }
  });
});

describe("/api/user/{id}: the id in the path follows the same rule", () => {
  const PASSWORD = "correct horse battery";
  const NEW_PASSWORD = "a new and longer passphrase";

  async function account(): Promise<Shopper> {
    const user = await createTestUser(app.db, { password: PASSWORD });
    const signedIn = await kit.call({
      method: "POST",
      url: "/api/user/signin",
      payload: { email: user.email, password: PASSWORD },
    });
    return { id: user.id, token: signedIn.body.token };
  }

  /** My Account's three requests for the account `id`, as `me` sends them (a profile save names `me`'s new photo). */
  async function requests(me: Shopper, id: string): Promise<InjectOptions[]> {
    const body = multipart([{ filename: "me.png", type: "image/png", data: await solidPng() }]);
    const uploaded = await send(me, { method: "POST", url: "/api/user/upload", payload: body.payload, headers: body.headers });
    return [
      { method: "GET", url: `/api/user/${id}` },
      { method: "PUT", url: `/api/user/${id}`, payload: { name: "Asha", phone: "9876543210", images: uploaded.body.images } },
      {
        method: "PUT",
        url: `/api/user/changePassword/${id}`,
        payload: { password: PASSWORD, newPass: NEW_PASSWORD, confirmPass: NEW_PASSWORD },
      },
    ];
  }

  it("works with the caller's own id", async () => {
    const me = await account();
    for (const options of await requests(me, me.id)) {
      expect((await send(me, options)).status, `${options.method} ${options.url}`).toBe(200);
    }
  });

  it("refuses another shopper's id with 403 and the one message, and changes nothing", async () => {
    const me = await account();
    const other = await account();
    for (const options of await requests(me, other.id)) {
      await expectRefused(me, options);
    }
  });
});

describe("routes whose contract names no shopper", () => {
  it("refuse a userId or userid of another shopper sent anyway, alike", async () => {
    const me = await kit.shopper();
    const line = await kit.addToCart(me.token, product.id, 1);
    const entry = await kit.call({
      method: "POST",
      url: "/api/my-list/add",
      token: me.token,
      payload: { productId: product.id },
    });
    const forged = [
      { method: "GET", url: `/api/cart/${line.body._id}?userId=${them.id}` },
      { method: "DELETE", url: `/api/cart/${line.body._id}?userid=${them.id}` },
      { method: "DELETE", url: `/api/my-list/${entry.body._id}?userId=${them.id}` },
      { method: "POST", url: "/api/orders/checkout", payload: { userId: them.id } },
      { method: "GET", url: `/api/imageUpload?userId=${them.id}` },
    ] satisfies InjectOptions[];
    for (const options of forged) {
      await expectRefused(me, options);
    }
  });
});
