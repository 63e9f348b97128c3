import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#db/schema/catalog.ts";
import { orders, outbox } from "#db/schema/orders.ts";
import { clientPurchaseMessages } from "#shared/messages/back-office-staff.ts";
import { createTestProduct, stockOf } from "../support/builders.ts";
import { ordersTestKit } from "../support/orders.ts";
import { type RazorpayStandIn, startRazorpayStandIn } from "../support/razorpay-stand-in.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// Issue 34, item 7 (decision 039): the original client pays in Razorpay's widget without a provider order and posts
// only `paymentId`; the shop fetches that payment from Razorpay (the local stand-in, over the real protocol) and
// turns the session's cart into a paid order only when the payment pays exactly that cart, once.
let standIn: RazorpayStandIn;
let app: TestApp;
let kit: ReturnType<typeof ordersTestKit>;
beforeAll(async () => {
  standIn = await startRazorpayStandIn();
  app = await createTestApp({ env: standIn.env });
  kit = ordersTestKit(app);
});
afterAll(async () => {
  await app?.close();
  await standIn?.close();
});

const ordersOf = (userId: string) => app.db.select().from(orders).where(eq(orders.userId, userId));
const cartCount = async (token: string) =>
  ((await kit.call({ method: "GET", url: "/api/cart", token })).body as unknown[]).length;
const statusAtRazorpay = (paymentId: string) => standIn.payments().find((payment) => payment.id === paymentId)?.status;

/** The original client's body after Razorpay's handler gave it `razorpay_payment_id` (its utils/api.js postData). */
const clientBody = (paymentId: string, userid: string) => ({
  name: "Asha Menon",
  phoneNumber: "9876543210",
  address: "12 MG Road, Flat 4B",
  pincode: "560001",
  amount: 1,
  email: "asha@example.com",
  userid,
  products: [{ productTitle: "anything", price: 1, quantity: 99 }],
  paymentId,
  date: "2020-01-01",
});

async function shopperWithCart(options: { pricePaise?: number; countInStock?: number; quantity?: number } = {}) {
  const shopper = await kit.shopper();
  const product = await createTestProduct(app.db, {
    pricePaise: options.pricePaise ?? 49_900,
    countInStock: options.countInStock ?? 5,
  });
  expect((await kit.addToCart(shopper.token, product.id, options.quantity ?? 2)).status).toBe(201);
  return { shopper, product, total: (options.pricePaise ?? 49_900) * (options.quantity ?? 2) };
}

const purchase = (token: string | undefined, body: Record<string, unknown>) =>
  kit.call({ method: "POST", url: "/api/orders/create", token, payload: body });

describe("the original client's purchase with Razorpay", () => {
  it("makes a paid order of the session's cart from a captured payment of its total", async () => {
    const { shopper, product, total } = await shopperWithCart();
    const payment = standIn.payWithoutOrder({ amountPaise: total });
    const answer = await purchase(shopper.token, clientBody(payment.id, shopper.id));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: "paid",
      paymentId: payment.id,
      amount: 998,
      userid: shopper.id,
      name: "Asha Menon",
      pincode: "560001",
      address: "12 MG Road, Flat 4B",
      razorpayOrderId: "",
      products: [{ productId: product.id, quantity: 2, price: 499 }],
    });
    // The server fetched the payment with its key, the stock went, the cart emptied, the confirmation is in the outbox.
    expect(standIn.requests.find((r) => r.path === `/v1/payments/${payment.id}`)?.authorized).toBe(true);
    expect(await stockOf(app.db, product.id)).toBe(3);
    expect(await cartCount(shopper.token)).toBe(0);
    const orderId = (answer.body as { id: string }).id;
    const mail = await app.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `order-confirmation:${orderId}`));
    expect(mail).toHaveLength(1);
    await app.services.orders.settled();
  });

  it("captures an authorised payment, then makes the order", async () => {
    const { shopper, total } = await shopperWithCart();
    const payment = standIn.payWithoutOrder({ amountPaise: total, status: "authorized" });
    const answer = await purchase(shopper.token, clientBody(payment.id, shopper.id));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: "paid", paymentId: payment.id });
    expect(statusAtRazorpay(payment.id)).toBe("captured");
    await app.services.orders.settled();
  });

  it("refuses a payment of another amount, another currency, unknown, failed, or of a checkout's Razorpay order", async () => {
    const { shopper, product, total } = await shopperWithCart();
    const cases = [
      { payment: standIn.payWithoutOrder({ amountPaise: total - 100 }), status: 409, message: /not your cart's total/ },
      { payment: standIn.payWithoutOrder({ amountPaise: total, currency: "USD" }), status: 400, message: /USD, not INR/ },
      { payment: standIn.payWithoutOrder({ amountPaise: total, status: "failed" }), status: 400, message: /did not go through/ },
      { payment: { id: "pay_NoSuchPayment1" }, status: 400, message: /does not know that payment/ },
    ];
    for (const { payment, status, message } of cases) {
      const answer = await purchase(shopper.token, clientBody(payment.id, shopper.id));
      expect(answer.status, payment.id).toBe(status);
      expect((answer.body as { msg: string }).msg, payment.id).toMatch(message);
    }
    // A payment of the shop's own checkout (it has a Razorpay order) goes through the widget's signed fields only.
    const checkout = await kit.checkout(shopper.token);
    const viaCheckout = standIn.pay((checkout.body as { razorpayOrderId: string }).razorpayOrderId);
    const own = await purchase(shopper.token, clientBody(viaCheckout.razorpay_payment_id, shopper.id));
    expect(own.status).toBe(409);
    expect((own.body as { msg: string }).msg).toBe(clientPurchaseMessages.paymentOfOrder);
    // Nothing was made, nothing captured for the refused payments.
    expect((await ordersOf(shopper.id)).filter((order) => order.status === "paid")).toHaveLength(0);
    expect(await stockOf(app.db, product.id)).toBe(3); // the checkout's hold, not a purchase
  });

  it("uses a payment for one order only", async () => {
    const first = await shopperWithCart();
    const payment = standIn.payWithoutOrder({ amountPaise: first.total });
    expect((await purchase(first.shopper.token, clientBody(payment.id, first.shopper.id))).status).toBe(200);
    // The same shopper with the same cart again, and another shopper whose cart costs the same.
    await kit.addToCart(first.shopper.token, first.product.id, 2);
    const again = await purchase(first.shopper.token, clientBody(payment.id, first.shopper.id));
    expect(again.status).toBe(409);
    expect((again.body as { msg: string }).msg).toBe(clientPurchaseMessages.paymentUsed);
    const other = await shopperWithCart();
    const stolen = await purchase(other.shopper.token, clientBody(payment.id, other.shopper.id));
    expect(stolen.status).toBe(409);
    expect(await app.db.select().from(orders).where(eq(orders.paymentId, payment.id))).toHaveLength(1);
    expect(await ordersOf(other.shopper.id)).toHaveLength(0);
    expect(await stockOf(app.db, other.product.id)).toBe(5);
    expect(statusAtRazorpay(payment.id)).toBe("captured");
    await app.services.orders.settled();
  });

  it("refuses a payment of the cart's old total once a price changed, and makes nothing", async () => {
    const { shopper, product, total } = await shopperWithCart();
    await app.db.update(products).set({ pricePaise: 59_900 }).where(eq(products.id, product.id));
    const payment = standIn.payWithoutOrder({ amountPaise: total });
    const answer = await purchase(shopper.token, clientBody(payment.id, shopper.id));
    expect(answer.status).toBe(409);
    expect((answer.body as { msg: string }).msg).toContain("₹1,198");
    expect(await ordersOf(shopper.id)).toHaveLength(0);
    expect(await stockOf(app.db, product.id)).toBe(5);
    expect(await cartCount(shopper.token)).toBe(1);
  });

  it("refunds a captured payment and leaves an authorised one uncaptured when the stock is gone", async () => {
    const { shopper, product, total } = await shopperWithCart({ countInStock: 2 });
    await app.db.update(products).set({ countInStock: 1 }).where(eq(products.id, product.id));
    const captured = standIn.payWithoutOrder({ amountPaise: total });
    const refunded = await purchase(shopper.token, clientBody(captured.id, shopper.id));
    expect(refunded.status).toBe(409);
    expect((refunded.body as { msg: string }).msg).toBe(clientPurchaseMessages.soldOutRefunded(product.name));
    expect(statusAtRazorpay(captured.id)).toBe("refunded");

    const authorized = standIn.payWithoutOrder({ amountPaise: total, status: "authorized" });
    const left = await purchase(shopper.token, clientBody(authorized.id, shopper.id));
    expect(left.status).toBe(409);
    expect((left.body as { msg: string }).msg).toBe(clientPurchaseMessages.soldOutUncaptured(product.name));
    expect(statusAtRazorpay(authorized.id)).toBe("authorized");
    expect(await ordersOf(shopper.id)).toHaveLength(0);
    expect(await stockOf(app.db, product.id)).toBe(1);
  });

  it("answers a visitor 401 and another shopper's userid 403, making nothing", async () => {
    const { shopper, total } = await shopperWithCart();
    const payment = standIn.payWithoutOrder({ amountPaise: total });
    expect((await purchase(undefined, clientBody(payment.id, shopper.id))).status).toBe(401);
    const other = await kit.shopper();
    expect((await purchase(other.token, clientBody(payment.id, shopper.id))).status).toBe(403);
    expect(await ordersOf(shopper.id)).toHaveLength(0);
    expect(statusAtRazorpay(payment.id)).toBe("captured");
  });

  it("refuses a body without the billing details it needs", async () => {
    const { shopper, total } = await shopperWithCart();
    const payment = standIn.payWithoutOrder({ amountPaise: total });
    const answer = await purchase(shopper.token, { ...clientBody(payment.id, shopper.id), pincode: "" });
    expect(answer.status).toBe(400);
    expect(await ordersOf(shopper.id)).toHaveLength(0);
  });
});

describe("the original client's purchase with the test provider", () => {
  it("answers a clear 400: the original client needs Razorpay", async () => {
    const testApp = await createTestApp();
    try {
      const testKit = ordersTestKit(testApp);
      const shopper = await testKit.shopper();
      const product = await createTestProduct(testApp.db, { pricePaise: 49_900 });
      await testKit.addToCart(shopper.token, product.id, 1);
      const answer = await testKit.call({
        method: "POST",
        url: "/api/orders/create",
        token: shopper.token,
        payload: clientBody("pay_Anything12345", shopper.id),
      });
      expect(answer.status).toBe(400);
      expect((answer.body as { msg: string }).msg).toBe(clientPurchaseMessages.needsRazorpay);
      expect(await testApp.db.select().from(orders).where(eq(orders.userId, shopper.id))).toHaveLength(0);
    } finally {
      await testApp.close();
    }
  });
});
