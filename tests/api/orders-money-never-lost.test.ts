import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { products } from "#db/schema/catalog.ts";
import { orders } from "#db/schema/orders.ts";
import { RELEASED_RECHECK_DAYS } from "#domain/orders/reconcile.ts";
import { createRazorpayGateway } from "#integrations/payments/razorpay.ts";
import { checkoutMessages } from "#shared/messages.ts";
import { createTestProduct, createTestUser, stockOf } from "../support/builders.ts";
import { billing, ordersServiceOn } from "../support/orders.ts";
import { type RazorpayStandIn, startRazorpayStandIn } from "../support/razorpay-stand-in.ts";
import { createTestServices, type TestServices } from "../support/test-services.ts";

// A payment Razorpay captured whose browser never came back (tab closed, network lost, process restarted) and whose
// webhook has not come either: whatever ends its order's hold asks Razorpay first, and reconciliation keeps asking
// about released orders, so every captured payment ends as a paid order or a refund (decision 015). The orders service
// talks Razorpay's REST protocol to the local stand-in, on a clock of the test's own.
let t: TestServices;
let standIn: RazorpayStandIn;
let clock = Date.now();
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestServices();
  standIn = await startRazorpayStandIn();
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

function shop() {
  const gateway = createRazorpayGateway({
    keyId: standIn.keyId,
    keySecret: standIn.keySecret,
    webhookSecret: standIn.webhookSecret,
    apiUrl: standIn.url,
  });
  return ordersServiceOn(t.db, { gateway, now: () => new Date(clock) });
}

const row = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
/** Moves the clock to when reconciliation next asks about a released order. */
const untilNextCheck = async (id: string) => {
  clock = ((await row(id))?.nextCheckAt?.getTime() ?? clock) + 1;
};

/** A shopper who checked out `quantity` of a product of their own: the pending order, and the shop it was placed in. */
async function checkedOut({ quantity = 1, stock = 5 } = {}) {
  const { orders: service, cart } = shop();
  const user = await createTestUser(t.db);
  const product = await createTestProduct(t.db, { pricePaise: 25_000, countInStock: stock });
  await cart.add({ kind: "user", userId: user.id }, { productId: product.id, quantity });
  const step = await service.checkout(user.id, billing);
  return { service, cart, user, product, step };
}

/** Every payment Razorpay captured pays exactly one order of ours, or was refunded: never money without an order. */
afterEach(async () => {
  const rows = await t.db.select().from(orders);
  for (const payment of standIn.payments().filter((p) => p.status === "captured" || p.status === "refunded")) {
    const settled = rows.filter((order) => order.paymentId === payment.id);
    expect(settled, `payment ${payment.id} (${payment.status})`).toHaveLength(1);
    const [order] = settled;
    if (payment.status === "captured") expect(["paid", "shipped", "delivered"]).toContain(order?.status);
    else expect(order?.status).toBe("refunded");
  }
  expect(standIn.payments().filter((p) => p.status === "authorized")).toEqual([]);
});

describe("a new checkout after a payment the browser never reported", () => {
  it("completes the earlier order instead of expiring it, and says so when the cart went with it", async () => {
    const { service, user, product, step } = await checkedOut({ quantity: 2 });
    standIn.pay(step.providerOrderId);

    await expect(service.checkout(user.id, billing)).rejects.toMatchObject({
      code: "CONFLICT",
      message: checkoutMessages.earlierOrderPaid,
    });
    expect(await row(step.orderId)).toMatchObject({ status: "paid", stockHeld: true });
    expect(await stockOf(t.db, product.id)).toBe(3);
  });

  it("completes the earlier order and checks out what was added since", async () => {
    const { service, cart, user, product, step } = await checkedOut();
    standIn.pay(step.providerOrderId);
    const added = await createTestProduct(t.db, { pricePaise: 10_000, countInStock: 5 });
    await cart.add({ kind: "user", userId: user.id }, { productId: added.id, quantity: 1 });

    const next = await service.checkout(user.id, billing);
    expect(next.amountPaise).toBe(10_000);
    expect((await row(step.orderId))?.status).toBe("paid");
    expect(await stockOf(t.db, product.id)).toBe(4);
    expect(await stockOf(t.db, added.id)).toBe(4);
  });

  it("captures an authorised payment and completes its order", async () => {
    const { service, user, step } = await checkedOut();
    const authorized = standIn.authorize(step.providerOrderId);

    await expect(service.checkout(user.id, billing)).rejects.toMatchObject({ code: "CONFLICT" });
    expect(standIn.requests.some((r) => r.path === `/v1/payments/${authorized.id}/capture`)).toBe(true);
    expect(await row(step.orderId)).toMatchObject({ status: "paid", paymentId: authorized.id });
  });

  it("expires the earlier order when Razorpay holds no money for it", async () => {
    const { service, user, product, step } = await checkedOut({ quantity: 2 });
    standIn.failPayment(step.providerOrderId);

    const next = await service.checkout(user.id, billing);
    expect(next.orderId).not.toBe(step.orderId);
    expect((await row(step.orderId))?.status).toBe("expired");
    expect(await stockOf(t.db, product.id)).toBe(3);
  });

  it("answers 503 and changes nothing when Razorpay cannot say whether the earlier order was paid", async () => {
    const { service, user, product, step } = await checkedOut();
    standIn.failNext(500);

    await expect(service.checkout(user.id, billing)).rejects.toMatchObject({ code: "UNAVAILABLE" });
    expect(await row(step.orderId)).toMatchObject({ status: "pending", stockHeld: true });
    expect(await stockOf(t.db, product.id)).toBe(4);
  });
});

describe("reconciliation", () => {
  it("at the hold's end completes a captured payment and expires an order without one", async () => {
    const paid = await checkedOut();
    const unpaid = await checkedOut();
    standIn.pay(paid.step.providerOrderId);

    clock += 20 * MINUTE;
    await paid.service.reconcile();
    expect((await row(paid.step.orderId))?.status).toBe("paid");
    expect((await row(unpaid.step.orderId))?.status).toBe("expired");
    expect(await stockOf(t.db, unpaid.product.id)).toBe(5);
  });

  it("keeps asking about a released order, and completes it when its payment turns up", async () => {
    const { service, product, step } = await checkedOut();
    clock += 20 * MINUTE;
    await service.reconcile();
    expect((await row(step.orderId))?.status).toBe("expired");
    expect(await stockOf(t.db, product.id)).toBe(5);

    // The shopper's tab was still open: the payment is captured after the hold ended, and nobody reports it.
    standIn.pay(step.providerOrderId);
    await untilNextCheck(step.orderId);
    await service.reconcile();
    expect((await row(step.orderId))?.status).toBe("paid");
    expect(await stockOf(t.db, product.id)).toBe(4);
  });

  it("refunds a late payment for a released order whose stock was sold meanwhile", async () => {
    const { service, product, step } = await checkedOut({ stock: 1 });
    clock += 20 * MINUTE;
    await service.reconcile();
    await t.db.update(products).set({ countInStock: 0 }).where(eq(products.id, product.id));

    standIn.pay(step.providerOrderId);
    await untilNextCheck(step.orderId);
    await service.reconcile();
    expect(await row(step.orderId)).toMatchObject({ status: "refunded", refundId: expect.stringMatching(/^rfnd_/) });
  });

  it("asks about a released order less often as it ages, and no longer once Razorpay could not take its money", async () => {
    const { service, step } = await checkedOut();
    const asked = () => standIn.requests.filter((r) => r.path === `/v1/orders/${step.providerOrderId}/payments`).length;
    const nextCheck = async () => (await row(step.orderId))?.nextCheckAt?.getTime() ?? 0;
    clock += 20 * MINUTE;
    await service.reconcile();
    const afterRelease = asked();
    const firstGap = (await nextCheck()) - clock;
    expect(firstGap).toBeGreaterThan(0);

    await service.reconcile();
    expect(asked()).toBe(afterRelease);
    await untilNextCheck(step.orderId);
    await service.reconcile();
    expect(asked()).toBe(afterRelease + 1);
    expect((await nextCheck()) - clock).toBeGreaterThan(firstGap);

    clock += RELEASED_RECHECK_DAYS * 24 * 60 * MINUTE;
    await service.reconcile();
    expect(asked()).toBe(afterRelease + 1);
  });
});

describe("other ends of a hold", () => {
  it("a failed attempt's webhook does not fail an order that another attempt paid", async () => {
    const { service, step } = await checkedOut();
    const failed = standIn.failPayment(step.providerOrderId);
    standIn.pay(step.providerOrderId);

    const event = standIn.webhook("payment.failed", failed.id);
    await service.handleWebhook({ rawBody: event.rawBody, signature: event.signature, eventId: event.eventId });
    expect((await row(step.orderId))?.status).toBe("paid");
  });

  it("the shop owner's cancel of a pending order that was paid meanwhile completes it and says so", async () => {
    const { service, step } = await checkedOut();
    standIn.pay(step.providerOrderId);

    await expect(service.setStatus(step.orderId, "cancelled")).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await row(step.orderId))?.status).toBe("paid");
  });
});
