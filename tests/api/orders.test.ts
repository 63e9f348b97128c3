import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, carts } from "#db/schema/cart.ts";
import { products } from "#db/schema/catalog.ts";
import { orders, outbox } from "#db/schema/orders.ts";
import { checkoutMessages } from "#shared/messages.ts";
import { createTestProduct, stockOf } from "../support/builders.ts";
import { billing, ordersTestKit } from "../support/orders.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// Checkout and orders through the API with the test payment provider (the in-process stand-in for Razorpay): the
// server builds the order from its own cart and prices, holds the stock, and counts a payment only once the provider's
// signature and the payment's own amount are verified.
let app: TestApp;
let kit: ReturnType<typeof ordersTestKit>;
beforeAll(async () => {
  app = await createTestApp();
  kit = ordersTestKit(app);
});
afterAll(async () => {
  await app?.close();
});

const orderRow = async (id: string) => (await app.db.select().from(orders).where(eq(orders.id, id)))[0];
const cartCount = async (userId: string) =>
  (
    await app.db
      .select({ id: cartItems.id })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(eq(carts.userId, userId))
  ).length;

/** A shopper whose cart holds `quantity` of a new product (price Rs 1,299.50, stock 10), checked out. */
async function pendingOrder(quantity = 2, stock = 10) {
  const shopper = await kit.shopper();
  const product = await createTestProduct(app.db, { pricePaise: 129_950, countInStock: stock });
  expect((await kit.addToCart(shopper.token, product.id, quantity, { price: 1, subTotal: 1 })).status).toBe(201);
  const started = await kit.checkout(shopper.token);
  expect(started.status).toBe(201);
  return { shopper, product, started: started.body as { orderId: string; razorpayOrderId: string; amount: number } };
}

describe("POST /api/orders/checkout", () => {
  it("asks a visitor to sign in, and checks the billing fields in the spec's order", async () => {
    expect((await kit.checkout("null")).status).toBe(401);
    const { token } = await kit.shopper();
    const blank = await kit.checkout(token, { ...billing, fullName: " ", city: "" });
    expect(blank).toMatchObject({ status: 400, body: { error: true, msg: checkoutMessages.fullName } });
    const noCity = await kit.checkout(token, { ...billing, city: "" });
    expect(noCity.body.msg).toBe(checkoutMessages.city);
    expect((await kit.checkout(token, { ...billing, country: "Atlantis" })).body.msg).toBe(checkoutMessages.countryUnknown);
    expect((await kit.checkout(token)).body).toMatchObject({ error: true, msg: checkoutMessages.cartEmpty });
  });

  it("builds the order from the database's prices and holds the stock, whatever the client says", async () => {
    const { product, started, shopper } = await pendingOrder(2);
    expect(started).toMatchObject({ amount: 2 * 129_950, currency: "INR", keyId: expect.stringMatching(/^rzp_test_/) });
    expect(started.razorpayOrderId).toMatch(/^order_/);
    expect(await stockOf(app.db, product.id)).toBe(8);
    const row = await orderRow(started.orderId);
    expect(row).toMatchObject({ status: "pending", userId: shopper.id, amountPaise: 259_900, address: "12 MG Road, Flat 4B" });
    // Nothing secret goes back: no key secret, no signature.
    expect(JSON.stringify(started)).not.toMatch(/secret/i);
  });

  it("names a line that is out of stock and holds nothing", async () => {
    const shopper = await kit.shopper();
    const plenty = await createTestProduct(app.db, { countInStock: 10 });
    const scarce = await createTestProduct(app.db, { countInStock: 3 });
    await kit.addToCart(shopper.token, plenty.id, 1);
    await kit.addToCart(shopper.token, scarce.id, 3);
    await app.db.update(products).set({ countInStock: 1 }).where(eq(products.id, scarce.id));
    const refused = await kit.checkout(shopper.token);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(checkoutMessages.blocked([scarce.name]));
    expect(await stockOf(app.db, plenty.id)).toBe(10);
  });

  it("checking out again releases the first hold instead of holding twice", async () => {
    const { product, shopper, started } = await pendingOrder(3);
    const again = await kit.checkout(shopper.token);
    expect(again.status).toBe(201);
    expect(again.body.orderId).not.toBe(started.orderId);
    expect(await stockOf(app.db, product.id)).toBe(7);
    expect((await orderRow(started.orderId))?.status).toBe("expired");
  });

  it("answers the first result again for the same Idempotency-Key, and 422 for another body", async () => {
    const shopper = await kit.shopper();
    const product = await createTestProduct(app.db, { countInStock: 10 });
    await kit.addToCart(shopper.token, product.id, 1);
    const key = { "idempotency-key": `checkout-${shopper.id}` };
    const first = await kit.checkout(shopper.token, billing, key);
    const second = await kit.checkout(shopper.token, billing, key);
    expect(second.status).toBe(201);
    expect(second.body.orderId).toBe(first.body.orderId);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(await stockOf(app.db, product.id)).toBe(9);
    const other = await kit.checkout(shopper.token, { ...billing, city: "Mysuru" }, key);
    expect(other.status).toBe(422);
  });
});

describe("POST /api/orders/create", () => {
  it("pays the order once its proof and amount are verified: stock kept, cart emptied, one e-mail", async () => {
    const { product, started, shopper } = await pendingOrder(2);
    const proof = kit.gateway.pay(started.razorpayOrderId);
    // The original client's own fields are ignored (another amount, other products); its userid is its own.
    const paid = await kit.confirm(shopper.token, proof, { amount: 1, userid: shopper.id, products: [], paymentId: "x" });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      id: started.orderId,
      _id: started.orderId,
      status: "paid",
      paymentId: proof.paymentId,
      amount: 2599,
      userid: shopper.id,
      products: [{ productId: product.id, productTitle: product.name, quantity: 2, price: 1299.5, subTotal: 2599 }],
    });
    expect(paid.headers["cache-control"]).toBe("private, no-store");
    expect(await stockOf(app.db, product.id)).toBe(8);
    expect(await cartCount(shopper.id)).toBe(0);

    // The browser's callback replayed (or a second tab): the same order, no second decrement, no second e-mail.
    const replay = await kit.confirm(shopper.token, proof);
    expect(replay.body).toMatchObject({ id: started.orderId, status: "paid" });
    expect(await stockOf(app.db, product.id)).toBe(8);
    // The e-mail goes after the answer (its outbox row is written with the payment).
    await app.services.orders.settled();
    const mails = await app.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `order-confirmation:${started.orderId}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.lastError ?? null).toBeNull();
    expect(mails[0]?.sentAt).not.toBeNull();
    const eml = (await readdir(path.join(app.dataDir, "outbox"))).filter((name) => name.endsWith(".eml"));
    expect(eml.length).toBeGreaterThan(0);
  });

  it("refuses a forged signature, a tampered amount and another shopper's order, and nothing changes", async () => {
    const { started, shopper, product } = await pendingOrder(1);
    const proof = kit.gateway.pay(started.razorpayOrderId);
    const forged = await kit.confirm(shopper.token, {
      ...proof,
      signature: proof.signature.replace(/.$/, (c) => (c === "0" ? "1" : "0")),
    });
    expect(forged).toMatchObject({ status: 400, body: { msg: checkoutMessages.paymentUnverified } });
    const short = await kit.confirm(shopper.token, { ...proof, signature: "abc" });
    expect(short.status).toBe(400);

    const cheap = kit.gateway.pay(started.razorpayOrderId, { amountPaise: 100 });
    expect((await kit.confirm(shopper.token, cheap)).status).toBe(400);

    const stranger = await kit.shopper();
    expect((await kit.confirm(stranger.token, proof)).status).toBe(404);
    expect((await orderRow(started.orderId))?.status).toBe("pending");
    expect(await stockOf(app.db, product.id)).toBe(9);

    expect((await kit.confirm(shopper.token, { orderId: "", paymentId: "", signature: "" })).status).toBe(400);
  });
});

describe("POST /api/payments/razorpay/webhook", () => {
  it("completes an order whose browser never came back, once per event", async () => {
    const { started, shopper, product } = await pendingOrder(1);
    const proof = kit.gateway.pay(started.razorpayOrderId);
    const event = kit.gateway.webhook("payment.captured", proof.paymentId);
    const first = await kit.webhook(event.rawBody, event.signature, event.eventId);
    expect(first.json()).toEqual({ ok: true, duplicate: false });
    expect((await orderRow(started.orderId))?.status).toBe("paid");
    const again = await kit.webhook(event.rawBody, event.signature, event.eventId);
    expect(again.json()).toEqual({ ok: true, duplicate: true });
    // The browser arriving late changes nothing either.
    expect((await kit.confirm(shopper.token, proof)).body.status).toBe("paid");
    expect(await stockOf(app.db, product.id)).toBe(9);
  });

  it("refuses a bad signature (400) and a failed payment releases the hold", async () => {
    const { started, product } = await pendingOrder(2);
    const declined = kit.gateway.failPayment(started.razorpayOrderId);
    const event = kit.gateway.webhook("payment.failed", declined.id);
    const forged = await kit.webhook(event.rawBody, "0".repeat(64), event.eventId);
    expect(forged.statusCode).toBe(400);
    const tampered = Buffer.from(event.rawBody.toString().replace("failed", "captured"));
    expect((await kit.webhook(tampered, event.signature, `${event.eventId}-2`)).statusCode).toBe(400);
    expect((await orderRow(started.orderId))?.status).toBe("pending");

    expect((await kit.webhook(event.rawBody, event.signature, event.eventId)).statusCode).toBe(200);
    expect((await orderRow(started.orderId))?.status).toBe("failed");
    expect(await stockOf(app.db, product.id)).toBe(10);
  });

  it("answers 400, not 500, to a body that is not JSON", async () => {
    const response = await app.server.inject({
      method: "POST",
      url: "/api/payments/razorpay/webhook",
      payload: "not json",
      headers: { "content-type": "text/plain" },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe("holds that expire", () => {
  /** Moves an order's clock back: placed two minutes ago, its hold over a minute ago. */
  const age = (orderId: string) =>
    app.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 120_000), holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, orderId));

  it("gives the stock back; a payment that comes later takes it again when it is there", async () => {
    const { started, shopper, product } = await pendingOrder(2);
    await age(started.orderId);
    await app.services.orders.reconcile();
    expect((await orderRow(started.orderId))?.status).toBe("expired");
    expect(await stockOf(app.db, product.id)).toBe(10);

    const late = await kit.confirm(shopper.token, kit.gateway.pay(started.razorpayOrderId));
    expect(late.body.status).toBe("paid");
    expect(await stockOf(app.db, product.id)).toBe(8);
  });

  it("refunds a payment whose stock was sold meanwhile", async () => {
    const { started, shopper, product } = await pendingOrder(2);
    await age(started.orderId);
    await app.services.orders.reconcile();
    await app.db.update(products).set({ countInStock: 1 }).where(eq(products.id, product.id));
    const proof = kit.gateway.pay(started.razorpayOrderId);
    const late = await kit.confirm(shopper.token, proof);
    expect(late.body.status).toBe("refunded");
    expect(await stockOf(app.db, product.id)).toBe(1);
    expect((await kit.gateway.fetchPayment(proof.paymentId))?.status).toBe("refunded");
  });

  it("takes no stock for a refunded payment when one of its products was sold meanwhile and another was not", async () => {
    const shopper = await kit.shopper();
    // Products are taken in id order: the first is taken before the second is found short, and must be given back.
    const first = await createTestProduct(app.db, { pricePaise: 50_000, countInStock: 10 });
    const second = await createTestProduct(app.db, { pricePaise: 70_000, countInStock: 10 });
    expect((await kit.addToCart(shopper.token, first.id, 2, {})).status).toBe(201);
    expect((await kit.addToCart(shopper.token, second.id, 3, {})).status).toBe(201);
    const started = (await kit.checkout(shopper.token)).body as { orderId: string; razorpayOrderId: string };
    expect(await stockOf(app.db, first.id)).toBe(8);
    await age(started.orderId);
    await app.services.orders.reconcile();
    expect(await stockOf(app.db, first.id)).toBe(10);
    await app.db.update(products).set({ countInStock: 1 }).where(eq(products.id, second.id));

    const late = await kit.confirm(shopper.token, kit.gateway.pay(started.razorpayOrderId));
    expect(late.body.status).toBe("refunded");
    expect(await stockOf(app.db, first.id)).toBe(10);
    expect(await stockOf(app.db, second.id)).toBe(1);
  });

  it("reconciliation completes a captured payment nobody reported", async () => {
    const { started, product } = await pendingOrder(1);
    kit.gateway.pay(started.razorpayOrderId);
    await app.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(orders.id, started.orderId));
    const report = await app.services.orders.reconcile();
    expect(report.paid).toBeGreaterThanOrEqual(1);
    expect((await orderRow(started.orderId))?.status).toBe("paid");
    expect(await stockOf(app.db, product.id)).toBe(9);
  });
});

describe("GET /api/orders", () => {
  it("lists the session's own orders newest first as a bare array; another shopper's order is 404", async () => {
    const { started, shopper } = await pendingOrder(1);
    await kit.confirm(shopper.token, kit.gateway.pay(started.razorpayOrderId));
    const second = await kit.addToCart(shopper.token, (await createTestProduct(app.db)).id, 1);
    expect(second.status).toBe(201);
    const newer = await kit.checkout(shopper.token);

    const stranger = await kit.shopper();
    const listed = await kit.call({ method: "GET", url: `/api/orders?userid=${shopper.id}`, token: shopper.token });
    expect(listed.status).toBe(200);
    expect(Array.isArray(listed.body)).toBe(true);
    expect(listed.body.map((order: { id: string }) => order.id)).toEqual([newer.body.orderId, started.orderId]);
    expect(listed.headers["x-total-count"]).toBe("2");
    expect(listed.headers["cache-control"]).toBe("private, no-store");
    expect(listed.body[1]).toMatchObject({ status: "paid", date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });

    const own = await kit.call({ method: "GET", url: `/api/orders/${started.orderId}`, token: shopper.token });
    expect(own.body.products).toHaveLength(1);
    const theirs = await kit.call({ method: "GET", url: `/api/orders/${started.orderId}`, token: stranger.token });
    expect(theirs.status).toBe(404);
    expect((await kit.call({ method: "GET", url: "/api/orders", token: stranger.token })).body).toEqual([]);
    expect((await kit.call({ method: "GET", url: "/api/orders" })).status).toBe(401);
    expect((await kit.call({ method: "GET", url: "/api/orders/not-an-id", token: shopper.token })).status).toBe(400);
  });
});

describe("POST /api/cart/add with an Idempotency-Key", () => {
  it("adds once however often the same request is retried", async () => {
    const shopper = await kit.shopper();
    const product = await createTestProduct(app.db, { countInStock: 10 });
    const headers = { "idempotency-key": "add-1" };
    const send = (quantity: number) =>
      kit.call({
        method: "POST",
        url: "/api/cart/add",
        token: shopper.token,
        payload: { productId: product.id, quantity },
        headers,
      });
    expect((await send(2)).status).toBe(201);
    const again = await send(2);
    expect(again.status).toBe(201);
    expect(again.body.quantity).toBe(2);
    expect((await send(3)).status).toBe(422);
    expect(
      (
        await kit.call({
          method: "POST",
          url: "/api/cart/add",
          token: shopper.token,
          payload: { productId: product.id, quantity: 1 },
          headers: { "idempotency-key": "é" },
        })
      ).status,
    ).toBe(400);
  });
});

describe("many buyers for the last units", () => {
  it("fifty buyers at once for the last five: exactly five paid orders, stock 0, never negative", async () => {
    const product = await createTestProduct(app.db, { countInStock: 50 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => kit.shopper()));
    for (const buyer of buyers) expect((await kit.addToCart(buyer.token, product.id, 1)).status).toBe(201);
    await app.db.update(products).set({ countInStock: 5 }).where(eq(products.id, product.id));

    const attempts = await Promise.all(buyers.map((buyer) => kit.checkout(buyer.token)));
    const won = attempts.flatMap((attempt, index) =>
      attempt.status === 201 ? [{ buyer: buyers[index], body: attempt.body }] : [],
    );
    expect(won).toHaveLength(5);
    expect(attempts.filter((attempt) => attempt.status === 409)).toHaveLength(45);
    const paid = await Promise.all(
      won.map(({ buyer, body }) => kit.confirm(buyer?.token ?? "", kit.gateway.pay(body.razorpayOrderId))),
    );
    expect(paid.map((answer) => answer.body.status)).toEqual(Array(5).fill("paid"));
    expect(await stockOf(app.db, product.id)).toBe(0);
  });
});
