import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "#db/schema/accounts.ts";
import { orders, refunds } from "#db/schema/orders.ts";
import { orderAdminMessages as m } from "#shared/messages/back-office-orders.ts";
import { createTestProduct, stockOf } from "../support/builders.ts";
import { billing, ordersTestKit } from "../support/orders.ts";
import { requestPage } from "../support/pages.ts";
import { type RazorpayStandIn, startRazorpayStandIn } from "../support/razorpay-stand-in.ts";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp-server.ts";
import { signedInAs } from "../support/staff.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../support/test-app.ts";

// Issue 34, item 1 (decision 034): the back office's orders through /api/admin/orders and the /admin pages, with the
// test provider (refunds in-process) and with Razorpay's protocol (a local stand-in: pending refunds, refund webhooks,
// an answer lost on the way back), on both databases.
let app: TestApp;
let smtp: SmtpTestServer;
let kit: ReturnType<typeof ordersTestKit>;
let staff: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ web: true, env: { SMTP_URL: smtp.url } });
  kit = ordersTestKit(app);
  staff = await signedInAs(app, "staff");
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

let counter = 0;
/** A shopper's paid order of `quantity` × Rs 499 (or `pricePaise`), with billing details of its own. */
async function paidOrder(on: { app: TestApp; kit: ReturnType<typeof ordersTestKit> } = { app, kit }, quantity = 2) {
  counter += 1;
  const shopper = await on.kit.shopper();
  const product = await createTestProduct(on.app.db, { pricePaise: 49_900, countInStock: 10 });
  await on.kit.addToCart(shopper.token, product.id, quantity);
  const details = {
    ...billing,
    fullName: `Zubin Kapadia ${counter}`,
    email: `Zubin.${counter}.${Date.now()}@Example.com`,
    phoneNumber: `98${String(Date.now()).slice(-6)}${String(counter).padStart(2, "0")}`,
  };
  const started = await on.kit.checkout(shopper.token, details);
  expect(started.status).toBe(201);
  const orderId = String(started.body.orderId);
  return { shopper, product, orderId, details, razorpayOrderId: String(started.body.razorpayOrderId) };
}

async function pay(step: Awaited<ReturnType<typeof paidOrder>>) {
  const proof = kit.gateway.pay(step.razorpayOrderId);
  const paid = await kit.confirm(step.shopper.token, proof);
  expect(paid.status).toBe(200);
  await app.services.orders.settled();
  return String(paid.body.paymentId);
}

async function api(
  method: "GET" | "POST",
  url: string,
  payload?: object,
  { sid = staff.sid, headers = {}, on = app }: { sid?: string; headers?: Record<string, string>; on?: TestApp } = {},
) {
  const response = await on.server.inject({
    method,
    url: `/api/admin${url}`,
    headers: { authorization: `Bearer ${sid}`, origin: TEST_PUBLIC_URL, ...headers },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> & { msg?: string } };
}

const refundOf = (orderId: string, rupees: number, key: string, reason = "damaged in transit", on = app, sid = staff.sid) =>
  api("POST", `/orders/${orderId}/refunds`, { amount: rupees, reason }, { headers: { "idempotency-key": key }, on, sid });
const orderRow = async (id: string, on = app) => (await on.db.select().from(orders).where(eq(orders.id, id)))[0];
const refundRows = (id: string, on = app) => on.db.select().from(refunds).where(eq(refunds.orderId, id));
const key = () => `key-${crypto.randomUUID()}`;

describe("the orders list", () => {
  it("finds an order by id, payment id, e-mail, phone and part of a name, newest first, filtered by status and day", async () => {
    const older = await paidOrder();
    const paymentId = await pay(older);
    const newer = await paidOrder();
    const ids = (body: Record<string, unknown>) => (body.orders as { id: string }[]).map((row) => row.id);

    const all = await api("GET", "/orders?perPage=100");
    expect(all.status).toBe(200);
    expect(ids(all.body).indexOf(newer.orderId)).toBeLessThan(ids(all.body).indexOf(older.orderId));

    for (const q of [
      older.orderId,
      paymentId,
      older.details.email.toUpperCase(),
      older.details.phoneNumber,
      `+91 ${older.details.phoneNumber}`,
      `kapadia ${counter - 1}`,
    ]) {
      const found = await api("GET", `/orders?q=${encodeURIComponent(q)}`);
      expect(found.status, q).toBe(200);
      expect(ids(found.body), q).toEqual([older.orderId]);
    }
    expect(ids((await api("GET", `/orders?status=paid&q=${older.orderId}`)).body)).toEqual([older.orderId]);
    expect(ids((await api("GET", `/orders?status=pending&q=${older.orderId}`)).body)).toEqual([]);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    expect(ids((await api("GET", `/orders?from=${today}&to=${today}&q=${newer.orderId}`)).body)).toEqual([newer.orderId]);
    expect(ids((await api("GET", `/orders?to=2020-01-01&q=${newer.orderId}`)).body)).toEqual([]);

    const short = await api("GET", "/orders?q=ab");
    expect(short).toMatchObject({ status: 400, body: { msg: m.searchTooShort } });
    expect((await api("GET", "/orders?from=2026-13-45")).status).toBe(400);
    expect((await api("GET", "/orders?after=not-an-id")).body.msg).toBe(m.cursorInvalid);
  });

  it("pages by keyset forwards and back without losing or repeating an order", async () => {
    for (let i = 0; i < 3; i += 1) await paidOrder();
    const first = await api("GET", "/orders?perPage=2");
    const second = await api("GET", `/orders?perPage=2&after=${first.body.next}`);
    const back = await api("GET", `/orders?perPage=2&before=${second.body.previous}`);
    const ids = (body: Record<string, unknown>) => (body.orders as { id: string }[]).map((row) => row.id);
    expect(ids(back.body)).toEqual(ids(first.body));
    expect(ids(second.body).some((id) => ids(first.body).includes(id))).toBe(false);
    expect(first.body.previous).toBeNull();
  });

  it("shows the list and an order's page, and a made-up order is the page's own not-found", async () => {
    const step = await paidOrder();
    await pay(step);
    const list = await requestPage(app, "GET", `/admin/orders?q=${step.orderId}`, { sid: staff.sid });
    expect(list.status).toBe(200);
    expect(list.html).toContain(`/admin/orders/${step.orderId}`);
    const page = await requestPage(app, "GET", `/admin/orders/${step.orderId}`, { sid: staff.sid });
    expect(page.status).toBe(200);
    for (const text of [step.details.fullName, "Rs 998", "12 MG Road", "captured", "Placed", "Paid", "Print"]) {
      expect(page.html).toContain(text);
    }
    expect(page.html).toContain(`/admin/orders/${step.orderId}/invoice`);
    const missing = await requestPage(app, "GET", `/admin/orders/${crypto.randomUUID()}`, { sid: staff.sid });
    expect(missing.status).toBe(404);
    expect(missing.html).toContain(m.orderNotFound);
  });
});

describe("shipping and delivering", () => {
  it("ships a paid order: the shopper is e-mailed the carrier and number and sees them on their Orders page", async () => {
    const step = await paidOrder();
    await pay(step);
    const mails = smtp.mailsTo(step.details.email).length;
    const shipped = await api("POST", `/orders/${step.orderId}/ship`, { carrier: "Delhivery", trackingNumber: "DL123456789IN" });
    expect(shipped).toEqual({ status: 200, body: { ok: true } });
    await app.services.orders.settled();
    const mail = await smtp.waitForMail(step.details.email, { after: mails });
    expect(mail.subject).toBe(`Your Storefront order ${step.orderId} has shipped`);
    expect(mail.text).toContain("has shipped with Delhivery, tracking number DL123456789IN.");

    const own = await kit.call({ method: "GET", url: `/api/orders/${step.orderId}`, token: step.shopper.token });
    expect(own.body).toMatchObject({ status: "shipped", carrier: "Delhivery", trackingNumber: "DL123456789IN" });
    const page = await requestPage(app, "GET", "/orders", { sid: step.shopper.token });
    expect(page.html).toContain("DL123456789IN");

    const order = await api("GET", `/orders/${step.orderId}`);
    expect((order.body.timeline as { kind: string; actorEmail: string }[]).at(-1)).toMatchObject({
      kind: "shipped",
      actorEmail: staff.user.email,
    });
    const [audit] = await app.services.backOffice.audit.list({ entityType: "order", entityId: step.orderId, limit: 5 });
    expect(audit).toMatchObject({ action: "order.ship", actorId: staff.user.id, after: { trackingNumber: "DL123456789IN" } });

    // A corrected number is saved without a second e-mail; then delivered, once.
    expect((await api("POST", `/orders/${step.orderId}/ship`, { carrier: "Delhivery", trackingNumber: "DL999" })).status).toBe(
      200,
    );
    expect((await api("POST", `/orders/${step.orderId}/deliver`, {})).status).toBe(200);
    expect((await api("POST", `/orders/${step.orderId}/deliver`, {})).body.msg).toBe(m.deliverNotShipped("delivered"));
    await app.services.orders.settled();
    const subjects = smtp.mailsTo(step.details.email).map((one) => one.subject);
    expect(subjects.filter((subject) => subject.includes("has shipped"))).toHaveLength(1);
    expect(subjects.filter((subject) => subject.includes("is delivered"))).toHaveLength(1);
    expect(await orderRow(step.orderId)).toMatchObject({ status: "delivered", trackingNumber: "DL999" });
  });

  it("refuses illegal moves with a message and changes nothing: ship a pending order, deliver a cancelled one", async () => {
    const step = await paidOrder();
    const before = await orderRow(step.orderId);
    const ship = await api("POST", `/orders/${step.orderId}/ship`, { carrier: "Delhivery", trackingNumber: "X1" });
    expect(ship).toMatchObject({ status: 409, body: { msg: m.shipNotPaid("awaiting payment") } });
    expect((await api("POST", `/orders/${step.orderId}/ship`, { carrier: "", trackingNumber: "X1" })).body.msg).toContain(
      m.carrierBlank,
    );
    expect(await orderRow(step.orderId)).toEqual(before);

    expect((await api("POST", `/orders/${step.orderId}/cancel`, { reason: "asked by phone" })).status).toBe(200);
    expect(await orderRow(step.orderId)).toMatchObject({ status: "cancelled", stockHeld: false });
    expect(await stockOf(app.db, step.product.id)).toBe(10);
    const deliver = await api("POST", `/orders/${step.orderId}/deliver`, {});
    expect(deliver).toMatchObject({ status: 409, body: { msg: m.deliverNotShipped("cancelled") } });
    const refund = await refundOf(step.orderId, 10, key());
    expect(refund).toMatchObject({ status: 409, body: { msg: m.refundNotPaid } });
    expect(await refundRows(step.orderId)).toEqual([]);
    expect((await api("POST", `/orders/${crypto.randomUUID()}/deliver`, {})).status).toBe(404);
  });

  it("refuses to cancel a shipped order and says to refund it instead", async () => {
    const step = await paidOrder();
    await pay(step);
    await api("POST", `/orders/${step.orderId}/ship`, { carrier: "Blue Dart", trackingNumber: "BD1" });
    const cancel = await api("POST", `/orders/${step.orderId}/cancel`, {});
    expect(cancel).toMatchObject({ status: 409, body: { msg: m.cancelAfterShipping("shipped") } });
    expect((await orderRow(step.orderId))?.status).toBe("shipped");
  });
});

describe("refunds with the test provider", () => {
  it("makes one refund of a double submit, by the API's Idempotency-Key and by the page's request key", async () => {
    const step = await paidOrder();
    await pay(step);
    const sameKey = key();
    const [one, two] = await Promise.all([refundOf(step.orderId, 100, sameKey), refundOf(step.orderId, 100, sameKey)]);
    expect(one.status).toBe(200);
    expect(two.body.id).toBe(one.body.id);
    expect((await refundOf(step.orderId, 100, sameKey)).body.id).toBe(one.body.id);
    expect(await refundRows(step.orderId)).toHaveLength(1);
    expect((await refundOf(step.orderId, 100, "short")).status).toBe(400);

    const form = { intent: "refund", amount: "50.50", reason: "late delivery", requestKey: crypto.randomUUID() };
    const pages = await Promise.all([
      requestPage(app, "POST", `/admin/orders/${step.orderId}`, { sid: staff.sid, form }),
      requestPage(app, "POST", `/admin/orders/${step.orderId}`, { sid: staff.sid, form }),
    ]);
    expect(pages.map((page) => page.status)).toEqual([200, 200]);
    // The request that made the refund answers it processed; the other one may have found it still pending.
    expect(pages.some((page) => page.html.includes(m.refundProcessed(5050)))).toBe(true);
    for (const page of pages) expect(page.html).toMatch(/Refund of Rs 50\.5 (processed|requested)\./);
    const rows = await refundRows(step.orderId);
    expect(rows.map((row) => [row.amountPaise, row.status])).toEqual([
      [10_000, "processed"],
      [5050, "processed"],
    ]);
    expect((await orderRow(step.orderId))?.status).toBe("paid");
    const shown = await api("GET", `/orders/${step.orderId}`);
    expect(shown.body).toMatchObject({ amount: 998, refunded: 150.5, refundPending: 0, refundable: 847.5 });
  });

  it("refunds in parts up to the total (then the order is refunded) and refuses one paisa over, changing nothing", async () => {
    const step = await paidOrder();
    await pay(step);
    const before = smtp.mailsTo(step.details.email).length;
    expect((await refundOf(step.orderId, 500, key())).body.status).toBe("processed");
    expect((await orderRow(step.orderId))?.status).toBe("paid");
    const part = await smtp.waitForMail(step.details.email, { after: before });
    expect(part.subject).toBe(`Part of your Storefront payment for order ${step.orderId} is refunded`);
    expect(part.text).toContain("We refunded Rs 500 of your payment");
    const over = await refundOf(step.orderId, 498.01, key());
    expect(over).toMatchObject({ status: 400, body: { msg: m.refundTooMuch(49_800) } });
    expect(await refundRows(step.orderId)).toHaveLength(1);
    expect((await refundOf(step.orderId, 1.005, key())).body.msg).toContain(m.amountInvalid);
    expect((await refundOf(step.orderId, 0.5, key())).body.msg).toContain(m.amountTooSmall);
    expect((await refundOf(step.orderId, 498, key())).status).toBe(200);
    await app.services.orders.settled();
    expect(await orderRow(step.orderId)).toMatchObject({ status: "refunded" });
    expect((await refundOf(step.orderId, 1, key())).body.msg).toBe(m.refundNothingLeft);
    const mail = smtp.mailsTo(step.details.email).at(-1);
    expect(mail?.subject).toBe(`Your Storefront payment for order ${step.orderId} is refunded`);
  });

  it("cancel then refund: the stock comes back, the whole payment is refunded, and nothing is left to refund", async () => {
    const step = await paidOrder();
    await pay(step);
    expect(await stockOf(app.db, step.product.id)).toBe(8);
    const cancel = await api("POST", `/orders/${step.orderId}/cancel`, { reason: "out of delivery area" });
    expect(cancel.status).toBe(200);
    expect(cancel.body.refund).toMatchObject({ amount: 998, status: "processed" });
    expect(await stockOf(app.db, step.product.id)).toBe(10);
    expect(await orderRow(step.orderId)).toMatchObject({ status: "cancelled", stockHeld: false });
    expect((await refundOf(step.orderId, 1, key())).body.msg).toBe(m.refundNothingLeft);
    expect((await api("POST", `/orders/${step.orderId}/cancel`, {})).body.msg).toBe(m.cancelNot("cancelled"));
    expect(await stockOf(app.db, step.product.id)).toBe(10);
  });

  it("refund then cancel: the cancel refunds only what is left", async () => {
    const step = await paidOrder();
    await pay(step);
    await refundOf(step.orderId, 100, key());
    const cancel = await api("POST", `/orders/${step.orderId}/cancel`, {});
    expect(cancel.body.refund).toMatchObject({ amount: 898, status: "processed" });
    const rows = await refundRows(step.orderId);
    expect(rows.reduce((sum, row) => sum + row.amountPaise, 0)).toBe(99_800);
    expect(await stockOf(app.db, step.product.id)).toBe(10);
  });

  it("asks for the password again before money moves, on the API and on the page", async () => {
    const step = await paidOrder();
    await pay(step);
    const late = await signedInAs(app, "staff");
    await app.db
      .update(sessions)
      .set({ passwordConfirmedAt: new Date(Date.now() - 60 * 60_000), backOfficeSeenAt: new Date() })
      .where(eq(sessions.id, late.sessionId));
    const refused = await api(
      "POST",
      `/orders/${step.orderId}/refunds`,
      { amount: 10, reason: "x" },
      {
        sid: late.sid,
        headers: { "idempotency-key": key() },
      },
    );
    expect(refused.status).toBe(403);
    expect((await api("POST", `/orders/${step.orderId}/cancel`, {}, { sid: late.sid })).status).toBe(403);
    const page = await requestPage(app, "POST", `/admin/orders/${step.orderId}`, {
      sid: late.sid,
      form: { intent: "cancel" },
    });
    expect(page.location).toMatch(/^\/admin\/confirm\?reason=reauth/);
    expect((await api("POST", `/orders/${step.orderId}/notes`, { note: "called the shopper" }, { sid: late.sid })).status).toBe(
      201,
    );
    expect(await refundRows(step.orderId)).toEqual([]);
    expect((await orderRow(step.orderId))?.status).toBe("paid");
  });
});

describe("refunds through Razorpay's protocol", () => {
  let standIn: RazorpayStandIn;
  let rz: TestApp;
  let rzKit: ReturnType<typeof ordersTestKit>;
  let rzStaff: Awaited<ReturnType<typeof signedInAs>>;
  beforeAll(async () => {
    standIn = await startRazorpayStandIn();
    rz = await createTestApp({ env: { ...standIn.env } });
    rzKit = ordersTestKit(rz);
    rzStaff = await signedInAs(rz, "staff");
  });
  afterAll(async () => {
    await rz?.close();
    await standIn?.close();
  });

  async function rzPaid() {
    const step = await paidOrder({ app: rz, kit: rzKit });
    const paid = standIn.pay(step.razorpayOrderId);
    const proof = { orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature };
    expect((await rzKit.confirm(step.shopper.token, proof)).status).toBe(200);
    return { ...step, paymentId: proof.paymentId };
  }
  const rzRefund = (orderId: string, rupees: number, k = key()) => refundOf(orderId, rupees, k, "return", rz, rzStaff.sid);
  const webhook = async (signed: { rawBody: Buffer; signature: string; eventId: string }) =>
    (await rzKit.webhook(signed.rawBody, signed.signature, signed.eventId)).statusCode;

  it("keeps a full refund pending until refund.processed arrives; a replayed webhook changes nothing", async () => {
    const step = await rzPaid();
    standIn.refundOutcome = "pending";
    const asked = await api(
      "POST",
      `/orders/${step.orderId}/refunds`,
      { amount: 998, reason: "return" },
      {
        sid: rzStaff.sid,
        headers: { "idempotency-key": key() },
        on: rz,
      },
    );
    expect(asked.body).toMatchObject({ status: "pending", providerRefundId: expect.stringMatching(/^rfnd_/) });
    expect((await orderRow(step.orderId, rz))?.status).toBe("refund_pending");
    const sent = standIn.requests.filter((r) => r.path === `/v1/payments/${step.paymentId}/refund`);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      amount: 99_800,
      receipt: expect.any(String),
      notes: { refund_id: expect.any(String) },
    });

    const providerId = String(asked.body.providerRefundId);
    standIn.settleRefund(providerId, "processed");
    const event = standIn.refundWebhook("refund.processed", providerId);
    const forged = { ...event, signature: "0".repeat(64) };
    expect(await webhook(forged)).toBe(400);
    expect((await orderRow(step.orderId, rz))?.status).toBe("refund_pending");
    expect(await webhook(event)).toBe(200);
    expect(await orderRow(step.orderId, rz)).toMatchObject({ status: "refunded", refundId: providerId });
    const before = await refundRows(step.orderId, rz);
    expect(await webhook(event)).toBe(200);
    expect(await webhook(standIn.refundWebhook("refund.processed", providerId))).toBe(200);
    expect(await refundRows(step.orderId, rz)).toEqual(before);
    standIn.refundOutcome = "processed";
  });

  it("shows a failed refund with Razorpay's reason, puts the order back, and retries it once", async () => {
    const step = await rzPaid();
    standIn.refundOutcome = "pending";
    const asked = await rzRefund(step.orderId, 998);
    const providerId = String(asked.body.providerRefundId);
    standIn.settleRefund(providerId, "failed", "The beneficiary account is closed");
    expect(await webhook(standIn.refundWebhook("refund.failed", providerId))).toBe(200);
    const [failed] = await refundRows(step.orderId, rz);
    expect(failed).toMatchObject({ status: "failed", failureReason: "The beneficiary account is closed" });
    expect((await orderRow(step.orderId, rz))?.status).toBe("paid");

    standIn.refundOutcome = "processed";
    const retry = `/orders/${step.orderId}/refunds/${failed?.id}/retry`;
    const [one, two] = await Promise.all([
      api("POST", retry, undefined, { sid: rzStaff.sid, on: rz }),
      api("POST", retry, undefined, { sid: rzStaff.sid, on: rz }),
    ]);
    // One retry makes the refund (processed); the other answers the same refund, perhaps while it was still pending.
    expect([one.body.status, two.body.status]).toContain("processed");
    expect(two.body.id).toBe(one.body.id);
    expect(await orderRow(step.orderId, rz)).toMatchObject({ status: "refunded" });
    const notFailed = await api("POST", `/orders/${step.orderId}/refunds/${one.body.id}/retry`, undefined, {
      sid: rzStaff.sid,
      on: rz,
    });
    expect(notFailed.body.msg).toBe(m.refundRetryNotFailed);
  });

  it("finds a refund whose answer was lost by the payment's refunds, and never asks Razorpay twice", async () => {
    const step = await rzPaid();
    standIn.failNext("lost");
    const asked = await rzRefund(step.orderId, 300);
    expect(asked.body).toMatchObject({ status: "pending", providerRefundId: null });
    expect(standIn.refunds().filter((refund) => refund.paymentId === step.paymentId)).toHaveLength(1);
    await rz.db
      .update(refunds)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(refunds.orderId, step.orderId));
    await rz.services.orders.reconcile();
    const [row] = await refundRows(step.orderId, rz);
    expect(row).toMatchObject({ status: "processed", providerRefundId: expect.stringMatching(/^rfnd_/) });
    expect(standIn.refunds().filter((refund) => refund.paymentId === step.paymentId)).toHaveLength(1);
    expect(standIn.requests.filter((r) => r.path === `/v1/payments/${step.paymentId}/refunds?count=100`)).toHaveLength(1);
  });

  it("fails a refund Razorpay refuses, with its words", async () => {
    const step = await rzPaid();
    standIn.failNext(400);
    const asked = await rzRefund(step.orderId, 100);
    expect(asked.body).toMatchObject({ status: "failed", failureReason: "Stand-in failure" });
  });
});
