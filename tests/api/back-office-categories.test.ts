import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { banners, categories, categoryCounts, products } from "#db/schema/catalog.ts";
import { catalogAdminMessages } from "#shared/back-office-messages.ts";
import { createTestCategory, createTestProduct } from "../support/builders.ts";
import { requestPage } from "../support/pages.ts";
import { signedInAs } from "../support/staff.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../support/test-app.ts";
import { solidPng } from "../support/uploads.ts";

// Issue 33, item 4: categories and banners in the back office, through /api/admin and the /admin pages, and what the
// shop shows after each change on the same instance (the micro-cache and the category menu follow at once).
let app: TestApp;
let staff: Awaited<ReturnType<typeof signedInAs>>;
const PICTURE = "back-office-test-picture.webp";
const OTHER_PICTURE = "back-office-test-other.webp";
const LATER_PICTURE = "back-office-test-later.webp";

beforeAll(async () => {
  app = await createTestApp({ web: true });
  staff = await signedInAs(app, "staff");
  // Any bytes: the store checks names, the back office checks that the file is there.
  await app.imageStores.originals.put(PICTURE, new Uint8Array([1, 2, 3]));
  await app.imageStores.originals.put(OTHER_PICTURE, new Uint8Array([4, 5, 6]));
  await app.imageStores.originals.put(LATER_PICTURE, new Uint8Array([7, 8, 9]));
});
afterAll(async () => {
  await app?.close();
});

async function api(method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  const response = await app.server.inject({
    method,
    url: `/api/admin${url}`,
    headers: { authorization: `Bearer ${staff.sid}`, origin: TEST_PUBLIC_URL },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> & unknown[] };
}

const shop = async (url: string) => {
  const response = await app.server.inject({ method: "GET", url });
  return { body: response.body, cache: response.headers["x-cache"] };
};

const auditOf = (entityId: string) => app.services.backOffice.audit.list({ entityType: "category", entityId, limit: 50 });

describe("categories in the back office", () => {
  it("creates a category and a sub-category, renames, recolours and pictures them, each change audited", async () => {
    const created = await api("POST", "/categories", { name: "Garden Tools", color: "#22AA44", reason: "new range" });
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    const sub = await api("POST", "/categories", { name: "Spades", parentId: id });
    expect(sub.status).toBe(201);
    const nested = await api("POST", "/categories", { name: "Too deep", parentId: String(sub.body.id) });
    expect(nested.status).toBe(400);
    expect(nested.body.msg).toBe(catalogAdminMessages.parentNotTop);

    expect((await api("PUT", `/categories/${id}`, { name: "Garden", color: "red" })).status).toBe(400);
    const missing = await api("PUT", `/categories/${id}`, { name: "Garden", color: "#114422", image: "no-such-file.webp" });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe(catalogAdminMessages.pictureMissing("no-such-file.webp"));
    const renamed = await api("PUT", `/categories/${id}`, { name: "Garden", color: "#114422", image: PICTURE });
    expect(renamed.status).toBe(200);

    const [row] = await app.db.select().from(categories).where(eq(categories.id, id));
    expect(row).toMatchObject({ name: "Garden", color: "#114422", images: [PICTURE], parentId: null });
    const tree = (await api("GET", "/categories")).body as unknown as { id: string; children: { name: string }[] }[];
    expect(tree.find((top) => top.id === id)?.children.map((child) => child.name)).toEqual(["Spades"]);

    const events = await auditOf(id);
    expect(events.map((event) => event.action)).toEqual(["category.update", "category.create"]);
    expect(events[0]).toMatchObject({
      actorId: staff.user.id,
      before: { name: "Garden Tools", color: "#22aa44", images: [] },
      after: { name: "Garden", color: "#114422", images: [PICTURE] },
    });
    expect(events[1]?.reason).toBe("new range");
  });

  it("orders categories within their parent, by the page's up and down and by the API", async () => {
    const parent = await createTestCategory(app.db);
    const ids: string[] = [];
    for (const name of ["One", "Two", "Three"]) {
      ids.push(String((await api("POST", "/categories", { name, parentId: parent.id })).body.id));
    }
    const order = async () =>
      (await app.services.catalog.listCategories()).find((top) => top.id === parent.id)?.children.map((child) => child.name);
    expect(await order()).toEqual(["One", "Two", "Three"]);

    const moved = await requestPage(app, "POST", "/admin/categories", {
      sid: staff.sid,
      form: { intent: "move", id: ids[2] ?? "", direction: "up" },
    });
    expect(moved.status).toBe(200);
    expect(await order()).toEqual(["One", "Three", "Two"]);

    const reversed = [...ids].reverse();
    expect((await api("PUT", "/categories/order", { parentId: parent.id, ids: reversed })).status).toBe(200);
    expect(await order()).toEqual(["Three", "Two", "One"]);
    expect((await api("PUT", "/categories/order", { parentId: parent.id, ids: ids.slice(1) })).status).toBe(400);
  });

  it("refuses to delete a category while products name it, saying how many, and deletes it once they are moved", async () => {
    const from = await createTestCategory(app.db, { name: "Old Shelf" });
    const to = await createTestCategory(app.db, { name: "New Shelf" });
    const toSub = await createTestCategory(app.db, { name: "Lower Shelf", parentId: to.id });
    const made = [await createTestProduct(app.db, { catId: from.id }), await createTestProduct(app.db, { catId: from.id })];

    const refused = await api("DELETE", `/categories/${from.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(catalogAdminMessages.deleteHasProducts("Old Shelf", 2));
    const page = await requestPage(app, "POST", "/admin/categories", { sid: staff.sid, form: { intent: "delete", id: from.id } });
    expect(page.status).toBe(409);
    expect(page.html).toContain("Old Shelf still has 2 products");

    const movedAnswer = await api("POST", "/categories/move-products", { from: from.id, to: toSub.id, reason: "closing" });
    expect(movedAnswer).toEqual({ status: 200, body: { moved: 2 } });
    const rows = await app.db
      .select({ catId: products.catId, subCatId: products.subCatId, categoryNames: products.categoryNames })
      .from(products)
      .where(
        inArray(
          products.id,
          made.map((product) => product.id),
        ),
      );
    for (const row of rows) expect(row).toEqual({ catId: to.id, subCatId: toSub.id, categoryNames: "New Shelf Lower Shelf" });
    const counts = await app.db
      .select()
      .from(categoryCounts)
      .where(inArray(categoryCounts.categoryId, [from.id, to.id, toSub.id]));
    expect(Object.fromEntries(counts.map((count) => [count.categoryId, count.products]))).toEqual({
      [from.id]: 0,
      [to.id]: 2,
      [toSub.id]: 2,
    });

    const withChildren = await api("DELETE", `/categories/${to.id}`);
    expect(withChildren.status).toBe(409);
    expect(withChildren.body.msg).toBe(catalogAdminMessages.deleteHasChildren("New Shelf", 1));

    expect((await api("DELETE", `/categories/${from.id}?reason=empty`)).status).toBe(200);
    expect(await app.db.select().from(categories).where(eq(categories.id, from.id))).toEqual([]);
    const events = await auditOf(from.id);
    expect(events.map((event) => event.action)).toEqual(["category.delete", "category.move-products"]);
    expect(events[0]).toMatchObject({ before: { name: "Old Shelf" }, after: null, reason: "empty" });
  });

  it("shows a renamed category at once in the shop's menu, pages and API on this instance", async () => {
    const category = await createTestCategory(app.db, { name: "Kitchenware", position: -1 });
    await createTestProduct(app.db, { catId: category.id });
    const listing = `/products/category/${category.id}`;
    await shop("/api/category");
    expect((await shop("/api/category")).cache).toBe("HIT");
    await shop("/");
    const home = await shop("/");
    expect(home.cache).toBe("HIT");
    expect(home.body).toContain("Kitchenware");
    await shop(listing);

    expect((await api("PUT", `/categories/${category.id}`, { name: "Cookware", color: "#aa5500" })).status).toBe(200);

    const categoriesApi = await shop("/api/category");
    expect(categoriesApi.body).toContain("Cookware");
    expect(categoriesApi.body).not.toContain("Kitchenware");
    const homeAfter = await shop("/");
    expect(homeAfter.body).toContain("Cookware");
    expect(homeAfter.body).not.toContain("Kitchenware");
    expect((await shop(listing)).body).toContain("Cookware");
  });

  it("offers the picture library's pictures by their original names, and takes one", async () => {
    const actor = { id: staff.user.id, email: staff.user.email };
    const [picture] = await app.services.catalogPictures.upload(actor, [{ name: "lantern.png", data: await solidPng() }]);
    if (!picture) throw new Error("no picture uploaded");
    const page = await requestPage(app, "GET", "/admin/categories", { sid: staff.sid });
    expect(page.html).toContain(`<option value="${picture.fileName}">lantern.png</option>`);
    const created = await api("POST", "/categories", { name: "Lanterns", image: picture.fileName });
    expect(created.status).toBe(201);
    const [row] = await app.db
      .select()
      .from(categories)
      .where(eq(categories.id, String(created.body.id)));
    expect(row?.images).toEqual([picture.fileName]);
  });

  it("shows field errors beside their fields on the page, and saves nothing", async () => {
    const before = await app.db.select({ id: categories.id }).from(categories);
    const page = await requestPage(app, "POST", "/admin/categories", {
      sid: staff.sid,
      form: { intent: "create", name: "Ok name", color: "not-a-colour" },
    });
    expect(page.status).toBe(400);
    expect(page.html).toMatch(/aria-describedby="new-color-error"/);
    expect(page.html).toContain(`id="new-color-error"`);
    expect(page.html).toContain(catalogAdminMessages.colorInvalid);
    expect(await app.db.select({ id: categories.id }).from(categories)).toHaveLength(before.length);
  });
});

describe("banners in the back office", () => {
  const hour = 60 * 60_000;
  const at = (offset: number) => new Date(Date.now() + offset).toISOString();
  const carousel = async () => (await shop("/api/homeBanner")).body;

  it("creates, changes and deletes a banner, linked to a sub-category, audited", async () => {
    const top = await createTestCategory(app.db);
    const sub = await createTestCategory(app.db, { parentId: top.id });
    const created = await api("POST", "/banners", { kind: "side", image: PICTURE, alt: "Summer sale", link: sub.id });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: "side", image: PICTURE, catId: top.id, subCatId: sub.id, alt: "Summer sale" });
    const id = String(created.body.id);
    expect((await shop("/api/homeSideBanners")).body).toContain(id);

    const noPicture = await api("POST", "/banners", { kind: "side", image: "", alt: "x" });
    expect(noPicture.status).toBe(400);
    const backwards = await api("PUT", `/banners/${id}`, {
      kind: "side",
      image: PICTURE,
      startsAt: at(2 * hour),
      endsAt: at(hour),
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.msg).toContain(catalogAdminMessages.windowBackwards);

    const changed = await api("PUT", `/banners/${id}`, { kind: "bottom", image: OTHER_PICTURE, alt: "Autumn", link: top.id });
    expect(changed.body).toMatchObject({ kind: "bottom", image: OTHER_PICTURE, catId: top.id, subCatId: null });
    expect((await shop("/api/homeSideBanners")).body).not.toContain(id);
    expect((await shop("/api/homeBottomBanners")).body).toContain(id);

    expect((await api("DELETE", `/banners/${id}`)).status).toBe(200);
    expect(await app.db.select().from(banners).where(eq(banners.id, id))).toEqual([]);
    const events = await app.services.backOffice.audit.list({ entityType: "banner", entityId: id, limit: 10 });
    expect(events.map((event) => event.action)).toEqual(["banner.delete", "banner.update", "banner.create"]);
    expect(events[1]).toMatchObject({ before: { kind: "side", alt: "Summer sale" }, after: { kind: "bottom", alt: "Autumn" } });
  });

  it("shows a banner on the home page and in the API only inside its window", async () => {
    const later = await api("POST", "/banners", { kind: "home", image: LATER_PICTURE, alt: "Later", startsAt: at(hour) });
    const now = await api("POST", "/banners", {
      kind: "home",
      image: OTHER_PICTURE,
      alt: "Now",
      startsAt: at(-hour),
      endsAt: at(hour),
    });
    const over = await api("POST", "/banners", { kind: "home", image: LATER_PICTURE, alt: "Over", endsAt: at(-1000) });
    const ids = [later, now, over].map((answer) => String(answer.body.id));
    const api1 = await carousel();
    expect(api1).toContain(ids[1]);
    expect(api1).not.toContain(ids[0]);
    expect(api1).not.toContain(ids[2]);
    const home = (await shop("/")).body;
    expect(home).toContain(OTHER_PICTURE);
    expect(home).not.toContain(LATER_PICTURE);

    // The window starts without anyone editing: once it has begun, the next answer (past the TTL) shows it.
    await app.db
      .update(banners)
      .set({ startsAt: new Date(Date.now() - 1000) })
      .where(eq(banners.id, ids[0] ?? ""));
    await new Promise((resolve) => setTimeout(resolve, app.config.API_CACHE_TTL_MS + 50));
    expect(await carousel()).toContain(ids[0]);
    for (const id of ids) await api("DELETE", `/banners/${id}`);
  });

  it("orders the banners of a kind, by the page's up and down and by the API", async () => {
    const made: string[] = [];
    for (const alt of ["A", "B"])
      made.push(String((await api("POST", "/banners", { kind: "row", image: PICTURE, alt })).body.id));
    const order = async () => {
      const list = JSON.parse((await shop("/api/banners")).body) as { id: string }[];
      return list.map((banner) => banner.id).filter((id) => made.includes(id));
    };
    expect(await order()).toEqual(made);
    const page = await requestPage(app, "POST", "/admin/banners", {
      sid: staff.sid,
      form: { intent: "move", id: made[1] ?? "", direction: "up" },
    });
    expect(page.status).toBe(200);
    expect(await order()).toEqual([made[1], made[0]]);

    const all = ((await api("GET", "/banners")).body as unknown as { id: string; kind: string }[])
      .filter((banner) => banner.kind === "row")
      .map((banner) => banner.id);
    const rest = all.filter((id) => !made.includes(id));
    expect((await api("PUT", "/banners/order", { kind: "row", ids: [...made, ...rest] })).status).toBe(200);
    expect(await order()).toEqual(made);
  });

  it("takes a window on the page on the shop's clock, and shows field errors beside their fields", async () => {
    const bad = await requestPage(app, "POST", "/admin/banners", {
      sid: staff.sid,
      form: { intent: "create", kind: "home", image: PICTURE, startsAt: "2031-01-02T10:00", endsAt: "2031-01-01T10:00" },
    });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain(`id="create-endsAt-error"`);
    expect(bad.html).toContain(catalogAdminMessages.windowBackwards);

    const good = await requestPage(app, "POST", "/admin/banners", {
      sid: staff.sid,
      form: { intent: "create", kind: "home", image: PICTURE, alt: "New year", startsAt: "2031-01-01T10:00", endsAt: "" },
    });
    expect(good.status).toBe(200);
    const [row] = await app.db.select().from(banners).where(eq(banners.alt, "New year"));
    expect(row?.startsAt?.toISOString()).toBe("2031-01-01T04:30:00.000Z");
    expect(row?.endsAt).toBeNull();
    const listed = await requestPage(app, "GET", "/admin/banners", { sid: staff.sid });
    expect(listed.html).toContain("from 01 Jan 2031, 10:00");
  });
});
