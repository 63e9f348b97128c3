import { eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#db/schema/catalog.ts";
import { orders, outbox } from "#db/schema/orders.ts";
import type { MailMessage } from "#domain/accounts/ports.ts";
import { createTestProduct, createTestUser } from "../support/builders.ts";
import { billing, ordersServiceOn } from "../support/orders.ts";
import { createTestServices, type TestServices } from "../support/test-services.ts";

// The shopper hears of what happens to a paid order: the shop owner's shipped, delivered, cancelled and refunded
// (npm run shop -- order <id> <status>, on the back office's moves), and a refund made because the stock was sold
// before the payment arrived.
// Each note goes through the outbox like the confirmation: written with the change, once per order and status.
let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(async () => {
  await t?.close();
});

function ordersWith(mailer: { send(message: MailMessage): Promise<void> }, now = () => new Date()) {
  return ordersServiceOn(t.db, { mailer, now });
}

function recordingMailer() {
  const mails: MailMessage[] = [];
  return { mails, mailer: { send: async (message: MailMessage) => void mails.push(message) } };
}

/** A shopper's paid order of two of one product (Rs 1,299.50 each); the confirmation already sent. */
async function paidOrder(kit: ReturnType<typeof ordersWith>) {
  const user = await createTestUser(t.db);
  const product = await createTestProduct(t.db, { pricePaise: 129_950, countInStock: 10, name: "Teak Serving Tray" });
  await kit.cart.add({ kind: "user", userId: user.id }, { productId: product.id, quantity: 2 });
  const step = await kit.orders.checkout(user.id, billing);
  const paid = await kit.orders.confirmPayment(user.id, kit.gateway.pay(step.providerOrderId));
  await kit.orders.settled();
  return { user, product, order: paid };
}

const shipment = { carrier: "Delhivery", trackingNumber: "DL123456789IN" };

const notesOf = (orderId: string) =>
  t.db
    .select()
    .from(outbox)
    .where(eq(outbox.kind, "order-status"))
    .then((rows) => rows.filter((row) => row.payload.orderId === orderId));

describe("an order the shop owner changes", () => {
  it("is e-mailed to the shopper when it ships and when it is delivered, once per status", async () => {
    const { mails, mailer } = recordingMailer();
    const kit = ordersWith(mailer);
    const { order } = await paidOrder(kit);
    expect(mails.map((mail) => mail.subject)).toEqual([`Your Storefront order ${order.id} is placed`]);

    await kit.orders.setStatus(order.id, "shipped", shipment);
    await kit.orders.settled();
    const shipped = mails.at(-1);
    expect(shipped).toMatchObject({ to: billing.email, subject: `Your Storefront order ${order.id} has shipped` });
    expect(shipped?.text).toContain(`Your order ${order.id} has shipped with Delhivery, tracking number DL123456789IN.`);
    expect(shipped?.text).toContain("- Teak Serving Tray: 2 × Rs 1,299.5 = Rs 2,599");
    expect(shipped?.text).toContain("Delivery to: 12 MG Road, Flat 4B, Bengaluru, Karnataka 560001, India");
    expect(shipped?.html).toContain('<h1 style="font-size:18px;margin:0 0 16px">Your order is on its way</h1>');
    expect(shipped?.html).toContain('href="http://shop.test/orders"');

    // Set again (a second run of the command, or a corrected number): nothing more is sent.
    await kit.orders.setStatus(order.id, "shipped", shipment);
    await kit.orders.settled();
    expect(mails).toHaveLength(2);

    await kit.orders.setStatus(order.id, "delivered");
    await kit.orders.settled();
    expect(mails.at(-1)?.subject).toBe(`Your Storefront order ${order.id} is delivered`);
    expect(mails.at(-1)?.text).not.toContain("Delivery to:");
    expect(mails).toHaveLength(3);

    const notes = await notesOf(order.id);
    expect(notes.map((note) => [note.dedupeKey, note.sentAt !== null])).toEqual([
      [`order-status:${order.id}:shipped`, true],
      [`order-status:${order.id}:delivered`, true],
    ]);
  });

  it("says so when a paid order is cancelled, then when the cancel's refund is made, with the amount", async () => {
    const { mails, mailer } = recordingMailer();
    const kit = ordersWith(mailer);
    const { order } = await paidOrder(kit);

    await kit.orders.setStatus(order.id, "cancelled");
    await kit.orders.settled();
    expect(mails.slice(1).map((mail) => mail.subject)).toEqual([
      `Your Storefront order ${order.id} is cancelled`,
      `Your Storefront payment for order ${order.id} is refunded`,
    ]);
    expect(mails.at(-1)?.text).toContain(`We refunded Rs 2,599 for order ${order.id}`);
    expect(mails.at(-1)?.html).toContain("We refunded <b>Rs 2,599</b>");

    // Nothing is left to refund, and no command makes an order paid: both refused, nothing sent.
    await expect(kit.orders.setStatus(order.id, "refunded")).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(kit.orders.setStatus(order.id, "paid")).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(mails).toHaveLength(3);
  });

  it("refunds what is left of a delivered order, and refuses to deliver a cancelled one", async () => {
    const { mails, mailer } = recordingMailer();
    const kit = ordersWith(mailer);
    const { order } = await paidOrder(kit);
    await kit.orders.setStatus(order.id, "shipped", shipment);
    await kit.orders.setStatus(order.id, "delivered");
    await kit.orders.setStatus(order.id, "refunded");
    await kit.orders.settled();
    const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe("refunded");
    expect(mails.at(-1)?.subject).toBe(`Your Storefront payment for order ${order.id} is refunded`);

    const other = (await paidOrder(kit)).order;
    await kit.orders.setStatus(other.id, "cancelled");
    await expect(kit.orders.setStatus(other.id, "delivered")).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(kit.orders.setStatus(other.id, "shipped", shipment)).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("sends nothing for an order the shopper never paid: a pending one cancelled, an expired one cancelled", async () => {
    const { mails, mailer } = recordingMailer();
    let clock = Date.now();
    const kit = ordersWith(mailer, () => new Date(clock));
    const user = await createTestUser(t.db);
    const product = await createTestProduct(t.db, { countInStock: 5 });
    await kit.cart.add({ kind: "user", userId: user.id }, { productId: product.id, quantity: 1 });
    const pending = await kit.orders.checkout(user.id, billing);
    await kit.orders.setStatus(pending.orderId, "cancelled");
    const [row] = await t.db.select({ stock: products.countInStock }).from(products).where(eq(products.id, product.id));
    expect(row?.stock).toBe(5);

    const expiring = await kit.orders.checkout(user.id, billing);
    clock += 16 * 60 * 1000;
    await kit.orders.reconcile();
    const [expired] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, expiring.orderId));
    expect(expired?.status).toBe("expired");
    // An expired order has nothing left to cancel: refused, nothing sent.
    await expect(kit.orders.setStatus(expiring.orderId, "cancelled")).rejects.toMatchObject({ code: "CONFLICT" });
    await kit.orders.settled();

    expect(mails).toHaveLength(0);
    expect([...(await notesOf(pending.orderId)), ...(await notesOf(expiring.orderId))]).toHaveLength(0);
  });

  it("keeps the change when the mail server fails, and the outbox job sends the note later", async () => {
    let down = true;
    const { mails, mailer } = recordingMailer();
    const flaky = {
      send: async (message: MailMessage) => {
        if (down && message.subject.includes("has shipped")) throw new Error("451 try again later");
        await mailer.send(message);
      },
    };
    // The job takes only messages whose claim ran out: its clock is an hour ahead of the writer's.
    let clock = Date.now();
    const kit = ordersWith(flaky, () => new Date(clock));
    const { order } = await paidOrder(kit);

    await kit.orders.setStatus(order.id, "shipped", shipment);
    await kit.orders.settled();
    const [changed] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(changed?.status).toBe("shipped");
    const [unsent] = await notesOf(order.id);
    expect(unsent).toMatchObject({ sentAt: null, lastError: "451 try again later" });

    down = false;
    clock += 60 * 60 * 1000;
    await kit.orders.deliverOutbox();
    expect(mails.at(-1)?.subject).toBe(`Your Storefront order ${order.id} has shipped`);
    const [sent] = await notesOf(order.id);
    expect(sent?.sentAt).not.toBeNull();
  });
});

describe("a note of a kind this version does not know", () => {
  it("is left unsent for a newer instance, with the reason, instead of being marked sent", async () => {
    const { mails, mailer } = recordingMailer();
    let clock = Date.now();
    const kit = ordersWith(mailer, () => new Date(clock));
    const { order } = await paidOrder(kit);
    const id = uuidv7();
    await t.db
      .insert(outbox)
      .values({ id, kind: "order-future", dedupeKey: `order-future:${id}`, payload: { orderId: order.id } });
    clock += 60 * 60 * 1000;
    await kit.orders.deliverOutbox();
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ sentAt: null, attempts: 1, lastError: expect.stringContaining("order-future") });
    expect(mails.map((mail) => mail.subject)).toEqual([`Your Storefront order ${order.id} is placed`]);
  });
});

describe("a payment refunded because its stock was sold meanwhile", () => {
  it("is e-mailed once the refund is made", async () => {
    const { mails, mailer } = recordingMailer();
    let clock = Date.now();
    const kit = ordersWith(mailer, () => new Date(clock));
    const user = await createTestUser(t.db);
    const product = await createTestProduct(t.db, { pricePaise: 50_000, countInStock: 2 });
    await kit.cart.add({ kind: "user", userId: user.id }, { productId: product.id, quantity: 2 });
    const step = await kit.orders.checkout(user.id, billing);
    // The hold runs out and the stock is sold to someone else before the payment arrives.
    clock += 16 * 60 * 1000;
    await kit.orders.reconcile();
    await t.db.update(products).set({ countInStock: 0 }).where(eq(products.id, product.id));

    const late = await kit.orders.confirmPayment(user.id, kit.gateway.pay(step.providerOrderId));
    expect(late.status).toBe("refunded");
    await kit.orders.settled();
    expect(mails.map((mail) => mail.subject)).toEqual([`Your Storefront payment for order ${step.orderId} is refunded`]);
    expect(mails[0]?.text).toContain(`We refunded Rs 1,000 for order ${step.orderId}`);
  });
});
