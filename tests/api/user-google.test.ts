import { eq } from "drizzle-orm";
import { generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { type AccountsTestApp, createAccountsTestApp, uniqueEmail } from "../support/accounts.ts";
import { type OidcIssuer, startOidcIssuer } from "../support/oidc-issuer.ts";

// Google sign-in (spec §7 authWithGoogle) against a local OpenID issuer that signs real ID tokens.
let issuer: OidcIssuer;
let t: AccountsTestApp;
let unconfigured: AccountsTestApp;
beforeAll(async () => {
  issuer = await startOidcIssuer();
  t = await createAccountsTestApp({ GOOGLE_CLIENT_ID: issuer.clientId, GOOGLE_ISSUER: issuer.issuer });
  unconfigured = await createAccountsTestApp();
});
afterAll(async () => {
  await t?.close();
  await unconfigured?.close();
  await issuer?.close();
});

const google = (app: AccountsTestApp, payload: Record<string, unknown>) =>
  app.call({ method: "POST", url: "/api/user/authWithGoogle", payload });

describe("POST /api/user/authWithGoogle", () => {
  it("creates a verified account from a valid ID token and signs it in", async () => {
    const email = uniqueEmail("google");
    const credential = await issuer.sign({ sub: `g-${email}`, email, name: "Grace Hopper" });
    const response = await google(t, { credential });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ error: false, msg: "User authentication Successfully!" });
    expect(response.body.user).toMatchObject({ email, name: "Grace Hopper" });
    const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ isVerified: true, googleSub: `g-${email}`, passwordHash: null, role: null });
    const again = await google(t, { idToken: await issuer.sign({ sub: `g-${email}`, email }) });
    expect((again.body.user as { id: string }).id).toBe(row?.id);
  });

  it("links to the existing verified account with that e-mail, keeping its password", async () => {
    const me = await t.signUpVerified();
    const response = await google(t, { credential: await issuer.sign({ sub: `g-${me.email}`, email: me.email }) });
    expect((response.body.user as { id: string }).id).toBe(me.userId);
    expect((await t.signIn(me.email)).status).toBe(200);
  });

  it("drops the unproven password of an unverified account it links to (pre-registration by someone else)", async () => {
    const { email } = await t.signUp();
    const response = await google(t, { credential: await issuer.sign({ sub: `g-${email}`, email }) });
    expect(response.status).toBe(200);
    expect((await t.signIn(email)).status).toBe(401);
  });

  it.each([
    ["name and e-mail without a token", async () => ({ name: "Eve", email: "victim@example.com", password: null, images: [] })],
    [
      "a token signed by another key",
      async () => ({
        credential: await issuer.sign({ email: "victim@example.com" }, { key: (await generateKeyPair("RS256")).privateKey }),
      }),
    ],
    [
      "an expired token",
      async () => ({
        credential: await issuer.sign(
          { email: "victim@example.com" },
          { expiresIn: Math.floor(Date.now() / 1000) - 120, issuedAt: Math.floor(Date.now() / 1000) - 3720 },
        ),
      }),
    ],
    [
      "a token for another client",
      async () => ({ credential: await issuer.sign({ email: "victim@example.com", aud: "someone-else" }) }),
    ],
    [
      "a token from another issuer",
      async () => ({ credential: await issuer.sign({ email: "victim@example.com", iss: "https://evil.example" }) }),
    ],
    [
      "a token whose e-mail is not verified",
      async () => ({ credential: await issuer.sign({ email: "victim@example.com", email_verified: false }) }),
    ],
    ["garbage", async () => ({ credential: "not.a.jwt" })],
  ])("refuses %s with 401", async (_label, body) => {
    const response = await google(t, await body());
    expect(response.status).toBe(401);
    expect(response.body.error).toBe(true);
    expect(response.body).not.toHaveProperty("token");
    const [row] = await t.app.db.select().from(users).where(eq(users.email, "victim@example.com"));
    expect(row).toBeUndefined();
  });

  it("answers 503 with a clear message when Google sign-in is not configured", async () => {
    const response = await google(unconfigured, { credential: await issuer.sign({ email: uniqueEmail() }) });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: true, msg: "Google sign-in is not configured on this shop." });
    const withoutToken = await google(unconfigured, {});
    expect(withoutToken.status).toBe(503);
    expect(withoutToken.body.msg).toBe("Google sign-in is not configured on this shop.");
  });

  it("allows Google's origin in the page's CSP only when configured", async () => {
    const configured = await t.app.server.inject({ method: "GET", url: "/healthz" });
    const plain = await unconfigured.app.server.inject({ method: "GET", url: "/healthz" });
    expect(String(configured.headers["content-security-policy"])).toContain("frame-src https://accounts.google.com");
    expect(String(configured.headers["content-security-policy"])).toMatch(/script-src 'self' https:\/\/accounts\.google\.com/);
    expect(String(plain.headers["content-security-policy"])).not.toContain("accounts.google.com");
  });
});
