import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "#db/schema/back-office.ts";
import { products } from "#db/schema/catalog.ts";
import { applyChange } from "#domain/catalog/bulk-edit.ts";
import { snapshotOf } from "#domain/catalog/product-admin.ts";
import { backOfficeMessages, catalogBulkMessages } from "#shared/back-office-messages.ts";
import { createTestCategory, createTestProduct } from "../support/builders.ts";
import { requestPage } from "../support/pages.ts";
import { signedInAs } from "../support/staff.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// Issue 33, item 5: bulk edits through /api/admin and the /admin/products/bulk page, on the same service.
let app: TestApp;
let owner: Awaited<ReturnType<typeof signedInAs>>;
let staff: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  app = await createTestApp({ web: true });
  owner = await signedInAs(app, "owner");
  staff = await signedInAs(app, "staff");
});
afterAll(async () => {
  await app?.close();
});

const api = (url: string, body: unknown, sid = owner.sid) =>
  app.server.inject({
    method: "POST",
    url: `/api/admin/products/bulk/${url}`,
    headers: { authorization: `Bearer ${sid}` },
    payload: body as object,
  });

async function catalogue(prices: [number, number | null][]) {
  const category = await createTestCategory(app.db);
  const made: { id: string }[] = [];
  for (const [pricePaise, oldPricePaise] of prices) {
    const sku = `BULK-${made.length}-${category.id}`;
    // Not featured whatever the generator picks: the preview test sets it.
    made.push(
      await createTestProduct(app.db, { catId: category.id, pricePaise, oldPricePaise, discount: 0, sku, isFeatured: false }),
    );
  }
  return { category, ids: made.map((product) => product.id) };
}
const pricesOf = async (ids: string[]) =>
  (await app.db.select().from(products).where(inArray(products.id, ids))).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));

describe("bulk edits", () => {
  it("rounds a percentage and an amount to the rupee and drops an old price the new one reaches", async () => {
    const base = snapshotOf({
      ...(await app.services.productAdmin.get((await catalogue([[99_950, 120_000]])).ids[0] ?? "")),
    });
    const at = new Date();
    expect(applyChange(base, { price: { mode: "percent", percent: 10 } }, at)).toMatchObject({
      pricePaise: 109_900,
      oldPricePaise: 120_000,
      discount: 8,
    });
    expect(applyChange(base, { price: { mode: "percent", percent: 25 } }, at)).toMatchObject({
      pricePaise: 124_900,
      oldPricePaise: null,
      discount: 0,
    });
    expect(applyChange(base, { price: { mode: "add", rupees: -4_999 } }, at)).toMatchObject({ pricePaise: 95_000 });
    expect(applyChange(base, { price: { mode: "set", rupees: 45_049 } }, at)).toMatchObject({ pricePaise: 45_000 });
  });

  it("previews the count and examples before and after, changing nothing", async () => {
    const { ids } = await catalogue([
      [10_000, null],
      [25_050, 30_000],
      [99_900, null],
    ]);
    const answer = await api("preview", {
      target: { ids },
      change: { price: { mode: "percent", percent: -10 }, isFeatured: true },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const preview = answer.json();
    expect(preview.count).toBe(3);
    const second = preview.examples.find((example: { id: string }) => example.id === ids[1]);
    expect(second).toMatchObject({ before: { price: 250.5, isFeatured: false }, after: { price: 225, isFeatured: true } });
    expect((await pricesOf(ids)).map((row) => row.pricePaise)).toEqual([10_000, 25_050, 99_900]);
  });

  it("applies in one transaction with an audit event per product and the same reason", async () => {
    const { ids } = await catalogue([
      [10_000, null],
      [25_050, 30_000],
    ]);
    const body = {
      target: { ids },
      change: { price: { mode: "percent", percent: 10 }, countInStock: 4 },
      expectedCount: 2,
      reason: "Diwali",
    };
    const answer = await api("apply", body);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ count: 2, changed: 2 });
    expect((await pricesOf(ids)).map((row) => [row.pricePaise, row.oldPricePaise, row.countInStock])).toEqual([
      [11_000, null, 4],
      [27_600, 30_000, 4],
    ]);
    const events = await app.db.select().from(auditEvents).where(inArray(auditEvents.entityId, ids));
    expect(events).toHaveLength(2);
    for (const event of events) expect(event).toMatchObject({ action: "product.bulk-update", reason: "Diwali" });
    expect(events.find((event) => event.entityId === ids[0])).toMatchObject({
      before: { pricePaise: 10_000, countInStock: 10 },
      after: { pricePaise: 11_000, countInStock: 4 },
    });
  });

  it("refuses a price under one rupee for one product and changes none", async () => {
    const { ids } = await catalogue([
      [50_000, null],
      [400, null],
    ]);
    const change = { price: { mode: "percent", percent: -90 } };
    const preview = await api("preview", { target: { ids }, change });
    expect(preview.statusCode).toBe(400);
    const apply = await api("apply", { target: { ids }, change, expectedCount: 2 });
    expect(apply.statusCode).toBe(400);
    expect(apply.json().msg).toMatch(/a price must be at least ₹1/);
    expect((await pricesOf(ids)).map((row) => row.pricePaise)).toEqual([50_000, 400]);
    expect(await app.db.select().from(auditEvents).where(inArray(auditEvents.entityId, ids))).toHaveLength(0);
  });

  it("changes all that match the list's filter, and refuses when they are not the ones previewed", async () => {
    const { category, ids } = await catalogue([
      [10_000, null],
      [20_000, null],
      [30_000, null],
    ]);
    await app.db
      .update(products)
      .set({ countInStock: 0 })
      .where(eq(products.id, ids[2] ?? ""));
    const target = { all: true, filter: { catId: category.id, inStock: true } };
    const change = { price: { mode: "add", rupees: 5 }, archived: true };
    expect((await api("preview", { target, change })).json().count).toBe(2);
    const stale = await api("apply", { target, change, expectedCount: 3 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe(catalogBulkMessages.matchChanged(3, 2));
    expect((await api("apply", { target, change, expectedCount: 2 })).json()).toEqual({ count: 2, changed: 2 });
    const rows = await pricesOf(ids);
    expect(rows.map((row) => [row.pricePaise, row.archivedAt !== null])).toEqual([
      [10_500, true],
      [20_500, true],
      [30_000, false],
    ]);
  });

  it("asks for a recent password to apply, not to preview; refuses an empty change", async () => {
    const { ids } = await catalogue([[10_000, null]]);
    await app.db.execute(
      `update sessions set back_office_seen_at = now(), password_confirmed_at = now() - interval '1 day' where id = '${staff.sessionId}'`,
    );
    const change = { countInStock: 1 };
    expect((await api("preview", { target: { ids }, change }, staff.sid)).statusCode).toBe(200);
    const apply = await api("apply", { target: { ids }, change, expectedCount: 1 }, staff.sid);
    expect(apply.statusCode).toBe(403);
    expect(apply.json().msg).toBe(backOfficeMessages.reauthNeeded);
    const empty = await api("preview", { target: { ids }, change: {} });
    expect(empty.statusCode).toBe(400);
  });

  it("walks the page: the list's selection, a preview with the count, then the apply", async () => {
    const { ids } = await catalogue([
      [10_000, null],
      [20_000, null],
    ]);
    const query = ids.map((id) => `ids=${id}`).join("&");
    const form = await requestPage(app, "GET", `/admin/products/bulk?${query}`, { sid: owner.sid });
    expect(form.status).toBe(200);
    expect(form.html).toContain("2 products chosen");
    const preview = await requestPage(app, "POST", `/admin/products/bulk?${query}`, {
      sid: owner.sid,
      form: { intent: "preview", priceMode: "percent", priceValue: "10" },
    });
    expect(preview.status, preview.html).toBe(200);
    expect(preview.html).toContain("2 products will change");
    expect(preview.html).toContain("Price: Rs 100 → Rs 110");
    const applied = await requestPage(app, "POST", `/admin/products/bulk?${query}`, {
      sid: owner.sid,
      form: { intent: "apply", priceMode: "percent", priceValue: "10", expectedCount: "2", reason: "page" },
    });
    expect(applied.status, applied.html).toBe(200);
    expect(applied.html).toContain(catalogBulkMessages.applied(2));
    expect((await pricesOf(ids)).map((row) => row.pricePaise)).toEqual([11_000, 22_000]);
  });
});
