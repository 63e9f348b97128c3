import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "#db/schema/orders.ts";
import { createTestProduct, stockOf } from "../support/builders.ts";
import { ordersTestKit } from "../support/orders.ts";
import { type RazorpayStandIn, startRazorpayStandIn } from "../support/razorpay-stand-in.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// Checkout with PAYMENT_PROVIDER=razorpay, the adapter talking Razorpay's REST protocol to a local stand-in that signs
// payments and webhooks as Razorpay does: the same server path as the test provider, over the real protocol.
let standIn: RazorpayStandIn;
let app: TestApp;
let kit: ReturnType<typeof ordersTestKit>;
beforeAll(async () => {
  standIn = await startRazorpayStandIn();
  app = await createTestApp({
    env: {
      ...standIn.env,
    },
  });
  kit = ordersTestKit(app);
});
afterAll(async () => {
  await app?.close();
  await standIn?.close();
});

const statusOf = async (id: string) => (await app.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;

async function started(quantity = 1) {
  const shopper = await kit.shopper();
  const product = await createTestProduct(app.db, { pricePaise: 49_900, countInStock: 5 });
  await kit.addToCart(shopper.token, product.id, quantity);
  const answer = await kit.checkout(shopper.token);
  expect(answer.status).toBe(201);
  return { shopper, product, order: answer.body as { orderId: string; razorpayOrderId: string; amount: number; keyId: string } };
}

const proofOf = (paid: ReturnType<RazorpayStandIn["pay"]>) => ({
  orderId: paid.razorpay_order_id,
  paymentId: paid.razorpay_payment_id,
  signature: paid.razorpay_signature,
});

describe("checkout with Razorpay", () => {
  it("creates the Razorpay order for the database's amount and pays it with the widget's signed fields", async () => {
    const { shopper, product, order } = await started(2);
    expect(order).toMatchObject({ amount: 99_800, keyId: standIn.keyId });
    expect(
      standIn.requests.find(
        (r) => r.method === "POST" && r.path === "/v1/orders" && (r.body as { receipt: string }).receipt === order.orderId,
      ),
    ).toMatchObject({
      authorized: true,
      body: { amount: 99_800, currency: "INR" },
    });
    const paid = await kit.confirm(shopper.token, proofOf(standIn.pay(order.razorpayOrderId)));
    expect(paid.body).toMatchObject({ status: "paid", amount: 998 });
    expect(await stockOf(app.db, product.id)).toBe(3);
  });

  it("refuses a payment of another amount and a forged signature", async () => {
    const { shopper, order } = await started();
    const cheap = await kit.confirm(shopper.token, proofOf(standIn.pay(order.razorpayOrderId, { amountPaise: 100 })));
    expect(cheap.status).toBe(400);
    const real = proofOf(standIn.pay(order.razorpayOrderId));
    expect((await kit.confirm(shopper.token, { ...real, signature: "f".repeat(64) })).status).toBe(400);
    expect(await statusOf(order.orderId)).toBe("pending");
  });

  it("is completed by Razorpay's signed webhook alone, once", async () => {
    const { order } = await started();
    const paid = standIn.pay(order.razorpayOrderId);
    const event = standIn.webhook("order.paid", paid.razorpay_payment_id);
    expect((await kit.webhook(event.rawBody, event.signature, event.eventId)).json()).toEqual({ ok: true, duplicate: false });
    expect((await kit.webhook(event.rawBody, event.signature, event.eventId)).json()).toEqual({ ok: true, duplicate: true });
    expect(await statusOf(order.orderId)).toBe("paid");
  });

  it("answers 503 and holds nothing when Razorpay is down", async () => {
    const shopper = await kit.shopper();
    const product = await createTestProduct(app.db, { countInStock: 5 });
    await kit.addToCart(shopper.token, product.id, 2);
    standIn.failNext(500);
    const answer = await kit.checkout(shopper.token);
    expect(answer.status).toBe(503);
    expect(answer.body.msg).toMatch(/try again/);
    expect(await stockOf(app.db, product.id)).toBe(5);
  });
});
