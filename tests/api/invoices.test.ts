import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceSequences, orderEvents, orderItems, orders } from "#db/schema/orders.ts";
import { createInvoices } from "#domain/orders/invoices.ts";
import { backOfficeMessages } from "#shared/back-office-messages.ts";
import { invoiceMessages, shopSettingsMessages } from "#shared/messages/back-office-invoices.ts";
import { pageMessages } from "#shared/messages/shop.ts";
import { createTestProduct } from "../support/builders.ts";
import { billing, ordersTestKit } from "../support/orders.ts";
import { requestPage } from "../support/pages.ts";
import { signedInAs } from "../support/staff.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../support/test-app.ts";

// Issue 34, item 2: the shop's settings, tax invoices numbered without gaps per Indian financial year on first print,
// the GST inside tax-inclusive prices, packing slips, and the shopper's own invoice.
let app: TestApp;
let kit: ReturnType<typeof ordersTestKit>;
let owner: Awaited<ReturnType<typeof signedInAs>>;
let staff: Awaited<ReturnType<typeof signedInAs>>;

const GSTIN = "29AAPFU0939F1ZR"; // Karnataka's code, the PAN of a well-known example, its check character
const SETTINGS = {
  shopName: "Kaveri Crafts",
  address: "14 Residency Road\nBengaluru 560025",
  state: "Karnataka",
  gstin: GSTIN,
  lowStockThreshold: 3,
};

beforeAll(async () => {
  app = await createTestApp({ web: true });
  kit = ordersTestKit(app);
  [owner, staff] = await Promise.all([signedInAs(app, "owner"), signedInAs(app, "staff")]);
});
afterAll(async () => {
  await app?.close();
});

async function api(who: { sid: string }, method: "GET" | "PUT", url: string, payload?: object) {
  const response = await app.server.inject({
    method,
    url: `/api/admin${url}`,
    headers: { authorization: `Bearer ${who.sid}`, origin: TEST_PUBLIC_URL },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}

/** A new shopper's (or `shopper`'s) paid order of `quantity` × Rs 1,299.50 at `rate` basis points of GST. */
async function paidOrder({
  shopper,
  state = "Karnataka",
  quantity = 2,
  rate = 1800,
}: {
  shopper?: { id: string; token: string };
  state?: string;
  quantity?: number;
  rate?: number;
} = {}) {
  const buyer = shopper ?? (await kit.shopper());
  const product = await createTestProduct(app.db, {
    pricePaise: 129_950,
    countInStock: 50,
    taxRateBasisPoints: rate,
    hsnCode: "691110",
  });
  expect((await kit.addToCart(buyer.token, product.id, quantity)).status).toBe(201);
  const started = await kit.checkout(buyer.token, { ...billing, state });
  expect(started.status).toBe(201);
  const { orderId, razorpayOrderId } = started.body as { orderId: string; razorpayOrderId: string };
  expect((await kit.confirm(buyer.token, kit.gateway.pay(razorpayOrderId))).status).toBe(200);
  return { shopper: buyer, orderId };
}

async function pendingOrder() {
  const buyer = await kit.shopper();
  const product = await createTestProduct(app.db, { countInStock: 50 });
  expect((await kit.addToCart(buyer.token, product.id, 1)).status).toBe(201);
  const started = await kit.checkout(buyer.token);
  return { shopper: buyer, orderId: (started.body as { orderId: string }).orderId };
}

const lastNumber = async (year: string) =>
  (await app.db.select().from(invoiceSequences).where(eq(invoiceSequences.financialYear, year)))[0]?.lastNumber ?? 0;
const sequenceOf = (number: string) => Number(number.split("/")[2]);

describe("shop settings", () => {
  it("are the owner's alone: staff get a 403, nothing changes", async () => {
    expect((await api(staff, "GET", "/settings")).status).toBe(403);
    const refused = await api(staff, "PUT", "/settings", SETTINGS);
    expect(refused).toMatchObject({ status: 403, body: { msg: backOfficeMessages.ownerOnly } });
    expect((await app.services.shopSettings.get()).shopName).toBe("");
    expect((await requestPage(app, "GET", "/admin/settings", { sid: staff.sid })).status).toBe(403);
  });

  it("refuses invoices until the shop has its name and state", async () => {
    const { orderId } = await paidOrder();
    const before = await lastNumber("2026-27");
    const refused = await api(staff, "GET", `/orders/${orderId}/invoice`);
    expect(refused).toMatchObject({ status: 409, body: { msg: invoiceMessages.noSettings } });
    expect(await lastNumber("2026-27")).toBe(before);
  });

  it("checks the GSTIN's shape, its check character and its state; an empty one is allowed", async () => {
    const put = (changes: object) => api(owner, "PUT", "/settings", { ...SETTINGS, ...changes });
    expect((await put({ gstin: "29AAPFU0939F1Z" })).body.msg).toContain(shopSettingsMessages.gstinShape);
    expect((await put({ gstin: "29AAPFU0939F1ZS" })).body.msg).toContain(shopSettingsMessages.gstinCheck);
    expect((await put({ gstin: "27AAPFU0939F1ZV" })).body.msg).toContain(shopSettingsMessages.gstinState("Karnataka", "29"));
    expect((await put({ state: "Atlantis" })).body.msg).toContain(shopSettingsMessages.stateInvalid);
    expect((await put({ lowStockThreshold: -1 })).body.msg).toContain(shopSettingsMessages.thresholdInvalid);
    expect((await put({ lowStockThreshold: 2.5 })).status).toBe(400);
    expect((await put({ shopName: "  " })).body.msg).toContain(shopSettingsMessages.shopNameBlank);
    expect((await app.services.shopSettings.get()).shopName).toBe("");

    expect((await put({ gstin: "" })).status).toBe(200);
    const saved = await put({
      gstin: " 29aapfu0939f1zr ",
      address: "14 Residency Road \r\n\r\n Bengaluru 560025 ",
      reason: "GST",
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...SETTINGS, gstin: GSTIN });
    expect((await api(owner, "GET", "/settings")).body).toMatchObject(SETTINGS);

    const events = await app.services.backOffice.audit.list({ entityType: "shop-settings", limit: 10 });
    expect(events.map((event) => event.action)).toEqual(["settings.update", "settings.update"]);
    expect(events[0]).toMatchObject({ actorId: owner.user.id, before: { gstin: "" }, after: { gstin: GSTIN }, reason: "GST" });
  });

  it("saves from the page without scripts, errors beside their field", async () => {
    const form = { intent: "save", ...SETTINGS, lowStockThreshold: "4", gstin: "29AAPFU0939F1ZS" };
    const refused = await requestPage(app, "POST", "/admin/settings", { sid: owner.sid, form });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain(shopSettingsMessages.gstinCheck);
    const saved = await requestPage(app, "POST", "/admin/settings", { sid: owner.sid, form: { ...form, gstin: GSTIN } });
    expect(saved.html.match(/role="alert"[^<]*<|-error"[^<]*</g)).toBeNull();
    expect(saved.status).toBe(200);
    expect(saved.html).toContain(shopSettingsMessages.saved);
    expect((await app.services.shopSettings.get()).lowStockThreshold).toBe(4);
  });
});

describe("tax invoices", () => {
  it("number an order on its first print, once, with its event; GST inside the prices, CGST + SGST within the state", async () => {
    const { orderId } = await paidOrder();
    const first = await api(staff, "GET", `/orders/${orderId}/invoice`);
    expect(first.status).toBe(200);
    expect(first.body.number).toMatch(/^INV\/2026-27\/\d{6}$/);
    expect(sequenceOf(first.body.number)).toBe(await lastNumber("2026-27"));
    // 2 × Rs 1,299.50 = Rs 2,599 at 18 %: 259,900 × 18 / 118 = 39,645.76... paise → 39,646.
    expect(first.body).toMatchObject({
      withinState: true,
      seller: {
        shopName: "Kaveri Crafts",
        gstin: GSTIN,
        stateCode: "29",
        addressLines: ["14 Residency Road", "Bengaluru 560025"],
      },
      placeOfSupply: "Karnataka (29)",
      lines: [
        {
          hsnCode: "691110",
          quantity: 2,
          unitPrice: 1299.5,
          amount: 2599,
          ratePercent: 18,
          taxable: 2202.54,
          tax: 396.46,
          cgst: 198.23,
          sgst: 198.23,
          igst: 0,
        },
      ],
      totals: { amount: 2599, taxable: 2202.54, tax: 396.46, cgst: 198.23, sgst: 198.23, igst: 0 },
      amountInWords: "Rupees Two Thousand Five Hundred Ninety Nine Only",
    });
    const again = await api(owner, "GET", `/orders/${orderId}/invoice`);
    expect(again.body.number).toBe(first.body.number);
    expect(await lastNumber("2026-27")).toBe(sequenceOf(first.body.number));

    const events = await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.filter((event) => event.kind === "invoice_issued")).toMatchObject([
      { actorId: staff.user.id, data: { invoiceNumber: first.body.number } },
    ]);
    const audited = await app.services.backOffice.audit.list({ entityType: "order", entityId: orderId, limit: 5 });
    expect(audited.map((event) => event.action)).toEqual(["invoice.issue"]);
  });

  it("keep the seller they were issued with when the shop's details change later", async () => {
    const { orderId } = await paidOrder();
    const issued = await api(staff, "GET", `/orders/${orderId}/invoice`);
    expect(issued.body).toMatchObject({ withinState: true, seller: { shopName: "Kaveri Crafts", stateCode: "29" } });
    const moved = { shopName: "Kaveri Crafts Pvt", address: "2 MG Road\nPune 411001", state: "Maharashtra", gstin: "" };
    expect((await api(owner, "PUT", "/settings", { ...SETTINGS, ...moved })).status).toBe(200);
    try {
      const reprinted = await api(staff, "GET", `/orders/${orderId}/invoice`);
      expect(reprinted.body.number).toBe(issued.body.number);
      expect(reprinted.body.seller).toEqual(issued.body.seller);
      expect(reprinted.body.withinState).toBe(true);
      const later = await api(staff, "GET", `/orders/${(await paidOrder()).orderId}/invoice`);
      expect(later.body).toMatchObject({
        withinState: false,
        seller: { shopName: "Kaveri Crafts Pvt", addressLines: ["2 MG Road", "Pune 411001"], stateCode: "27", gstin: "" },
      });
    } finally {
      expect((await api(owner, "PUT", "/settings", SETTINGS)).status).toBe(200);
    }
  });

  it("charges IGST across states, and says when a line's rate was not recorded", async () => {
    const { orderId } = await paidOrder({ state: "maharashtra", quantity: 1, rate: 500 });
    const invoice = (await api(staff, "GET", `/orders/${orderId}/invoice`)).body;
    // Rs 1,299.50 at 5 %: 129,950 × 5 / 105 = 6,188.09... → 6,188 paise.
    expect(invoice).toMatchObject({
      withinState: false,
      placeOfSupply: "Maharashtra (27)",
      totals: { amount: 1299.5, taxable: 1237.62, tax: 61.88, cgst: 0, sgst: 0, igst: 61.88 },
      amountInWords: "Rupees One Thousand Two Hundred Ninety Nine and Fifty Paise Only",
    });

    const older = await paidOrder({ quantity: 1 });
    await app.db.update(orderItems).set({ taxRateBasisPoints: null }).where(eq(orderItems.orderId, older.orderId));
    const unrecorded = (await api(staff, "GET", `/orders/${older.orderId}/invoice`)).body;
    expect(unrecorded.lines[0]).toMatchObject({ ratePercent: null, tax: 0, taxable: 1299.5 });
    const page = await requestPage(app, "GET", `/admin/orders/${older.orderId}/invoice`, { sid: staff.sid });
    expect(page.html).toContain(invoiceMessages.rateNotRecorded);
  });

  it("are refused for orders whose money the shop does not hold, taking no number", async () => {
    const { orderId } = await pendingOrder();
    const before = await lastNumber("2026-27");
    const refused = await api(staff, "GET", `/orders/${orderId}/invoice`);
    expect(refused).toMatchObject({ status: 409, body: { msg: invoiceMessages.notInvoiceable("pending") } });
    const page = await requestPage(app, "GET", `/admin/orders/${orderId}/invoice`, { sid: staff.sid });
    expect(page.status).toBe(409);
    expect(page.html).toContain(invoiceMessages.notInvoiceable("pending"));
    for (const status of ["failed", "expired"] as const) {
      await app.db.update(orders).set({ status }).where(eq(orders.id, orderId));
      expect((await api(staff, "GET", `/orders/${orderId}/invoice`)).body.msg).toBe(invoiceMessages.notInvoiceable(status));
    }
    expect((await api(staff, "GET", `/orders/${crypto.randomUUID()}/invoice`)).status).toBe(404);
    expect(await lastNumber("2026-27")).toBe(before);
    const [row] = await app.db.select({ number: orders.invoiceNumber }).from(orders).where(eq(orders.id, orderId));
    expect(row?.number).toBeNull();

    // A refunded order that was paid has its invoice; a change that fails after the number was taken gives it back.
    const refunded = await paidOrder({ quantity: 1 });
    await app.db.update(orders).set({ status: "refunded" }).where(eq(orders.id, refunded.orderId));
    const failing = createInvoices({
      db: app.db,
      now: () => new Date(),
      settings: app.services.shopSettings,
      audit: {
        record: async () => {
          throw new Error("the audit trail is down");
        },
      },
    });
    await expect(failing.forStaff(refunded.orderId, { id: staff.user.id, email: staff.user.email })).rejects.toThrow("down");
    expect(await lastNumber("2026-27")).toBe(before);
    const issued = await api(staff, "GET", `/orders/${refunded.orderId}/invoice`);
    expect(sequenceOf(issued.body.number)).toBe(before + 1);
  });

  it("gives N parallel first prints N consecutive numbers, and parallel prints of one order one number", async () => {
    const paid = await Promise.all(Array.from({ length: 6 }, () => paidOrder({ quantity: 1 })));
    const before = await lastNumber("2026-27");
    const printer = { id: staff.user.id, email: staff.user.email };
    const invoices = await Promise.all(paid.map(({ orderId }) => app.services.invoices.forStaff(orderId, printer)));
    const numbers = invoices.map((invoice) => sequenceOf(invoice.number)).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6].map((n) => before + n));
    expect(await lastNumber("2026-27")).toBe(before + 6);

    const { orderId } = await paidOrder({ quantity: 1 });
    const same = await Promise.all(Array.from({ length: 5 }, () => app.services.invoices.forStaff(orderId, printer)));
    expect(new Set(same.map((invoice) => invoice.number)).size).toBe(1);
    expect(await lastNumber("2026-27")).toBe(before + 7);
    const issuedEvents = await app.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orderEvents)
      .where(sql`${orderEvents.orderId} = ${orderId} and ${orderEvents.kind} = 'invoice_issued'`);
    expect(issuedEvents[0]?.n).toBe(1);
  });

  it("starts a new sequence on 1 April, India time", async () => {
    const at = (iso: string) =>
      createInvoices({
        db: app.db,
        now: () => new Date(iso),
        settings: app.services.shopSettings,
        audit: app.services.backOffice.audit,
      });
    const printer = { id: staff.user.id, email: staff.user.email };
    const [a, b, c, d] = await Promise.all(Array.from({ length: 4 }, () => paidOrder({ quantity: 1 })));
    if (!a || !b || !c || !d) throw new Error("four orders");
    // 31 March 23:59:59 and 1 April 00:00:00 in India (UTC+5:30).
    expect((await at("2032-03-31T18:29:59Z").forStaff(a.orderId, printer)).number).toBe("INV/2031-32/000001");
    expect((await at("2032-03-31T18:30:00Z").forStaff(b.orderId, printer)).number).toBe("INV/2032-33/000001");
    expect((await at("2032-04-01T10:00:00Z").forStaff(c.orderId, printer)).number).toBe("INV/2032-33/000002");
    expect((await at("2033-03-31T18:29:00Z").forStaff(d.orderId, printer)).number).toBe("INV/2032-33/000003");
  });

  it("print for staff as a page: the invoice with its number, GSTIN, tax and words; the packing slip without prices", async () => {
    const { orderId } = await paidOrder();
    const invoice = await requestPage(app, "GET", `/admin/orders/${orderId}/invoice`, { sid: staff.sid });
    expect(invoice.status).toBe(200);
    expect(invoice.headers["cache-control"]).toContain("no-store");
    const [row] = await app.db.select({ number: orders.invoiceNumber }).from(orders).where(eq(orders.id, orderId));
    for (const text of [
      row?.number ?? "?",
      `GSTIN: ${GSTIN}`,
      "CGST",
      "SGST",
      "198.23",
      "HSN 691110",
      "Rupees Two Thousand Five Hundred Ninety Nine Only",
    ]) {
      expect(invoice.html).toContain(text);
    }
    const slip = await requestPage(app, "GET", `/admin/orders/${orderId}/packing-slip`, { sid: staff.sid });
    expect(slip.status).toBe(200);
    expect(slip.html).toContain("Packing Slip");
    expect(slip.html).toContain(billing.streetAddressLine1);
    expect(slip.html).not.toContain("1,299.50");
    expect(slip.html).not.toContain("₹");
    const missing = await requestPage(app, "GET", `/admin/orders/${crypto.randomUUID()}/packing-slip`, { sid: staff.sid });
    expect(missing.status).toBe(404);
  });
});

describe("the shopper's invoice", () => {
  it("opens from the Orders page for their own paid orders only; another's or an unknown one is the shop's 404", async () => {
    const { shopper, orderId } = await paidOrder({ quantity: 1 });
    const pending = await pendingOrder();
    const orders = await requestPage(app, "GET", "/orders", { sid: shopper.token });
    expect(orders.html).toContain(`href="/orders/${orderId}/invoice"`);
    const theirs = await requestPage(app, "GET", "/orders", { sid: pending.shopper.token });
    expect(theirs.html).not.toContain("/invoice");

    const own = await requestPage(app, "GET", `/orders/${orderId}/invoice`, { sid: shopper.token });
    expect(own.status).toBe(200);
    expect(own.html).toMatch(/INV\/2026-27\/\d{6}/);
    expect(own.html).toContain("Tax Invoice");
    const [event] = await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(event).toMatchObject({ kind: "invoice_issued", actorId: shopper.id });

    const unknown = await requestPage(app, "GET", "/no-such-page");
    const heading = (html: string) => html.match(/<h1[^>]*>.*?<\/h1>/)?.[0];
    for (const url of [`/orders/${orderId}/invoice`, `/orders/${crypto.randomUUID()}/invoice`, "/orders/not-an-id/invoice"]) {
      const page = await requestPage(app, "GET", url, { sid: pending.shopper.token });
      expect(page.status, url).toBe(404);
      expect(heading(page.html), url).toBe(heading(unknown.html));
      expect(page.html).toContain(pageMessages.notFoundDetail);
    }
    const unpaid = await requestPage(app, "GET", `/orders/${pending.orderId}/invoice`, { sid: pending.shopper.token });
    expect(unpaid.status).toBe(409);
    expect(unpaid.html).toContain(invoiceMessages.notInvoiceable("pending"));
    const visitor = await requestPage(app, "GET", `/orders/${orderId}/invoice`);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toContain("/signIn");
  });
});
