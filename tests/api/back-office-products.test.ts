import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "#db/schema/accounts.ts";
import { auditEvents } from "#db/schema/back-office.ts";
import { products } from "#db/schema/catalog.ts";
import { catalogPictures } from "#db/schema/media.ts";
import { orderItems } from "#db/schema/orders.ts";
import { productAdminMessages } from "#shared/back-office-messages.ts";
import { IMAGE_WIDTHS } from "#shared/constants.ts";
import { parseProductInput } from "#shared/schemas/back-office-products.ts";
import { createTestCategory, createTestProduct, createTestUser } from "../support/builders.ts";
import { insertTestOrder } from "../support/order-rows.ts";
import { requestPage } from "../support/pages.ts";
import { signedInAs } from "../support/staff.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../support/test-app.ts";
import { multipart, photos } from "../support/uploads.ts";

// Issue 33, item 3 (products) and the product half of items 7 and 8: the back office's products, pictures, history and
// revert, through /api/admin and the /admin pages, on the same services.
let app: TestApp;
let owner: Awaited<ReturnType<typeof signedInAs>>;
let staff: Awaited<ReturnType<typeof signedInAs>>;
let top: { id: string };
let sub: { id: string };
let otherTop: { id: string };

beforeAll(async () => {
  app = await createTestApp({ web: true });
  owner = await signedInAs(app, "owner");
  staff = await signedInAs(app, "staff");
  top = await createTestCategory(app.db);
  sub = await createTestCategory(app.db, { parentId: top.id });
  otherTop = await createTestCategory(app.db);
});
afterAll(async () => {
  await app?.close();
});

const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, sid: string, body?: unknown) =>
  app.server.inject({
    method,
    url: `/api/admin${url}`,
    headers: { authorization: `Bearer ${sid}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });

let skuCounter = 0;
const input = (overrides: Record<string, unknown> = {}) => ({
  name: "Back Office Kettle",
  brand: "Acme",
  description: "Boils water.",
  price: 1499.5,
  oldPrice: 1999,
  catId: top.id,
  subCatId: sub.id,
  productRam: [],
  size: ["S", "M"],
  productWeight: [],
  countInStock: 7,
  isFeatured: true,
  locations: ["India", "Nepal"],
  sku: `BO-${++skuCounter}-${Date.now()}`,
  taxRate: 12.5,
  hsnCode: "851610",
  ...overrides,
});

/** `n` pictures uploaded to the library by staff, in the order sent. */
async function uploadToLibrary(n: number): Promise<{ file: string }[]> {
  const upload = multipart(await photos(n));
  const answer = await app.server.inject({
    method: "POST",
    url: "/api/admin/pictures",
    headers: { authorization: `Bearer ${staff.sid}`, ...upload.headers },
    payload: upload.payload,
  });
  return answer.json().pictures;
}

const rowOf = async (id: string) => (await app.db.select().from(products).where(eq(products.id, id)))[0];
const eventsOf = (id: string) => app.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));

describe("the product form's schema (shared by pages, API and import rows)", () => {
  it("turns rupees into paise and per cent into basis points, and names each refused field", () => {
    const parsed = parseProductInput({ ...input(), price: "1499.50", oldPrice: "", taxRate: "18", isFeatured: "on" });
    expect(parsed.ok && parsed.value).toMatchObject({ price: 149_950, oldPrice: null, taxRate: 1800, isFeatured: true });
    const refused = parseProductInput({
      ...input(),
      name: " ",
      price: "12.345",
      oldPrice: 10,
      sku: "no spaces",
      countInStock: -1,
    });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.fieldErrors.name).toBe(productAdminMessages.nameBlank);
    expect(refused.fieldErrors.price).toBe(productAdminMessages.twoDecimals("Price"));
    expect(refused.fieldErrors.sku).toBe(productAdminMessages.skuShape);
    expect(refused.fieldErrors.countInStock).toBe("Stock must be at least 0");
    const cheaperOld = parseProductInput(input({ price: 100, oldPrice: 90 }));
    expect(!cheaperOld.ok && cheaperOld.fieldErrors.oldPrice).toBe(productAdminMessages.priceMoreThanOld);
  });
});

describe("/api/admin/products", () => {
  it("creates a product with every field, the discount derived, recorded in the audit trail", async () => {
    const answer = await api("POST", "/products", staff.sid, { ...input({ sku: "KETTLE-1" }), reason: "new line" });
    expect(answer.statusCode).toBe(201);
    const body = answer.json();
    expect(body).toMatchObject({ price: 1499.5, oldPrice: 1999, discount: 25, taxRate: 12.5, sku: "KETTLE-1", archivedAt: null });
    expect(body.hsnCode).toBe("851610");
    const row = await rowOf(body.id);
    expect(row).toMatchObject({ pricePaise: 149_950, oldPricePaise: 199_900, discount: 25, taxRateBasisPoints: 1250 });
    const [event] = await eventsOf(body.id);
    expect(event).toMatchObject({ action: "product.create", actorId: staff.user.id, reason: "new line", before: null });
    expect(event?.after).toMatchObject({ pricePaise: 149_950 });
    // The storefront sees it.
    const shop = await app.server.inject({ method: "GET", url: `/api/products/${body.id}` });
    expect(shop.statusCode).toBe(200);
  });

  it("refuses invalid fields by name, and the database's rules too, writing nothing", async () => {
    const before = (await app.db.select({ id: products.id }).from(products)).length;
    const bad = await api("POST", "/products", staff.sid, input({ price: "lots", sku: "", hsnCode: "85161" }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      price: "Price must be a number",
      sku: productAdminMessages.skuBlank,
      hsnCode: productAdminMessages.hsnShape,
    });
    const taken = await api("POST", "/products", staff.sid, input({ sku: "KETTLE-1", catId: sub.id, locations: ["Atlantis"] }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fieldErrors).toEqual({
      sku: productAdminMessages.skuTaken("KETTLE-1"),
      catId: productAdminMessages.categoryNotTop,
      subCatId: productAdminMessages.subCategoryNotChild,
      locations: productAdminMessages.unknownCountry("Atlantis"),
    });
    const wrongSub = await api("POST", "/products", staff.sid, input({ catId: otherTop.id }));
    expect(wrongSub.json().fieldErrors).toEqual({ subCatId: productAdminMessages.subCategoryNotChild });
    expect((await app.db.select({ id: products.id }).from(products)).length).toBe(before);
  });

  it("saves an edit with the row's updatedAt, and refuses a stale one without writing", async () => {
    const created = (await api("POST", "/products", owner.sid, input())).json();
    const first = await api("PUT", `/products/${created.id}`, owner.sid, {
      ...input({ sku: created.sku, price: 999, oldPrice: null, hsnCode: undefined }),
      updatedAt: created.updatedAt,
    });
    expect(first.statusCode).toBe(200);
    // An update without the HSN code (a script older than the field) keeps it.
    expect(first.json()).toMatchObject({ price: 999, oldPrice: null, discount: 0, hsnCode: "851610" });
    const stale = await api("PUT", `/products/${created.id}`, owner.sid, {
      ...input({ sku: created.sku, name: "Overwritten" }),
      updatedAt: created.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe(productAdminMessages.stale);
    expect((await rowOf(created.id))?.name).toBe("Back Office Kettle");
    const events = await eventsOf(created.id);
    const update = events.find((event) => event.action === "product.update");
    // Only what changed, on both sides.
    expect(update?.before).toEqual({ pricePaise: 149_950, oldPricePaise: 199_900, discount: 25 });
    expect(update?.after).toEqual({ pricePaise: 99_900, oldPricePaise: null, discount: 0 });
    expect(events).toHaveLength(2);
  });

  it("lists with search, filters, sort and keyset pages in both directions, archived ones only when asked", async () => {
    const category = await createTestCategory(app.db);
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        (
          await api(
            "POST",
            "/products",
            staff.sid,
            input({
              catId: category.id,
              subCatId: null,
              name: `Zebra Lamp ${i}`,
              price: 100 + i,
              oldPrice: i % 2 ? 500 : null,
              countInStock: i,
            }),
          )
        ).json(),
      );
    }
    const list = (query: string) => api("GET", `/products?catId=${category.id}&${query}`, staff.sid).then((r) => r.json());
    const page1 = await list("sort=price&perPage=2");
    expect(page1.items.map((p: { price: number }) => p.price)).toEqual([100, 101]);
    expect(page1.previous).toBeNull();
    const page2 = await list(`sort=price&perPage=2&after=${page1.next}`);
    expect(page2.items.map((p: { price: number }) => p.price)).toEqual([102, 103]);
    const back = await list(`sort=price&perPage=2&before=${page2.previous}`);
    expect(back.items.map((p: { price: number }) => p.price)).toEqual([100, 101]);
    expect(back.previous).toBeNull();
    const page3 = await list(`sort=price&perPage=2&after=${page2.next}`);
    expect(page3.items.map((p: { price: number }) => p.price)).toEqual([104]);
    expect(page3.next).toBeNull();
    expect((await list("onSale=1")).items).toHaveLength(2);
    expect((await list("inStock=1")).items).toHaveLength(4);
    expect((await list("sort=name")).items[0].name).toBe("Zebra Lamp 0");
    const found = await api("GET", `/products?q=${encodeURIComponent("zebra lamp")}`, staff.sid);
    expect(
      found
        .json()
        .items.map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual(made.map((p) => p.id).sort());
    // The shop's typo correction applies, and an exact SKU finds its product.
    expect((await api("GET", "/products?q=zebar", staff.sid)).json().items.length).toBe(5);
    expect((await api("GET", `/products?q=${made[2].sku}`, staff.sid)).json().items.map((p: { id: string }) => p.id)).toEqual([
      made[2].id,
    ]);

    expect((await api("POST", `/products/${made[0].id}/archive`, staff.sid, { reason: "old" })).statusCode).toBe(200);
    expect((await list("")).items).toHaveLength(4);
    expect((await list("archived=archived")).items.map((p: { id: string }) => p.id)).toEqual([made[0].id]);
    expect((await list("archived=all")).items).toHaveLength(5);
    expect((await api("POST", `/products/${made[0].id}/archive`, staff.sid, {})).statusCode).toBe(409);
    expect((await api("POST", `/products/${made[0].id}/unarchive`, staff.sid, {})).json().archivedAt).toBeNull();
  });

  it("deletes a product never ordered (recent password), and refuses once ordered: archive it", async () => {
    const never = (await api("POST", "/products", owner.sid, input())).json();
    const deleted = await api("DELETE", `/products/${never.id}?reason=typo`, owner.sid);
    expect(deleted.statusCode).toBe(200);
    expect(await rowOf(never.id)).toBeUndefined();
    expect((await eventsOf(never.id)).map((event) => event.action).sort()).toEqual(["product.create", "product.delete"]);

    const ordered = await createTestProduct(app.db, { catId: top.id, sku: `ORDERED-${Date.now()}` });
    const shopper = await createTestUser(app.db);
    await insertTestOrder(app.db, { userId: shopper.id, productId: ordered.id, status: "paid" });
    const refused = await api("DELETE", `/products/${ordered.id}`, owner.sid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(productAdminMessages.orderedCannotDelete);
    expect(await rowOf(ordered.id)).toBeDefined();

    // A stale password: the guard asks for it again.
    const longAgo = new Date(Date.now() - 60 * 60_000);
    const late = await signedInAs(app, "owner");
    await app.db
      .update(sessions)
      .set({ passwordConfirmedAt: longAgo, backOfficeSeenAt: new Date() })
      .where(eq(sessions.id, late.sessionId));
    expect((await api("DELETE", `/products/${never.id}`, late.sid)).statusCode).toBe(403);
  });

  it("uploads pictures to the library and the product, reorders them, sets alt texts and removes one", async () => {
    const product = (await api("POST", "/products", staff.sid, input())).json();
    const files = await photos(2);
    const body = multipart(files.map((file, index) => ({ ...file, filename: `kettle-${index}.png` })));
    const uploaded = await app.server.inject({
      method: "POST",
      url: `/api/admin/products/${product.id}/pictures`,
      headers: { authorization: `Bearer ${staff.sid}`, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const [a, b] = uploaded.json().images;
    expect(a.file).toMatch(/^c-[0-9a-f]{24}\.webp$/);
    expect(await app.imageStores.originals.exists(a.file)).toBe(true);
    const library = await app.db.select().from(catalogPictures).where(eq(catalogPictures.fileName, a.file));
    expect(library[0]).toMatchObject({ originalName: "kettle-0.png", uploadedBy: staff.user.id });
    const served = await app.server.inject({ method: "GET", url: `/download/${a.file}?w=${IMAGE_WIDTHS[0]}` });
    expect(served.statusCode).toBe(200);

    const reordered = await api("PUT", `/products/${product.id}/pictures`, staff.sid, {
      pictures: [
        { file: b.file, alt: "Kettle from the side" },
        { file: a.file, alt: "Kettle from the front" },
      ],
    });
    expect(reordered.json().images.map((p: { file: string; alt: string }) => [p.file, p.alt])).toEqual([
      [b.file, "Kettle from the side"],
      [a.file, "Kettle from the front"],
    ]);
    const removed = await api("PUT", `/products/${product.id}/pictures`, staff.sid, {
      pictures: [{ file: a.file, alt: "Front" }],
    });
    expect(await rowOf(removed.json().id)).toMatchObject({ images: [a.file], imageAlts: ["Front"] });
    const unknown = await api("PUT", `/products/${product.id}/pictures`, staff.sid, {
      pictures: [{ file: "c-nope.webp", alt: "" }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors.images).toBe(productAdminMessages.pictureUnknown("c-nope.webp"));

    const many = await photos(3);
    const libraryUpload = multipart(many);
    const toLibrary = await app.server.inject({
      method: "POST",
      url: "/api/admin/pictures",
      headers: { authorization: `Bearer ${owner.sid}`, ...libraryUpload.headers },
      payload: libraryUpload.payload,
    });
    expect(toLibrary.statusCode).toBe(201);
    expect(toLibrary.json().pictures.map((p: { originalName: string }) => p.originalName)).toEqual([
      "photo-0.png",
      "photo-1.png",
      "photo-2.png",
    ]);
    const listed = (await api("GET", "/pictures", staff.sid)).json().pictures.map((p: { file: string }) => p.file);
    expect(listed.slice(0, 3).sort()).toEqual(
      toLibrary
        .json()
        .pictures.map((p: { file: string }) => p.file)
        .sort(),
    );
    const notImage = multipart([{ filename: "x.png", type: "image/png", data: Buffer.from("<html>not a picture</html>") }]);
    const refused = await app.server.inject({
      method: "POST",
      url: "/api/admin/pictures",
      headers: { authorization: `Bearer ${owner.sid}`, ...notImage.headers },
      payload: notImage.payload,
    });
    expect(refused.statusCode).toBe(415);
  });

  it("deletes an unused library picture with its file and copies; one still shown anywhere is refused, naming where", async () => {
    const [used, ordered, unused] = await uploadToLibrary(3);
    if (!used || !ordered || !unused) throw new Error("three pictures uploaded");
    const product = (await api("POST", "/products", staff.sid, input())).json();
    await api("PUT", `/products/${product.id}/pictures`, staff.sid, { pictures: [{ file: used.file, alt: "" }] });
    await createTestCategory(app.db, { images: [used.file] });
    const shopper = await createTestUser(app.db);
    const orderId = await insertTestOrder(app.db, { userId: shopper.id, productId: product.id, status: "delivered" });
    await app.db.update(orderItems).set({ image: ordered.file }).where(eq(orderItems.orderId, orderId));
    expect((await app.server.inject({ method: "GET", url: `/download/${unused.file}?w=${IMAGE_WIDTHS[0]}` })).statusCode).toBe(
      200,
    );

    const inUse = await api("DELETE", `/pictures/${used.file}`, staff.sid);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().msg).toBe(productAdminMessages.pictureInUse("1 product, 1 category"));
    expect((await api("DELETE", `/pictures/${ordered.file}`, staff.sid)).json().msg).toBe(
      productAdminMessages.pictureInUse("past orders"),
    );
    const kept = await app.db
      .select()
      .from(catalogPictures)
      .where(inArray(catalogPictures.fileName, [used.file, ordered.file]));
    expect(kept).toHaveLength(2);
    expect(await app.imageStores.originals.exists(used.file)).toBe(true);

    expect((await api("DELETE", `/pictures/${unused.file}`, staff.sid)).json()).toEqual({ deleted: true });
    expect(await app.db.select().from(catalogPictures).where(eq(catalogPictures.fileName, unused.file))).toEqual([]);
    expect(await app.imageStores.originals.exists(unused.file)).toBe(false);
    expect(await app.imageStores.variants(IMAGE_WIDTHS[0]).exists(unused.file)).toBe(false);
    expect((await eventsOf(unused.file)).map((event) => [event.action, event.actorId])).toEqual([
      ["picture.upload", staff.user.id],
      ["picture.delete", staff.user.id],
    ]);
    expect((await api("DELETE", `/pictures/${unused.file}`, staff.sid)).statusCode).toBe(404);
    // A product can no longer be given the deleted picture.
    const readd = await api("PUT", `/products/${product.id}/pictures`, staff.sid, { pictures: [{ file: unused.file, alt: "" }] });
    expect(readd.json().fieldErrors.images).toBe(productAdminMessages.pictureUnknown(unused.file));
  });

  it("shows history with price history, and reverts a change, asking first when a later one touched the same fields", async () => {
    const created = (await api("POST", "/products", owner.sid, input({ price: 500, oldPrice: null }))).json();
    const put = (fields: Record<string, unknown>, updatedAt: string) =>
      api("PUT", `/products/${created.id}`, owner.sid, {
        ...input({ sku: created.sku, price: 500, oldPrice: null, ...fields }),
        updatedAt,
      });
    const priced = (await put({ price: 450 }, created.updatedAt)).json();
    const renamed = (await put({ price: 450, name: "Renamed Kettle" }, priced.updatedAt)).json();
    const repriced = (await put({ price: 400, name: "Renamed Kettle" }, renamed.updatedAt)).json();
    expect(repriced.price).toBe(400);

    const history = (await api("GET", `/products/${created.id}/history`, owner.sid)).json().events;
    expect(history.map((event: { action: string }) => event.action)).toEqual([
      "product.update",
      "product.update",
      "product.update",
      "product.create",
    ]);
    const prices = (await api("GET", `/products/${created.id}/history?prices=1`, owner.sid)).json().events;
    expect(prices.map((event: { after: { pricePaise: number } }) => event.after.pricePaise)).toEqual([40_000, 45_000, 50_000]);

    // Reverting the first price change: the later one changed the price too, so it asks.
    const firstPriceEvent = history[2];
    const asked = await api("POST", `/products/${created.id}/history/${firstPriceEvent.id}/revert`, owner.sid, {});
    expect(asked.statusCode).toBe(409);
    expect(asked.json().later.map((event: { id: string }) => event.id)).toEqual([history[0].id]);
    expect((await rowOf(created.id))?.pricePaise).toBe(40_000);
    const confirmed = await api("POST", `/products/${created.id}/history/${firstPriceEvent.id}/revert`, owner.sid, {
      confirm: true,
      reason: "price error",
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ price: 500, name: "Renamed Kettle" });
    const [revert] = (await api("GET", `/products/${created.id}/history`, owner.sid)).json().events;
    expect(revert).toMatchObject({ action: "product.revert", revertOf: firstPriceEvent.id, reason: "price error" });

    // The rename has no later change of the name: reverted at once.
    const rename = history[1];
    const undone = await api("POST", `/products/${created.id}/history/${rename.id}/revert`, owner.sid, {});
    expect(undone.statusCode).toBe(200);
    expect(undone.json().name).toBe("Back Office Kettle");
  });

  it("keeps staff from nothing they may do and visitors from everything", async () => {
    const shopper = await signedInAs(app, null);
    expect((await api("GET", "/products", shopper.sid)).statusCode).toBe(404);
    expect((await app.server.inject({ method: "GET", url: "/api/admin/products" })).statusCode).toBe(404);
    const r = await api("GET", "/products", staff.sid);
    expect(r.statusCode).toBe(200);
  });
});

describe("the /admin product pages", () => {
  const page = (url: string, sid: string) => requestPage(app, "GET", url, { sid });

  it("lists products with filters, links to each, and selects them for bulk edits", async () => {
    const answer = await page("/admin/products?sort=name", staff.sid);
    expect(answer.status).toBe(200);
    expect(answer.html).toContain('action="/admin/products/bulk"');
    expect(answer.html).toMatch(/name="ids" value="[0-9a-f-]{36}"/);
    expect(answer.html).toContain('href="/admin/products/new"');
  });

  it("creates a product from the form, showing errors beside their fields and keeping what was typed", async () => {
    const form = {
      name: "Page Kettle",
      brand: "Acme",
      description: "",
      price: "250",
      oldPrice: "200",
      catId: top.id,
      subCatId: "",
      productRam: "",
      size: "S, M",
      productWeight: "",
      countInStock: "3",
      locations: "India",
      sku: "PAGE-KETTLE",
      taxRate: "5",
    };
    const refused = await requestPage(app, "POST", "/admin/products/new", { sid: staff.sid, form });
    expect(refused.status).toBe(400);
    expect(refused.html).toMatch(
      new RegExp(`id="oldPrice-error"[^>]*>${productAdminMessages.priceMoreThanOld.replace(/[()]/g, "\\$&")}`),
    );
    expect(refused.html).toMatch(/aria-describedby="oldPrice-hint oldPrice-error"/);
    expect(refused.html).toContain('value="Page Kettle"');
    const created = await requestPage(app, "POST", "/admin/products/new", { sid: staff.sid, form: { ...form, oldPrice: "300" } });
    expect(created.status).toBe(302);
    const id = created.location?.split("?")[0]?.split("/").pop() ?? "";
    expect(await rowOf(id)).toMatchObject({ name: "Page Kettle", pricePaise: 25_000, discount: 17, size: ["S", "M"] });
    const edit = await page(`/admin/products/${id}`, staff.sid);
    expect(edit.status).toBe(200);
    expect(edit.html).toContain(`href="/product/${id}"`);
    expect(edit.html).toContain("PAGE-KETTLE");
    expect(edit.html).toContain("Price history");
  });

  it("has a picture library page", async () => {
    const answer = await page("/admin/pictures", staff.sid);
    expect(answer.status).toBe(200);
    expect(answer.html).toMatch(/enctype="multipart\/form-data"/i);
    expect(answer.html).toContain("multiple");
  });

  it("deletes a library picture from the page without scripts, after the password if it was long ago", async () => {
    const [picture] = await uploadToLibrary(1);
    if (!picture) throw new Error("one picture uploaded");
    expect((await page("/admin/pictures", staff.sid)).html).toContain(`aria-label="Delete photo-0.png"`);
    const late = await signedInAs(app, "staff");
    await app.db
      .update(sessions)
      .set({ passwordConfirmedAt: new Date(Date.now() - 60 * 60_000), backOfficeSeenAt: new Date() })
      .where(eq(sessions.id, late.sessionId));
    const form = { intent: "delete", file: picture.file };
    const asked = await requestPage(app, "POST", "/admin/pictures", { sid: late.sid, form });
    expect(asked.location).toContain("/admin/confirm?reason=reauth");
    expect(await app.imageStores.originals.exists(picture.file)).toBe(true);
    const done = await requestPage(app, "POST", "/admin/pictures", { sid: staff.sid, form });
    expect(done.status).toBe(200);
    expect(done.html).toContain(productAdminMessages.pictureDeleted(picture.file));
    expect(await app.imageStores.originals.exists(picture.file)).toBe(false);
  });

  it("asks for the password again before a delete from the page", async () => {
    const created = (await api("POST", "/products", owner.sid, input())).json();
    const late = await signedInAs(app, "owner");
    await app.db
      .update(sessions)
      .set({ passwordConfirmedAt: new Date(Date.now() - 60 * 60_000), backOfficeSeenAt: new Date() })
      .where(eq(sessions.id, late.sessionId));
    const answer = await requestPage(app, "POST", `/admin/products/${created.id}`, { sid: late.sid, form: { intent: "delete" } });
    expect(answer.status).toBe(302);
    expect(answer.location).toContain("/admin/confirm?reason=reauth");
    expect(await rowOf(created.id)).toBeDefined();
    expect(TEST_PUBLIC_URL).toContain("http");
  });
});
