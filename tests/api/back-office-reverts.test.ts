import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { banners, categories } from "#db/schema/catalog.ts";
import { catalogAdminMessages, productAdminMessages } from "#shared/back-office-messages.ts";
import { createTestCategory } from "../support/builders.ts";
import { requestPage } from "../support/pages.ts";
import { signedInAs } from "../support/staff.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../support/test-app.ts";

// Issue 33, item 7: a category's or a banner's change reverts from its audit event (API and the owner's log), and a
// revert that would overwrite a later change of the same fields says so and asks first.
let app: TestApp;
let owner: Awaited<ReturnType<typeof signedInAs>>;
const PICTURE = "revert-test-picture.webp";

beforeAll(async () => {
  app = await createTestApp({ web: true });
  owner = await signedInAs(app, "owner");
  await app.imageStores.originals.put(PICTURE, new Uint8Array([1, 2, 3]));
});
afterAll(async () => {
  await app?.close();
});

async function api(method: "GET" | "POST" | "PUT", url: string, payload?: object) {
  const response = await app.server.inject({
    method,
    url: `/api/admin${url}`,
    headers: { authorization: `Bearer ${owner.sid}`, origin: TEST_PUBLIC_URL },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

const eventsOf = (entityType: string, entityId: string) =>
  app.services.backOffice.audit.list({ entityType, entityId, limit: 20 });

describe("reverting categories and banners", () => {
  it("puts a category's name back, asks before overwriting a later rename, and records the revert", async () => {
    const { id } = await createTestCategory(app.db, { name: "Kitchen", color: "#112233" });
    expect((await api("PUT", `/categories/${id}`, { name: "Cookware", color: "#112233" })).status).toBe(200);
    const [rename] = await eventsOf("category", id);
    expect((await api("PUT", `/categories/${id}`, { name: "Pots", color: "#445566" })).status).toBe(200);

    const refused = await api("POST", `/categories/${id}/history/${rename?.id}/revert`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain("category.update");
    const [unchanged] = await app.db.select().from(categories).where(eq(categories.id, id));
    expect(unchanged?.name).toBe("Pots");

    const confirmed = await api("POST", `/categories/${id}/history/${rename?.id}/revert`, { confirm: true, reason: "typo" });
    expect(confirmed.status).toBe(200);
    const [row] = await app.db.select().from(categories).where(eq(categories.id, id));
    // Only what the event changed comes back: the later colour stays.
    expect(row).toMatchObject({ name: "Kitchen", color: "#445566" });
    const [revert] = await eventsOf("category", id);
    expect(revert).toMatchObject({ action: "category.revert", revertOf: rename?.id, reason: "typo", actorId: owner.user.id });

    const again = await api("POST", `/categories/${id}/history/${rename?.id}/revert`, { confirm: true });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(catalogAdminMessages.revertNothing);
  });

  it("refuses an event of another entity, a creation, and an unknown event, changing nothing", async () => {
    const one = await createTestCategory(app.db, { name: "One" });
    const two = await createTestCategory(app.db, { name: "Two" });
    await api("PUT", `/categories/${one.id}`, { name: "Uno", color: "#000000" });
    const [event] = await eventsOf("category", one.id);
    const other = await api("POST", `/categories/${two.id}/history/${event?.id}/revert`, {});
    expect(other.status).toBe(400);
    expect(other.body.msg).toBe(catalogAdminMessages.revertOtherEntry);

    const created = await api("POST", "/categories", { name: "Fresh", color: "#abcdef" });
    const [creation] = await eventsOf("category", String(created.body.id));
    const creationRevert = await api("POST", `/categories/${created.body.id}/history/${creation?.id}/revert`, {});
    expect(creationRevert.status).toBe(404);
    expect(creationRevert.body.msg).toBe(productAdminMessages.revertNotPossible);

    const unknown = await api("POST", `/categories/${one.id}/history/${crypto.randomUUID()}/revert`, {});
    expect(unknown.status).toBe(404);
    const [row] = await app.db.select().from(categories).where(eq(categories.id, one.id));
    expect(row?.name).toBe("Uno");
  });

  it("puts a banner back into its kind, picture text and link", async () => {
    const top = await createTestCategory(app.db);
    const created = await api("POST", "/banners", { kind: "side", image: PICTURE, alt: "Summer", link: top.id });
    const id = String(created.body.id);
    await api("PUT", `/banners/${id}`, { kind: "bottom", image: PICTURE, alt: "Autumn", link: null });
    const [change] = await eventsOf("banner", id);
    const reverted = await api("POST", `/banners/${id}/history/${change?.id}/revert`, {});
    expect(reverted.status).toBe(200);
    expect(reverted.body).toMatchObject({ kind: "side", alt: "Summer", catId: top.id });
    const [row] = await app.db.select().from(banners).where(eq(banners.id, id));
    expect(row).toMatchObject({ kind: "side", alt: "Summer", catId: top.id });
    expect((await app.server.inject({ method: "GET", url: "/api/homeSideBanners" })).body).toContain(id);
  });

  it("reverts from the owner's audit log page, naming later changes first", async () => {
    const { id } = await createTestCategory(app.db, { name: "Garden", color: "#00aa00" });
    await api("PUT", `/categories/${id}`, { name: "Yard", color: "#00aa00" });
    const [first] = await eventsOf("category", id);
    await api("PUT", `/categories/${id}`, { name: "Lawn", color: "#00aa00" });

    const log = await requestPage(app, "GET", `/admin/audit?entityType=category&entityId=${id}`, { sid: owner.sid });
    expect(log.status).toBe(200);
    expect(log.html).toContain(`name="eventId" value="${first?.id}"`);

    const asked = await requestPage(app, "POST", "/admin/audit", { sid: owner.sid, form: { eventId: String(first?.id) } });
    expect(asked.status).toBe(409);
    expect(asked.html).toContain("Revert anyway");
    const confirmed = await requestPage(app, "POST", "/admin/audit", {
      sid: owner.sid,
      form: { eventId: String(first?.id), confirm: "1" },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain(productAdminMessages.reverted);
    const [row] = await app.db.select().from(categories).where(eq(categories.id, id));
    expect(row?.name).toBe("Garden");
  });
});
