import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemoCatalog } from "#db/seed/demo-catalog.ts";
import { GOOD_PASSWORD, uniqueIp } from "../support/accounts.ts";
import { createTestUser } from "../support/builders.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../support/test-app.ts";

// Anonymous pages a CDN can keep (docs/decisions/019-cacheable-pages.md): the same bytes for every visitor without the
// shop's cookies, a CSP by hash instead of a nonce, a strong ETag with 304s, and shared-cache headers only there.
const demo = buildDemoCatalog();
const product = demo.products[0];
const category = demo.categories.find((row) => !row.parentId);

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await createTestApp({ web: true });
  const user = await createTestUser(app.db, { password: GOOD_PASSWORD });
  const signIn = await app.server.inject({
    method: "POST",
    url: "/api/user/signin",
    payload: { email: user.email, password: GOOD_PASSWORD },
  });
  token = signIn.json().token;
});
afterAll(async () => {
  await app?.close();
});

const host = new URL(TEST_PUBLIC_URL).host;
const visit = (url: string, options: { cookies?: Record<string, string>; headers?: Record<string, string> } = {}) =>
  app.server.inject({
    method: "GET",
    url,
    remoteAddress: uniqueIp(),
    headers: { host, "user-agent": `visitor ${Math.random()}`, ...options.headers },
    cookies: options.cookies ?? {},
  });

const pages = () => ["/", `/product/${product?.id}`, `/products/category/${category?.id}`, "/search?q=laptop"];

describe("anonymous pages", () => {
  it("have every part written in its place, none hidden after the shell for a script to move", async () => {
    const html = (await visit(`/product/${product?.id}`)).body;
    const related = html.indexOf('aria-labelledby="related-heading"');
    expect(related).toBeGreaterThan(0);
    expect(related).toBeLessThan(html.indexOf("<footer"));
    for (const url of pages()) expect((await visit(url)).body, url).not.toMatch(/<div hidden id="S:|\$RC\(/);
  });

  it("are byte-identical for two visitors, with the same strong ETag and shared-cache headers", async () => {
    for (const url of pages()) {
      // Two renders, not one render and a micro-cache hit.
      app.catalogCache.clear();
      const first = await visit(url);
      app.catalogCache.clear();
      const second = await visit(url);
      expect(second.headers["x-cache"], url).toBe("MISS");
      expect(first.statusCode, url).toBe(200);
      expect(first.rawPayload.equals(second.rawPayload), url).toBe(true);
      expect(first.headers.etag, url).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(second.headers.etag, url).toBe(first.headers.etag);
      expect(first.headers["cache-control"], url).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
      expect(String(first.headers.vary), url).toMatch(/cookie/i);
      expect(first.headers["set-cookie"], url).toBeUndefined();
    }
  });

  it("carry no nonce: the CSP lists the SHA-256 of exactly the page's inline scripts", async () => {
    const response = await visit(`/product/${product?.id}`);
    const policy = String(response.headers["content-security-policy"]);
    expect(policy).not.toContain("'nonce-");
    expect(response.body).not.toMatch(/nonce=/);
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1]?.split(" ") ?? [];
    const inline = [...response.body.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inline.length).toBeGreaterThan(1);
    for (const [, code] of inline) {
      expect(scriptSrc).toContain(
        `'sha256-${createHash("sha256")
          .update(code ?? "")
          .digest("base64")}'`,
      );
    }
    // Nothing else is allowed inline: one hash per distinct script, plus 'self'.
    expect(scriptSrc.filter((source) => source.startsWith("'sha256-")).length).toBe(new Set(inline.map((m) => m[1])).size);
  });

  it("answer a revalidation with the same ETag with a 304 and no body, compressed or not", async () => {
    const url = `/products/category/${category?.id}`;
    const plain = await visit(url);
    const revalidated = await visit(url, { headers: { "if-none-match": String(plain.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");
    const gzipped = await visit(url, { headers: { "accept-encoding": "gzip" } });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    // The coding joins the tag, so a cache never mistakes the gzip bytes for the plain ones...
    expect(gzipped.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-gzip"`);
    // ...and revalidating with it still matches.
    const again = await visit(url, { headers: { "if-none-match": String(gzipped.headers.etag), "accept-encoding": "gzip" } });
    expect(again.statusCode).toBe(304);
    const stale = await visit(url, { headers: { "if-none-match": '"something-else"' } });
    expect(stale.statusCode).toBe(200);
  });

  it("keep the shop's other anonymous pages out of shared caches", async () => {
    for (const url of ["/cart", "/signIn", "/no-such-page"]) {
      const response = await visit(url);
      expect(String(response.headers["cache-control"]), url).toMatch(/^private/);
    }
  });
});

describe("the page micro-cache (API_CACHE_TTL_MS)", () => {
  it("answers the next anonymous visitor of a public page from memory, byte for byte, and 304s from there too", async () => {
    const url = `/product/${demo.products[1]?.id}`;
    const first = await visit(url);
    const second = await visit(url);
    expect(first.headers["x-cache"]).toBe("MISS");
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    for (const name of ["etag", "content-security-policy", "cache-control", "content-type"]) {
      expect(second.headers[name], name).toBe(first.headers[name]);
    }
    const revalidated = await visit(url, { headers: { "if-none-match": String(first.headers.etag) } });
    expect(revalidated.headers["x-cache"]).toBe("HIT");
    expect(revalidated.statusCode).toBe(304);
  });

  it("renders a page once for visitors who ask for it at the same time, the others waiting for that render", async () => {
    const url = `/product/${demo.products[3]?.id}`;
    app.catalogCache.clear();
    const answers = await Promise.all(Array.from({ length: 6 }, () => visit(url)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect(answers.filter((answer) => answer.headers["x-cache"] === "MISS")).toHaveLength(1);
    expect(answers.every((answer) => answer.rawPayload.equals(answers[0]?.rawPayload ?? Buffer.alloc(0)))).toBe(true);
    // A page that is not kept (private for visitors too) is rendered for each of them, with nothing to wait for.
    const carts = await Promise.all(Array.from({ length: 3 }, () => visit("/cart")));
    expect(carts.map((answer) => [answer.statusCode, answer.headers["x-cache"]])).toEqual(Array(3).fill([200, undefined]));
  });

  it("never serves a kept page to a signed-in shopper, and forgets a product's page when the product changes", async () => {
    const target = demo.products[2];
    const url = `/product/${target?.id}`;
    await visit(url);
    const signedIn = await visit(url, { cookies: { sid: token } });
    expect(signedIn.headers["x-cache"]).toBeUndefined();
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    await app.services.catalog.setStock(String(target?.id), 0);
    const after = await visit(url);
    expect(after.headers["x-cache"]).toBe("MISS");
  });
});

describe("pages for a visitor with the shop's cookies", () => {
  it("are never marked public when signed in, and carry a nonce", async () => {
    for (const url of pages()) {
      const response = await visit(url, { cookies: { sid: token } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe("private, no-store");
      expect(String(response.headers.vary), url).toMatch(/cookie/i);
      const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]))?.[1];
      expect(nonce, url).toBeTruthy();
      expect(response.body, url).toContain(`nonce="${nonce}"`);
    }
  });

  it("stream every part that is ready in its place, none hidden after the shell for a script to move", async () => {
    // Signed in, so streamed (entry.server.tsx), not rendered whole.
    const page = await visit(`/product/${product?.id}`, { cookies: { sid: token } });
    expect(page.headers["cache-control"]).toBe("private, no-store");
    const html = page.body;
    const related = html.indexOf('aria-labelledby="related-heading"');
    expect(related).toBeGreaterThan(0);
    expect(related).toBeLessThan(html.indexOf("<footer"));
    for (const url of pages()) {
      expect((await visit(url, { cookies: { sid: token } })).body, url).not.toMatch(/<div hidden id="S:|\$RC\(/);
    }
  });

  it("are private, without an ETag, with a delivery location or a guest cart", async () => {
    const url = `/products/category/${category?.id}`;
    const located = await visit(url, { cookies: { location: "India" } });
    expect(located.headers["cache-control"]).toBe("private, no-cache");
    expect(located.headers.etag).toBeUndefined();
    const guest = await visit(url, { cookies: { guest_cart: "A".repeat(43) } });
    expect(guest.headers["cache-control"]).toBe("private, no-cache");
    expect(guest.headers.etag).toBeUndefined();
  });
});
