import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDIRECT_PATH_MAX } from "#shared/schemas/accounts.ts";
import { type AccountsTestApp, createAccountsTestApp, GOOD_PASSWORD } from "../support/accounts.ts";
import { createTestCategory } from "../support/builders.ts";
import { type OidcIssuer, startOidcIssuer } from "../support/oidc-issuer.ts";
import { requestPage } from "../support/pages.ts";
import { TEST_PUBLIC_URL } from "../support/test-app.ts";

// Issue 30 items 2 and 6: every redirect target taken from a request stays on the shop once a browser resolves it,
// and no answer's headers grow with the request (nginx and Node's client refuse headers past 8 and 16 kB).
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

/** Targets a browser would follow to evil.example if the shop sent them (or what they resolve to) as a Location. */
const OFF_SHOP = [
  "//evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/x/..//evil.example",
  "/x/%2e%2e//evil.example",
  "/%2F%2Fevil.example",
  "/\\evil.example",
  "/%5Cevil.example",
  "/.\\/evil.example",
  "/\t/evil.example",
  "/.//\nevil.example",
  "/%09/evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
];

/** A query of 12,000 characters, some of which encodeURIComponent makes three times longer. */
const LONG_QUERY = `q=${"%C3%A9/".repeat(2000)}`;

type Jar = Record<string, string>;

const page = async (method: "GET" | "POST", url: string, jar: Jar = {}, form?: Record<string, string>) =>
  (await requestPage(t.app, method, url, { cookies: jar, form })).response;

/** The Location a browser would follow, checked to stay on the shop; returned for more checks. */
function onShop(response: LightMyRequestResponse): string {
  expect([301, 302, 303]).toContain(response.statusCode);
  const location = String(response.headers.location);
  expect(location).toMatch(/^\/(?![/\\])/);
  expect(new URL(location, `${TEST_PUBLIC_URL}/signIn`).origin).toBe(TEST_PUBLIC_URL);
  return location;
}

/** The bytes of the status line and headers as Node writes them. */
function headerBytes(response: LightMyRequestResponse): number {
  let lines = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`;
  for (const [name, value] of Object.entries(response.headers)) {
    for (const one of Array.isArray(value) ? value : [value]) lines += `${name}: ${one}\r\n`;
  }
  return Buffer.byteLength(`${lines}\r\n`);
}

const HEADERS_MAX = 8 * 1024;

async function signedIn(): Promise<{ email: string; jar: Jar }> {
  const { email, token } = await t.signUpVerified();
  return { email, jar: { sid: token } };
}

describe("redirect targets taken from a request stay on the shop", () => {
  let shopper: { email: string; jar: Jar };
  beforeAll(async () => {
    shopper = await signedIn();
  });

  it.each(OFF_SHOP)("a signed-in GET /signIn?redirectTo=%j goes to the home page", async (target) => {
    const { jar } = shopper;
    const response = await page("GET", `/signIn?redirectTo=${encodeURIComponent(target)}`, jar);
    expect(response.statusCode).toBe(302);
    expect(onShop(response)).toBe("/");
  });

  it("a visitor's sign-in page carries only a checked target in its forms", async () => {
    const response = await page("GET", `/signIn?redirectTo=${encodeURIComponent("/.//evil.example")}`);
    expect(response.statusCode).toBe(200);
    // Both forms (password and Google) post the checked target; their action is the page's own URL, never read back.
    const values = [...response.body.matchAll(/name="redirectTo" value="([^"]*)"/g)].map((match) => match[1]);
    expect(values).toEqual(["/", "/"]);
  });

  it("a raw POST /signIn with each target signs in and goes to the home page", async () => {
    const { email } = shopper;
    for (const redirectTo of OFF_SHOP) {
      const response = await page("POST", "/signIn", {}, { intent: "sign-in", email, password: GOOD_PASSWORD, redirectTo });
      expect(response.statusCode, redirectTo).toBe(303);
      expect(onShop(response), redirectTo).toBe("/");
    }
  });

  it("the Google sign-in form (sign-in and sign-up pages) with each target goes to the home page", async () => {
    for (const [index, redirectTo] of OFF_SHOP.entries()) {
      const email = `google-redirect-${index}-${Date.now()}@example.com`;
      const credential = await issuer.sign({ sub: `g-${email}`, email, name: "Grace Hopper" });
      const path = index % 2 === 0 ? "/signIn" : "/signUp";
      const response = await page("POST", path, {}, { intent: "google", credential, redirectTo });
      expect(response.statusCode, `${path} ${redirectTo}`).toBe(303);
      expect(onShop(response), `${path} ${redirectTo}`).toBe("/");
    }
  });

  it("still returns a shopper to the page of ours they asked for, dot segments resolved", async () => {
    const { email, jar } = shopper;
    const back = await page("GET", `/signIn?redirectTo=${encodeURIComponent("/orders/../my-account?tab=password")}`, jar);
    expect(onShop(back)).toBe("/my-account?tab=password");
    const posted = await page("POST", "/signIn", {}, { email, password: GOOD_PASSWORD, redirectTo: "/./orders?page=2" });
    expect(onShop(posted)).toBe("/orders?page=2");
  });
});

describe("headers stay bounded whatever the request", () => {
  it("a visitor's GET /checkout with a 12,000-character query is sent to sign in with the path alone", async () => {
    const response = await page("GET", `/checkout?${LONG_QUERY}`);
    expect(response.statusCode).toBe(302);
    expect(onShop(response)).toBe("/signIn?redirectTo=%2Fcheckout");
    expect(headerBytes(response)).toBeLessThan(HEADERS_MAX);
  });

  it("keeps a short query in redirectTo", async () => {
    const response = await page("GET", "/orders?page=2");
    expect(onShop(response)).toBe("/signIn?redirectTo=%2Forders%3Fpage%3D2");
  });

  it("bounds the return path at its longest query, encoded again into redirectTo", async () => {
    const query = `q=${"/".repeat(REDIRECT_PATH_MAX - "/orders?q=".length)}`;
    const response = await page("GET", `/orders?${query}`);
    expect(onShop(response)).toBe(`/signIn?redirectTo=${encodeURIComponent(`/orders?${query}`)}`);
    expect(headerBytes(response)).toBeLessThan(HEADERS_MAX);
  });

  it("a signed-in shopper sent back with a long query lands on the path alone", async () => {
    const { email, jar } = await signedIn();
    const target = `/my-account?${LONG_QUERY}`;
    expect(onShop(await page("GET", `/signIn?redirectTo=${encodeURIComponent(target)}`, jar))).toBe("/my-account");
    const posted = await page("POST", "/signIn", {}, { email, password: GOOD_PASSWORD, redirectTo: target });
    expect(onShop(posted)).toBe("/my-account");
    expect(headerBytes(posted)).toBeLessThan(HEADERS_MAX);
  });

  it("a listing of the other kind redirects with its query only while it is short", async () => {
    const top = await createTestCategory(t.app.db);
    const short = await page("GET", `/products/subCat/${top.id}?page=2&view=one`);
    expect(short.statusCode).toBe(301);
    expect(onShop(short)).toBe(`/products/category/${top.id}?page=2&view=one`);
    const long = await page("GET", `/products/subCat/${top.id}?${LONG_QUERY}`);
    expect(long.statusCode).toBe(301);
    expect(onShop(long)).toBe(`/products/category/${top.id}`);
    expect(headerBytes(long)).toBeLessThan(HEADERS_MAX);
  });

  it("no page, data request or API answer to a 12,000-character query has 8 kB of headers", async () => {
    const { jar } = await signedIn();
    const top = await createTestCategory(t.app.db);
    const urls = [
      "/",
      "/checkout",
      "/checkout.data",
      "/my-account",
      "/orders",
      "/my-list",
      "/cart",
      "/search",
      "/signIn",
      `/signIn?redirectTo=${encodeURIComponent(`/checkout?${LONG_QUERY}`)}&x=`,
      `/products/subCat/${top.id}`,
      `/products/subCat/${top.id}.data`,
      "/no-such-page",
      "/api/products",
      "/api/no-such-route",
    ];
    for (const url of urls) {
      const withQuery = `${url}${url.includes("?") ? "&" : "?"}${LONG_QUERY}`;
      for (const cookies of [{}, jar]) {
        const response = await page("GET", withQuery, cookies);
        expect(response.statusCode, withQuery.slice(0, 80)).toBeLessThan(500);
        expect(headerBytes(response), withQuery.slice(0, 80)).toBeLessThan(HEADERS_MAX);
      }
    }
  });
});
