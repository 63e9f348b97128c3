import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app.ts";

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

describe("control characters in text", () => {
  it.each([
    "/api/search?q=a%00b",
    "/api/products/catName?catName=a%00b",
    "/api/products?catName=a%01b",
    "/api/products/getProducts?location=In%00dia",
  ])("refuses %s with 400 naming the parameter", async (url) => {
    const response = await app.server.inject({ method: "GET", url });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/(q|catName|location) must not contain control characters/);
  });

  it("answers the search page for text with a NUL byte with 400, not 500", async () => {
    const response = await app.server.inject({ method: "GET", url: "/search?q=a%00b" });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toMatch(/at .*\.ts|node_modules/);
  });

  it("refuses a NUL byte in a sign-up name with the field's message", async () => {
    const response = await app.server.inject({
      method: "POST",
      url: "/api/user/signup",
      payload: { name: "As\u0000ha", email: "nul@example.com", phone: "9876543210", password: "correct horse battery" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe("Name must not contain control characters");
  });
});
