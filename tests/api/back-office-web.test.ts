import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "#db/schema/accounts.ts";
import { auditEvents } from "#db/schema/back-office.ts";
import { backOfficeMessages } from "#shared/back-office-messages.ts";
import { GOOD_PASSWORD } from "../support/accounts.ts";
import { createTestUser } from "../support/builders.ts";
import { requestPage } from "../support/pages.ts";
import { everyone, signedInAs, type Who } from "../support/staff.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// Issue 33, 1 and 2: roles, the /admin pages' guard (an unknown page for anyone without a role), the back office's
// own idle clock, re-authentication, and the owner's one-time link.
let app: TestApp;
let who: Record<Who, string | undefined>;
beforeAll(async () => {
  app = await createTestApp({ web: true });
  who = await everyone(app);
});
afterAll(async () => {
  await app?.close();
});

const page = (url: string, sid?: string) => requestPage(app, "GET", url, { sid });

describe("the /admin pages", () => {
  it("are the shop's 404 page for a visitor and a shopper, the same as an unknown page", async () => {
    const unknown = await page("/no-such-page-at-all");
    expect(unknown.status).toBe(404);
    for (const url of ["/admin", "/admin/audit", "/admin/staff", "/admin/confirm"]) {
      for (const sid of [who.visitor, who.shopper]) {
        const answer = await page(url, sid);
        expect(answer.status, `${url} as ${sid ? "shopper" : "visitor"}`).toBe(404);
        expect(answer.html).not.toMatch(/back office/i);
        expect(answer.html.match(/<h1[^>]*>.*?<\/h1>/)?.[0]).toBe(unknown.html.match(/<h1[^>]*>.*?<\/h1>/)?.[0]);
      }
    }
  });

  it("open for staff and owners, never stored, never indexed", async () => {
    for (const sid of [who.staff, who.owner]) {
      const answer = await page("/admin", sid);
      expect(answer.status).toBe(200);
      expect(answer.html).toContain("back office");
      expect(answer.headers["cache-control"]).toBe("private, no-store");
      expect(answer.headers["x-robots-tag"]).toBe("noindex, nofollow");
      expect(answer.html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    }
  });

  it("keeps the owner's pages from staff (403) and shows them to the owner", async () => {
    for (const url of ["/admin/audit", "/admin/staff"]) {
      expect((await page(url, who.staff)).status).toBe(403);
      expect((await page(url, who.owner)).status).toBe(200);
    }
    expect((await page("/admin", who.staff)).html).not.toContain('href="/admin/staff"');
    expect((await page("/admin", who.owner)).html).toContain('href="/admin/staff"');
  });
});

describe("an unknown product or import job", () => {
  it("is a 404 inside the back office's frame, with the way back", async () => {
    const product = await page(`/admin/products/${crypto.randomUUID()}`, who.owner);
    expect(product.status).toBe(404);
    expect(product.html).toContain("Product not found");
    expect(product.html).toContain('href="/admin/products"');
    const job = await page(`/admin/import/${crypto.randomUUID()}`, who.owner);
    expect(job.status).toBe(404);
    expect(job.html).toContain('href="/admin/import"');
  });
});

describe("the back office's clock", () => {
  it("asks for the password again after the idle time, and the password opens it again", async () => {
    const staff = await signedInAs(app, "staff");
    expect((await page("/admin", staff.sid)).status).toBe(200);
    const longAgo = new Date(Date.now() - 31 * 60_000);
    await app.db
      .update(sessions)
      .set({ backOfficeSeenAt: longAgo, passwordConfirmedAt: longAgo })
      .where(eq(sessions.id, staff.sessionId));
    const idle = await page("/admin/audit?x=1", staff.sid);
    expect(idle.status).toBe(302);
    expect(idle.location).toBe(`/admin/confirm?reason=idle&redirectTo=${encodeURIComponent("/admin/audit?x=1")}`);
    // The shop itself is not affected: only the back office idles out.
    expect((await page("/my-account", staff.sid)).status).toBe(200);
    const confirmPage = await page(idle.location ?? "", staff.sid);
    expect(confirmPage.html).toContain(backOfficeMessages.idleTimedOut);

    const wrong = await requestPage(app, "POST", idle.location ?? "", { sid: staff.sid, form: { password: "not it at all" } });
    expect(wrong.status).toBe(401);
    expect((await page("/admin", staff.sid)).status).toBe(302);
    const right = await requestPage(app, "POST", idle.location ?? "", { sid: staff.sid, form: { password: GOOD_PASSWORD } });
    expect(right.status).toBe(303);
    expect(right.location).toBe("/admin/audit?x=1");
    expect((await page("/admin", staff.sid)).status).toBe(200);
  });

  it("asks an owner for the password before a role change when it was given long ago, then lets it through", async () => {
    const owner = await signedInAs(app, "owner");
    const newcomer = await createTestUser(app.db);
    const twentyMinutesAgo = new Date(Date.now() - 20 * 60_000);
    await app.db
      .update(sessions)
      .set({ backOfficeSeenAt: new Date(), passwordConfirmedAt: twentyMinutesAgo })
      .where(eq(sessions.id, owner.sessionId));
    const form = { email: newcomer.email, role: "staff" };
    const asked = await requestPage(app, "POST", "/admin/staff", { sid: owner.sid, form });
    expect(asked.status).toBe(302);
    expect(asked.location).toMatch(/^\/admin\/confirm\?reason=reauth&/);
    expect((await app.db.select().from(users).where(eq(users.id, newcomer.id)))[0]?.role).toBeNull();

    await requestPage(app, "POST", asked.location ?? "", { sid: owner.sid, form: { password: GOOD_PASSWORD } });
    const granted = await requestPage(app, "POST", "/admin/staff", { sid: owner.sid, form: { ...form, reason: "new hire" } });
    expect(granted.status).toBe(200);
    expect((await app.db.select().from(users).where(eq(users.id, newcomer.id)))[0]?.role).toBe("staff");
    const [event] = await app.db.select().from(auditEvents).where(eq(auditEvents.entityId, newcomer.id));
    expect(event).toMatchObject({ action: "staff.grant", actorId: owner.user.id, reason: "new hire" });
  });

  it("ends a person's back office at once when the role is taken away", async () => {
    const staff = await signedInAs(app, "staff");
    expect((await page("/admin", staff.sid)).status).toBe(200);
    await app.services.backOffice.setRole({ id: null, email: "test" }, staff.user.email, null);
    expect((await page("/admin", staff.sid)).status).toBe(404);
    // Given back, the role does not bring the old back-office session with it: the password is asked first.
    await app.services.backOffice.setRole({ id: null, email: "test" }, staff.user.email, "staff");
    expect((await page("/admin", staff.sid)).status).toBe(302);
  });

  it("refuses to leave the shop without an owner", async () => {
    const owners = await app.db.select().from(users).where(eq(users.role, "owner"));
    for (const owner of owners.slice(1)) await app.services.backOffice.setRole({ id: null, email: "t" }, owner.email, null);
    const [last] = owners;
    await expect(app.services.backOffice.setRole({ id: null, email: "t" }, last?.email ?? "", "staff")).rejects.toThrow(
      backOfficeMessages.lastOwner,
    );
  });
});

describe("the audit trail", () => {
  it("cannot be rewritten or deleted, even by the shop's own database user", async () => {
    const [event] = await app.db.select().from(auditEvents).limit(1);
    expect(event).toBeDefined();
    await expect(
      app.db
        .update(auditEvents)
        .set({ reason: "rewritten" })
        .where(eq(auditEvents.id, event?.id ?? "")),
    ).rejects.toThrow();
    await expect(app.db.delete(auditEvents).where(eq(auditEvents.id, event?.id ?? ""))).rejects.toThrow();
  });
});
