import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "#db/schema/accounts.ts";
import { backOfficeMessages } from "#shared/back-office-messages.ts";
import { type AccountsTestApp, createAccountsTestApp, uniqueEmail } from "../support/accounts.ts";
import { type OidcIssuer, startOidcIssuer } from "../support/oidc-issuer.ts";
import { requestPage } from "../support/pages.ts";

// Issue 33, item 2: staff who sign in with Google have no password to give again; a fresh ID token of the same Google
// account confirms instead, on the page and through the API (the local issuer signs real tokens).
let issuer: OidcIssuer;
let t: AccountsTestApp;
beforeAll(async () => {
  issuer = await startOidcIssuer();
  t = await createAccountsTestApp({ GOOGLE_CLIENT_ID: issuer.clientId, GOOGLE_ISSUER: issuer.issuer }, true);
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

/** A Google-only account with the staff role, signed in through Google, its back office idle. */
async function googleStaff() {
  const email = uniqueEmail("google-staff");
  const subject = `g-${email}`;
  const signedIn = await t.call({
    method: "POST",
    url: "/api/user/authWithGoogle",
    payload: { credential: await issuer.sign({ sub: subject, email }) },
  });
  const user = signedIn.body.user as { id: string };
  await t.app.db.update(users).set({ role: "staff" }).where(eq(users.id, user.id));
  await t.app.db.update(sessions).set({ backOfficeSeenAt: null, passwordConfirmedAt: null }).where(eq(sessions.userId, user.id));
  return { email, subject, userId: user.id, token: signedIn.body.token as string };
}

const confirmedAt = async (userId: string) =>
  (await t.app.db.select({ at: sessions.passwordConfirmedAt }).from(sessions).where(eq(sessions.userId, userId)))[0]?.at;

describe("confirming with Google instead of a password", () => {
  it("takes a fresh token of the same Google account on the API, and restarts the clock", async () => {
    const staff = await googleStaff();
    const confirm = (payload: object) =>
      t.call({ method: "POST", url: "/api/admin/session/confirm", token: staff.token, payload });

    const noPassword = await confirm({ password: "anything at all" });
    expect(noPassword.status).toBe(403);
    expect(noPassword.body.msg).toBe(backOfficeMessages.noPasswordToConfirm);

    const other = await confirm({ credential: await issuer.sign({ sub: "someone-else", email: staff.email }) });
    expect(other.status).toBe(401);
    expect(other.body.msg).toBe(backOfficeMessages.googleNotThisAccount);

    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const stale = await confirm({
      credential: await issuer.sign({ sub: staff.subject, email: staff.email }, { issuedAt: tenMinutesAgo }),
    });
    expect(stale.status).toBe(401);
    expect(stale.body.msg).toBe(backOfficeMessages.googleTokenStale);
    expect(await confirmedAt(staff.userId)).toBeNull();

    const fresh = await confirm({ credential: await issuer.sign({ sub: staff.subject, email: staff.email }) });
    expect(fresh.status).toBe(200);
    expect(await confirmedAt(staff.userId)).toBeInstanceOf(Date);
  });

  it("offers Google on the confirm page and goes on to the page asked for", async () => {
    const staff = await googleStaff();
    const page = await requestPage(t.app, "GET", "/admin/confirm?reason=idle&redirectTo=%2Fadmin%2Fproducts", {
      sid: staff.token,
    });
    expect(page.status).toBe(200);
    expect(page.html).toContain('name="intent" value="google"');

    const confirmed = await requestPage(t.app, "POST", "/admin/confirm?reason=idle&redirectTo=%2Fadmin%2Fproducts", {
      sid: staff.token,
      form: { intent: "google", credential: await issuer.sign({ sub: staff.subject, email: staff.email }) },
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.location).toBe("/admin/products");
    expect(await confirmedAt(staff.userId)).toBeInstanceOf(Date);
  });
});
