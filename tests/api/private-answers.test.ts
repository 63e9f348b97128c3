import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOOD_PASSWORD, uniqueIp } from "../support/accounts.ts";
import { createTestUser } from "../support/builders.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../support/test-app.ts";

// Answers holding personal data or a secret are never cached (src/server/plugins/private-answers.ts): one rule for the
// API, one for pages, rather than a header per route.
let app: TestApp;
let token: string;
let userId: string;
beforeAll(async () => {
  app = await createTestApp({ web: true });
  const user = await createTestUser(app.db, { password: GOOD_PASSWORD });
  userId = user.id;
  token = (await signIn(user.email)).json().token;
});
afterAll(async () => {
  await app?.close();
});

function signIn(email: string) {
  return app.server.inject({ method: "POST", url: "/api/user/signin", payload: { email, password: GOOD_PASSWORD } });
}

const host = new URL(TEST_PUBLIC_URL).host;
const get = (url: string, credentials: { bearer?: string; cookie?: string } = {}) =>
  app.server.inject({
    method: "GET",
    url,
    remoteAddress: uniqueIp(),
    headers: { host, ...(credentials.bearer ? { authorization: `Bearer ${credentials.bearer}` } : {}) },
    cookies: credentials.cookie ? { sid: credentials.cookie } : {},
  });

describe("the API", () => {
  it("says no-store on the sign-in answer, which carries the token and sets the session cookie", async () => {
    const user = await createTestUser(app.db, { password: GOOD_PASSWORD });
    const response = await signIn(user.email);
    expect(response.statusCode).toBe(200);
    expect(response.headers["set-cookie"]).toBeDefined();
    expect(response.headers["cache-control"]).toBe("private, no-store");
  });

  it.each([
    ["the profile", () => `/api/user/${userId}`],
    ["pending uploads", () => "/api/imageUpload"],
    ["a catalogue list", () => "/api/products?page=1&perPage=3"],
    ["an error", () => "/api/no-such-route"],
  ])("says no-store on %s asked with a bearer token or the session cookie", async (_what, url) => {
    for (const credentials of [{ bearer: token }, { cookie: token }]) {
      const response = await get(url(), credentials);
      expect(response.headers["cache-control"], JSON.stringify(credentials)).toBe("private, no-store");
    }
  });

  it("leaves anonymous catalogue answers cacheable", async () => {
    const list = await get("/api/products?page=1&perPage=3");
    expect(list.statusCode).toBe(200);
    expect(list.headers["cache-control"]).toBeUndefined();
    const countries = await get("/api/countries");
    expect(countries.headers["cache-control"]).toBe("public, max-age=86400");
  });
});

describe("pages", () => {
  it.each(["/", "/my-account", "/my-account.data", "/search?q=lamp"])(
    "says private, no-store on %s rendered for a signed-in shopper",
    async (url) => {
      const response = await get(url, { cookie: token });
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("private, no-store");
    },
  );

  it("says private, no-store on a page that sets a cookie, even for a visitor", async () => {
    const response = await app.server.inject({
      method: "POST",
      url: "/location",
      remoteAddress: uniqueIp(),
      headers: { host, origin: TEST_PUBLIC_URL, "content-type": "application/x-www-form-urlencoded" },
      payload: "location=India",
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers["set-cookie"]).toBeDefined();
    expect(response.headers["cache-control"]).toBe("private, no-store");
  });

  it("lets a CDN keep a visitor's home page, and the built files cacheable for a signed-in shopper", async () => {
    const home = await get("/");
    expect(home.statusCode).toBe(200);
    // Anonymous pages are shared (decision 019, tests/api/public-pages.test.ts).
    expect(String(home.headers["cache-control"])).toMatch(/^public, /);
    const script = /src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.js)"/.exec(home.body);
    const asset = script?.[1] ?? script?.[2];
    expect(asset).toBeTruthy();
    const file = await get(String(asset), { cookie: token });
    expect(file.statusCode).toBe(200);
    expect(file.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});
