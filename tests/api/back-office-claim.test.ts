import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { ownerClaims } from "#db/schema/back-office.ts";
import { backOfficeMessages } from "#shared/back-office-messages.ts";
import { createTestUser } from "../support/builders.ts";
import { requestPage } from "../support/pages.ts";
import { signedInAs } from "../support/staff.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// Issue 33, 1: while the shop has no owner, a one-time link (printed at start) makes a signed-in, verified account
// the owner; an unknown, used or expired link is an unknown page, and the demo data has no staff at all.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ web: true });
});
afterAll(async () => {
  await app?.close();
});

describe("the owner's one-time link", () => {
  it("starts from a shop with no staff account at all, demo data included", async () => {
    expect(await app.db.select().from(users).where(eq(users.role, "owner"))).toEqual([]);
    expect(await app.services.accounts.staffMembers()).toEqual([]);
  });

  it("sends a visitor to sign in and back, then makes a verified account the owner, once", async () => {
    const token = await app.services.backOffice.claims.issueIfOwnerless();
    expect(token).toMatch(/^[\w-]{43}$/);
    const [stored] = await app.db.select().from(ownerClaims);
    expect(stored?.tokenHash).not.toContain(token);
    const url = `/admin/claim/${token}`;

    const visitor = await requestPage(app, "GET", url);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe(`/signIn?redirectTo=${encodeURIComponent(url)}`);
    expect((await requestPage(app, "GET", "/admin/claim/not-the-token-but-long-enough-to-look-right")).status).toBe(404);

    const unverified = await signedInAs(app, null);
    await app.db.update(users).set({ isVerified: false }).where(eq(users.id, unverified.user.id));
    const shopper = await signedInAs(app, null);
    const shown = await requestPage(app, "GET", url, { sid: shopper.sid });
    expect(shown.status).toBe(200);
    expect(shown.html).toContain(backOfficeMessages.claimButton);
    expect(shown.headers["cache-control"]).toBe("private, no-store");

    const claimed = await requestPage(app, "POST", url, { sid: shopper.sid, form: {} });
    expect(claimed.status).toBe(303);
    expect(claimed.location).toBe("/admin");
    expect((await app.db.select().from(users).where(eq(users.id, shopper.user.id)))[0]?.role).toBe("owner");
    expect((await requestPage(app, "GET", "/admin", { sid: shopper.sid })).status).toBe(200);

    // Used: the link is an unknown page now, for anyone, and no new link is issued while the shop has an owner.
    const other = await signedInAs(app, null);
    expect((await requestPage(app, "GET", url, { sid: other.sid })).status).toBe(404);
    expect((await requestPage(app, "POST", url, { sid: other.sid, form: {} })).status).toBe(404);
    expect(await app.services.backOffice.claims.issueIfOwnerless()).toBeNull();
  });

  it("refuses an account whose e-mail is not verified", async () => {
    const unverified = await createTestUser(app.db, { isVerified: false });
    const account = await app.services.accounts.getProfile(unverified.id);
    await expect(app.services.backOffice.claims.redeem("x".repeat(43), account)).rejects.toThrow(
      backOfficeMessages.claimNeedsVerified,
    );
  });
});
