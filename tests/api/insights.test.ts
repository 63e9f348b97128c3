import { eq, inArray } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopSettings } from "#db/schema/back-office.ts";
import { products } from "#db/schema/catalog.ts";
import { type orderStatuses, orders, refunds } from "#db/schema/orders.ts";
import { searchSynonyms } from "#db/schema/search.ts";
import { insightsMessages } from "#shared/messages/back-office-insights.ts";
import { createTestProduct, createTestUser } from "../support/builders.ts";
import { requestPage } from "../support/pages.ts";
import { signedInAs } from "../support/staff.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../support/test-app.ts";

// Issue 34, item 5 (decision 038): the back office's first page counts sales by India's days, exactly in paise, what
// waits, low stock against the shop's threshold and searches that found nothing; the owner's synonyms answer such
// searches in the shop's search and suggestions at once, through the micro-cache, and stop when removed.
let app: TestApp;
let owner: Awaited<ReturnType<typeof signedInAs>>;
let staff: Awaited<ReturnType<typeof signedInAs>>;
let shopperId: string;

beforeAll(async () => {
  app = await createTestApp({ web: true });
  owner = await signedInAs(app, "owner");
  staff = await signedInAs(app, "staff");
  shopperId = (await createTestUser(app.db)).id;
});
afterAll(async () => {
  await app?.close();
});

async function api(who: { sid: string }, method: "GET" | "POST" | "DELETE", url: string, payload?: object) {
  const response = await app.server.inject({
    method,
    url: `/api/admin${url}`,
    headers: { authorization: `Bearer ${who.sid}`, origin: TEST_PUBLIC_URL },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

async function shop<T>(url: string) {
  const response = await app.server.inject({ method: "GET", url });
  return response.json() as T;
}

const names = (found: { name: string }[]) => found.map((product) => product.name);
const searchNames = async (q: string) => names(await shop<{ name: string }[]>(`/api/search?q=${encodeURIComponent(q)}`));
const suggestionNames = async (q: string) =>
  names(await shop<{ name: string }[]>(`/api/search/suggest?q=${encodeURIComponent(q)}`));

async function order(status: (typeof orderStatuses)[number], amountPaise: number, paidAt: Date | null) {
  const id = uuidv7();
  await app.db.insert(orders).values({
    id,
    userId: shopperId,
    name: "Test Shopper",
    phoneNumber: "9876543210",
    address: "1 Test Street",
    pincode: "560001",
    email: "shopper@example.com",
    billing: {
      fullName: "Test Shopper",
      country: "India",
      streetAddressLine1: "1 Test Street",
      streetAddressLine2: "",
      city: "Bengaluru",
      state: "Karnataka",
      zipCode: "560001",
      phoneNumber: "9876543210",
      email: "shopper@example.com",
    },
    amountPaise,
    status,
    paymentProvider: "test",
    providerOrderId: `order_${id}`,
    paymentId: paidAt ? `pay_${id}` : null,
    paidAt,
  });
  return id;
}

describe("sales by India's days", () => {
  it("counts orders paid and money refunded today, in 7 and in 30 days exactly in paise, across India's midnight", async () => {
    // 00:05 on 1 March 2025 in India is 18:35 UTC on 28 February.
    const at = new Date("2025-03-01T00:05:00+05:30");
    await order("paid", 12_345, new Date("2025-02-28T23:59:00+05:30")); // yesterday
    await order("delivered", 67_891, new Date("2025-03-01T00:01:00+05:30")); // today
    await order("refunded", 101, new Date("2025-03-01T00:04:59+05:30")); // today, refunds are not taken off
    await order("paid", 1_000, new Date("2025-02-23T00:00:00+05:30")); // the 7th day back
    await order("paid", 2_000_000_000, new Date("2025-02-22T23:59:59+05:30")); // the 8th
    await order("shipped", 2_000_000_000, new Date("2025-01-31T00:00:00+05:30")); // the 30th
    await order("paid", 7, new Date("2025-01-30T23:59:59+05:30")); // the 31st
    await order("paid", 5, new Date("2025-03-02T00:00:00+05:30")); // tomorrow
    const refunded = await order("refunded", 50_000, new Date("2025-01-15T10:00:00+05:30")); // paid long before
    const refund = (amountPaise: number, processedAt: Date | null) => ({
      id: uuidv7(),
      orderId: refunded,
      amountPaise,
      requestKey: uuidv7(),
      status: processedAt ? ("processed" as const) : ("pending" as const),
      processedAt,
    });
    await app.db.insert(refunds).values([
      refund(300, new Date("2025-03-01T00:02:00+05:30")), // today
      refund(20_000, new Date("2025-02-25T12:00:00+05:30")), // this week
      refund(29_000, new Date("2025-02-01T12:00:00+05:30")), // this month
      refund(400, new Date("2025-01-30T23:59:59+05:30")), // the 31st day back
      refund(77, null), // still pending
    ]);
    await order("pending", 999, null);

    const found = await app.services.insights.summary(at);
    expect(found.periods).toEqual({
      today: new Date("2025-02-28T18:30:00Z"),
      last7Days: new Date("2025-02-22T18:30:00Z"),
      last30Days: new Date("2025-01-30T18:30:00Z"),
      end: new Date("2025-03-01T18:30:00Z"),
    });
    expect(found.sales.today).toEqual({ orders: 2, revenuePaise: 67_891 + 101, refundedPaise: 300 });
    expect(found.sales.last7Days).toEqual({
      orders: 4,
      revenuePaise: 12_345 + 67_891 + 101 + 1_000,
      refundedPaise: 20_300,
    });
    // Beyond a 32-bit integer, still exact.
    expect(found.sales.last30Days).toEqual({
      orders: 6,
      revenuePaise: 12_345 + 67_891 + 101 + 1_000 + 4_000_000_000,
      refundedPaise: 49_300,
    });
  });

  it("counts payments and refunds that wait", async () => {
    const before = await app.services.insights.summary();
    const paid = await order("paid", 50_000, new Date());
    await order("pending", 1_000, null);
    await order("pending", 2_000, null);
    await order("refund_pending", 3_000, new Date());
    await app.db.insert(refunds).values([
      { id: uuidv7(), orderId: paid, amountPaise: 100, requestKey: uuidv7() },
      { id: uuidv7(), orderId: paid, amountPaise: 200, requestKey: uuidv7(), status: "processed" },
    ]);
    const after = await app.services.insights.summary();
    expect(after.paymentsPending - before.paymentsPending).toBe(2);
    expect(after.refundsPending - before.refundsPending).toBe(1);
    expect(after.automaticRefundsPending - before.automaticRefundsPending).toBe(1);
    expect(after.sales.today.revenuePaise - before.sales.today.revenuePaise).toBe(53_000);
  });

  it("answers the same figures on /api/admin/insights for staff, with rupees beside paise", async () => {
    const answer = await api(staff, "GET", "/insights");
    expect(answer.status).toBe(200);
    type Sales = { orders: number; revenuePaise: number; revenue: number; refundedPaise: number; refunded: number };
    const sales = answer.body.sales as Record<string, Sales>;
    expect(sales.today?.revenue).toBe((sales.today?.revenuePaise ?? 0) / 100);
    expect(sales.last30Days?.refunded).toBe((sales.last30Days?.refundedPaise ?? 0) / 100);
    expect(sales.last30Days?.orders).toBeGreaterThanOrEqual(sales.today?.orders ?? 0);
  });
});

describe("low stock", () => {
  it("lists products on sale at or under the shop's threshold, lowest first, with a count", async () => {
    await app.db.update(products).set({ countInStock: 100 });
    await app.db.update(shopSettings).set({ lowStockThreshold: 3 }).where(eq(shopSettings.id, 1));
    const three = await createTestProduct(app.db, { name: "Threefold Basket", countInStock: 3 });
    const one = await createTestProduct(app.db, { name: "Onefold Basket", countInStock: 1 });
    await createTestProduct(app.db, { name: "Fourfold Basket", countInStock: 4 });
    await createTestProduct(app.db, { name: "Archived Basket", countInStock: 0, archivedAt: new Date() });

    const { lowStock } = await app.services.insights.summary();
    expect(lowStock).toMatchObject({ threshold: 3, count: 2, more: false });
    expect(lowStock.first.map((product) => [product.id, product.countInStock])).toEqual([
      [one.id, 1],
      [three.id, 3],
    ]);

    await app.db.update(shopSettings).set({ lowStockThreshold: 4 }).where(eq(shopSettings.id, 1));
    expect((await app.services.insights.summary()).lowStock.count).toBe(3);

    const page = await requestPage(app, "GET", "/admin", { sid: staff.sid });
    expect(page.status).toBe(200);
    expect(page.html).toContain(`href="/admin/products/${one.id}"`);
    expect(page.html).toContain("4 or fewer in stock");
  });
});

describe("searches that found nothing, and synonyms", () => {
  it("lists searches that found nothing, most frequent first", async () => {
    for (const [query, times] of [
      ["qzxvbk", 1],
      ["wyxqpz", 3],
      ["jjvxqz", 2],
      ["aaxqzv", 2],
    ] as const) {
      for (let time = 0; time < times; time++) await shop(`/api/search?q=${query}&page=1&perPage=5&t=${time}`);
    }
    const { zeroResultSearches } = await app.services.insights.summary();
    expect(zeroResultSearches.slice(0, 4).map((search) => [search.query, search.count])).toEqual([
      ["wyxqpz", 3],
      ["aaxqzv", 2],
      ["jjvxqz", 2],
      ["qzxvbk", 1],
    ]);
  });

  it("finds through a synonym at once in search and suggestions, and stops once it is removed", async () => {
    const lantern = await createTestProduct(app.db, { name: "Glimmerwick Brass Lantern", description: "" });
    const tee = await createTestProduct(app.db, { name: "Quillonby T-Shirt", description: "" });
    expect(await searchNames("glowlamp")).toEqual([]);
    expect(await searchNames("brass glowlamp")).toEqual([]);
    expect(await suggestionNames("glowlamp")).toEqual([]);
    const listed = async () => (await app.services.insights.summary()).zeroResultSearches;
    expect((await listed()).map((search) => search.query)).toEqual(expect.arrayContaining(["glowlamp", "brass glowlamp"]));

    const added = await api(owner, "POST", "/search/synonyms", {
      term: "  GlowLamp ",
      replacement: "Glimmerwick",
      reason: "asked",
    });
    expect(added).toMatchObject({ status: 201, body: { term: "glowlamp", replacement: "glimmerwick" } });
    // The answers kept a moment ago are gone: the same URLs find the lantern now.
    expect(await searchNames("glowlamp")).toEqual([lantern.name]);
    expect(await searchNames("brass glowlamp")).toEqual([lantern.name]);
    expect(await suggestionNames("glowlamp")).toEqual([lantern.name]);
    const now = await listed();
    expect(now.map((search) => search.query)).not.toContain("glowlamp");
    expect(now.find((search) => search.query === "brass glowlamp")?.wordSynonym).toEqual({
      term: "glowlamp",
      replacement: "glimmerwick",
    });

    // A hyphenated replacement finds what typing it finds.
    expect(
      (await api(owner, "POST", "/search/synonyms", { term: "quillonby teeshirt", replacement: "quillonby t-shirt" })).status,
    ).toBe(201);
    expect(await searchNames("Quillonby  Teeshirt")).toEqual([tee.name]);
    expect(await suggestionNames("quillonby teeshirt")).toEqual([tee.name]);

    const [event] = await app.services.backOffice.audit.list({ entityType: "search_synonym", entityId: "glowlamp", limit: 5 });
    expect(event).toMatchObject({
      action: "search-synonym.create",
      actorId: owner.user.id,
      after: { term: "glowlamp", replacement: "glimmerwick" },
      reason: "asked",
    });

    const list = await api(owner, "GET", "/search/synonyms");
    expect((list.body as unknown as { term: string }[]).map((synonym) => synonym.term)).toEqual([
      "glowlamp",
      "quillonby teeshirt",
    ]);

    expect((await api(owner, "DELETE", "/search/synonyms/GlowLamp?reason=wrong")).status).toBe(200);
    expect(await searchNames("glowlamp")).toEqual([]);
    expect(await suggestionNames("glowlamp")).toEqual([]);
    expect((await listed()).map((search) => search.query)).toContain("glowlamp");
    const removed = await api(owner, "DELETE", "/search/synonyms/glowlamp");
    expect(removed).toMatchObject({ status: 404, body: { msg: insightsMessages.synonymNotFound("glowlamp") } });
    const [gone] = await app.services.backOffice.audit.list({ entityType: "search_synonym", entityId: "glowlamp", limit: 5 });
    expect(gone).toMatchObject({ action: "search-synonym.delete", before: { replacement: "glimmerwick" }, reason: "wrong" });
    await app.db.delete(searchSynonyms);
  });

  it("refuses empty, identical, over-long and taken synonyms with a message, changing nothing", async () => {
    const refused = async (payload: object, msg: string, status = 400) => {
      const answer = await api(owner, "POST", "/search/synonyms", payload);
      expect(answer, JSON.stringify(payload)).toMatchObject({ status, body: { msg: expect.stringContaining(msg) } });
    };
    // The API may name the field before the message.
    await refused({ term: "   ", replacement: "shirt" }, insightsMessages.termBlank);
    await refused({ term: "--", replacement: "shirt" }, insightsMessages.termBlank);
    await refused({ term: "tee" }, insightsMessages.replacementBlank);
    await refused({ term: "Tee  Shirt", replacement: "tee shirt" }, insightsMessages.sameAsTerm);
    await refused({ term: "x".repeat(101), replacement: "shirt" }, insightsMessages.termTooLong);
    await refused({ term: "tee", replacement: "y".repeat(101) }, insightsMessages.replacementTooLong);
    expect(await app.db.select().from(searchSynonyms)).toEqual([]);

    expect((await api(owner, "POST", "/search/synonyms", { term: "tee", replacement: "t-shirt" })).status).toBe(201);
    await refused({ term: "TEE", replacement: "shirt" }, insightsMessages.synonymExists("tee"), 409);
    expect(await app.db.select({ replacement: searchSynonyms.replacement }).from(searchSynonyms)).toEqual([
      { replacement: "t-shirt" },
    ]);
    await app.db.delete(searchSynonyms);
  });

  it("lets only the owner see and change synonyms; staff see the figures without the action", async () => {
    expect((await api(staff, "GET", "/search/synonyms")).status).toBe(403);
    expect((await api(staff, "POST", "/search/synonyms", { term: "tee", replacement: "t-shirt" })).status).toBe(403);
    expect((await api(staff, "DELETE", "/search/synonyms/tee")).status).toBe(403);
    expect(await app.db.select().from(searchSynonyms)).toEqual([]);

    const staffPage = await requestPage(app, "GET", "/admin", { sid: staff.sid });
    expect(staffPage.html).toContain("Searches that found nothing");
    expect(staffPage.html).toContain("wyxqpz");
    expect(staffPage.html).not.toContain("Add synonym");
    const ownerPage = await requestPage(app, "GET", "/admin", { sid: owner.sid });
    expect(ownerPage.html).toContain('href="/admin/search-synonyms?term=wyxqpz"');
    expect(ownerPage.html).toContain("Latest changes");
  });

  it("adds and removes a synonym through the owner's page, without scripts", async () => {
    const form = await requestPage(app, "GET", "/admin/search-synonyms?term=wyxqpz", { sid: owner.sid });
    expect(form.html).toMatch(/name="term"[^>]*value="wyxqpz"|value="wyxqpz"[^>]*name="term"/);

    const same = await requestPage(app, "POST", "/admin/search-synonyms", {
      sid: owner.sid,
      form: { intent: "add", term: "wyxqpz", replacement: " WYXQPZ " },
    });
    expect(same.status).toBe(400);
    expect(same.html).toContain(insightsMessages.sameAsTerm);

    const added = await requestPage(app, "POST", "/admin/search-synonyms", {
      sid: owner.sid,
      form: { intent: "add", term: "wyxqpz", replacement: "glimmerwick" },
    });
    expect(added.status).toBe(200);
    const html = (text: string) => text.replaceAll('"', "&quot;");
    expect(added.html).toContain(html(insightsMessages.synonymAdded("wyxqpz", "glimmerwick")));
    expect(await searchNames("wyxqpz")).toEqual(["Glimmerwick Brass Lantern"]);

    const removed = await requestPage(app, "POST", "/admin/search-synonyms", {
      sid: owner.sid,
      form: { intent: "remove", term: "wyxqpz" },
    });
    expect(removed.status).toBe(200);
    expect(removed.html).toContain(html(insightsMessages.synonymRemoved("wyxqpz")));
    expect(
      await app.db
        .select()
        .from(searchSynonyms)
        .where(inArray(searchSynonyms.term, ["wyxqpz"])),
    ).toEqual([]);
    expect(await searchNames("wyxqpz")).toEqual([]);
  });
});
