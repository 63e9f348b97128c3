import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsTestApp, GOOD_PASSWORD, uniqueEmail, uniqueIp } from "../support/accounts.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../support/test-app.ts";

// The HTTP edge: what any client can send must get a 4xx it can act on, never a 500.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ web: true });
});
afterAll(async () => {
  await app?.close();
});

describe("methods no route serves", () => {
  it.each(["TRACE", "CONNECT", "PROPFIND"])("answers %s with 405 and Allow, on pages and the API alike", async (method) => {
    for (const url of ["/", "/products/category/x", "/api/category", "/download/x.webp"]) {
      const response = await app.server.inject({ method: method as "GET", url });
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
      expect(response.json().msg).toContain(method);
    }
  });
});

describe("Host headers", () => {
  it.each(["x y", "shop.test/evil", "a..b", `${"a".repeat(70)}.test`, "[zz]"])("refuses Host %j with 400", async (host) => {
    for (const url of ["/", "/api/category"]) {
      const response = await app.server.inject({ method: "GET", url, headers: { host } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().msg).toMatch(/Host/);
    }
  });

  it.each(["shop.test", "shop.test:8080", "127.0.0.1:3000", "[::1]:3000", "localhost"])("serves Host %j", async (host) => {
    const response = await app.server.inject({ method: "GET", url: "/healthz", headers: { host } });
    expect(response.statusCode).toBe(200);
  });

  it("ignores X-Forwarded-Host and -Proto from a client when no proxy is trusted", async () => {
    const response = await app.server.inject({
      method: "GET",
      url: "/robots.txt",
      headers: { "x-forwarded-host": "x y", "x-forwarded-proto": "gopher" },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("compressed request bodies", () => {
  it("refuses a gzip-encoded body with 415 instead of inflating it", async () => {
    const response = await app.server.inject({
      method: "POST",
      url: "/api/user/signin",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      payload: gzipSync(JSON.stringify({ email: "a@example.com", password: "whatever it is" })),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().msg).toMatch(/uncompressed/);
  });

  it("accepts Content-Encoding: identity", async () => {
    const response = await app.server.inject({
      method: "POST",
      url: "/api/user/signin",
      headers: { "content-type": "application/json", "content-encoding": "identity" },
      payload: JSON.stringify({ email: "nobody@example.com", password: "whatever it is" }),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("abuse-limit keys from client input", () => {
  it("counts a 3,000-character X-Forwarded-For from a trusted proxy like any address, on every limited route", async () => {
    const behindProxy = await createAccountsTestApp({ TRUST_PROXY: "10.0.0.0/8" }, true);
    try {
      const proxy = uniqueIp();
      // Random, so the database cannot compress it under its index's limit (about 2,700 bytes).
      const forwarded = randomBytes(2250).toString("base64url");
      const from = (extra: Record<string, string> = {}) => ({ ip: proxy, headers: { "x-forwarded-for": forwarded, ...extra } });
      const email = uniqueEmail();
      const api = [
        ["/api/user/signin", { email, password: "not the password" }, 401],
        ["/api/user/verifyemail", { email, otp: "123456" }, 400],
        ["/api/user/verifyAccount/resendOtp", { email: uniqueEmail() }, 200],
        ["/api/user/forgotPassword", { email: uniqueEmail() }, 200],
      ] as const;
      for (const [url, payload, status] of api) {
        const response = await behindProxy.call({ method: "POST", url, payload, ...from() });
        expect([url, response.status]).toEqual([url, status]);
      }
      const page = await behindProxy.call({
        method: "POST",
        url: "/signIn",
        payload: new URLSearchParams({ email, password: "not the password" }).toString(),
        ...from({
          "content-type": "application/x-www-form-urlencoded",
          host: new URL(TEST_PUBLIC_URL).host,
          origin: TEST_PUBLIC_URL,
        }),
      });
      expect(page.status).toBe(401);
      // The long address is still one network: its sign-up limit (10) counts and stops it.
      const signUps: number[] = [];
      for (let i = 0; i < 11; i++) {
        const payload = { name: "Asha Rao", email: uniqueEmail(), phone: "9876543210", password: GOOD_PASSWORD };
        signUps.push((await behindProxy.call({ method: "POST", url: "/api/user/signup", payload, ...from() })).status);
      }
      expect(signUps).toEqual([...Array(10).fill(200), 429]);
    } finally {
      await behindProxy.close();
    }
  });
});
