import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestGuards } from "#server/plugins/request-guards.ts";
import { uploadMessages } from "#shared/messages.ts";
import { createAccountsTestApp, GOOD_PASSWORD, uniqueEmail, uniqueIp } from "../support/accounts.ts";
import { createTestProduct, createTestUser } from "../support/builders.ts";
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
  it.each(["x y", "shop.test/evil", "a..b", `${"a".repeat(70)}.test`, "[zz]", "99999999999999999999999999999", "shop.999"])(
    "refuses Host %j with 400",
    async (host) => {
      for (const url of ["/", "/api/category"]) {
        const response = await app.server.inject({ method: "GET", url, headers: { host } });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().msg).toMatch(/Host/);
      }
    },
  );

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

  it.each(["gzip", "deflate", "br", "x-unknown"])(
    "refuses Content-Encoding: %s with no body with 415, on a page form and the API alike",
    async (encoding) => {
      for (const [url, type] of [
        ["/signIn", "application/x-www-form-urlencoded"],
        ["/cart", "application/x-www-form-urlencoded"],
        ["/api/user/signin", "application/json"],
      ]) {
        for (const payload of [undefined, ""]) {
          const response = await app.server.inject({
            method: "POST",
            url,
            headers: { "content-type": type, "content-encoding": encoding, origin: TEST_PUBLIC_URL },
            ...(payload === undefined ? {} : { payload }),
          });
          expect([url, response.statusCode]).toEqual([url, 415]);
          expect(response.json().msg).toMatch(/uncompressed/);
        }
      }
    },
  );

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

describe("malformed ids in the path of a route that reads its own body", () => {
  it.each(["'", "undefined", "-1", "%00", "1e309", "g1a21e8a-28c3-7692-9bf7-46164cce68ce"])(
    "answers PUT /api/cart/%s with a valid body 400, as GET and DELETE do, and the cart stays as it was",
    async (id) => {
      const user = await createTestUser(app.db, { password: GOOD_PASSWORD });
      const signIn = await app.server.inject({
        method: "POST",
        url: "/api/user/signin",
        payload: { email: user.email, password: GOOD_PASSWORD },
      });
      const headers = { authorization: `Bearer ${signIn.json().token}` };
      const product = await createTestProduct(app.db);
      const added = await app.server.inject({
        method: "POST",
        url: "/api/cart/add",
        headers,
        payload: { productId: product.id, quantity: 1 },
      });
      expect(added.statusCode).toBe(201);
      const before = (await app.server.inject({ method: "GET", url: "/api/cart", headers })).json();
      const answers = [];
      for (const method of ["GET", "PUT", "DELETE"] as const) {
        const payload = method === "PUT" ? { quantity: 2, productId: product.id } : undefined;
        const response = await app.server.inject({ method, url: `/api/cart/${id}`, headers, payload });
        answers.push([method, response.statusCode, response.json()]);
      }
      const refused = { error: true, msg: "id is not a valid id" };
      expect(answers).toEqual([
        ["GET", 400, refused],
        ["PUT", 400, refused],
        ["DELETE", 400, refused],
      ]);
      expect((await app.server.inject({ method: "GET", url: "/api/cart", headers })).json()).toEqual(before);
    },
  );

  it("refuses to start a route that reads its own body and declares a query schema (a failed body would leave it unchecked)", async () => {
    const server = fastify();
    await server.register(requestGuards);
    const declare = async () => {
      server.post("/x", { attachValidation: true, schema: { querystring: { type: "object" } } }, async () => ({}));
      await server.ready();
    };
    await expect(declare()).rejects.toThrow(/attachValidation/);
    await server.close();
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

describe("multipart bodies the parser cannot read", () => {
  it.each([
    ["no boundary", "multipart/form-data", '--x\r\nContent-Disposition: form-data; name="images"\r\n\r\nabc\r\n--x--\r\n'],
    ["an empty boundary", "multipart/form-data; boundary=", "--\r\n"],
    [
      "a body cut short",
      "multipart/form-data; boundary=x",
      '--x\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\nab',
    ],
  ])("answers an upload with %s 400, not 500", async (_what, contentType, payload) => {
    const user = await createTestUser(app.db, { password: GOOD_PASSWORD });
    const signIn = await app.server.inject({
      method: "POST",
      url: "/api/user/signin",
      payload: { email: user.email, password: GOOD_PASSWORD },
    });
    const response = await app.server.inject({
      method: "POST",
      url: "/api/user/upload",
      headers: { authorization: `Bearer ${signIn.json().token}`, "content-type": contentType },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: true,
      msg: uploadMessages.malformed,
    });
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
