import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
let imageBytes: Buffer;
beforeAll(async () => {
  app = await createTestApp({ env: { CORS_ORIGINS: "https://client.example" } });
  imageBytes = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#ff5252" } })
    .webp()
    .toBuffer();
  await mkdir(app.config.paths.images, { recursive: true });
  await writeFile(path.join(app.config.paths.images, "p-test-1.webp"), imageBytes);
  const banner = await sharp({ create: { width: 1600, height: 600, channels: 3, background: "#2e7d32" } })
    .webp()
    .toBuffer();
  await writeFile(path.join(app.config.paths.images, "b-test-wide.webp"), banner);
});
afterAll(async () => {
  await app?.close();
});

const inject = (url: string, headers: Record<string, string> = {}, method: "GET" | "OPTIONS" | "POST" = "GET") =>
  app.server.inject({ method, url, headers });

describe("health", () => {
  it("answers /healthz while the process is up and /readyz while the database answers", async () => {
    expect((await inject("/healthz")).json()).toEqual({ status: "ok" });
    const ready = await inject("/readyz");
    expect(ready.statusCode).toBe(200);
    expect(ready.json().database).toBe(process.env.TEST_DB === "postgres" ? "postgres" : "pglite");
  });
});

describe("API fallbacks", () => {
  it("answers unknown /api paths with a JSON 404, not the web app's page", async () => {
    const response = await inject("/api/nope?x=1");
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(response.json()).toEqual({ error: true, msg: "No API route GET /api/nope" });
  });

  it("serves a browsable page of the same description at /api/docs/ui, its scripts from the shop itself", async () => {
    const page = await inject("/api/docs/ui/");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/https?:/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).not.toMatch(/^(https?:)?\/\//);
      const script = await inject(new URL(src, "http://shop.test/api/docs/ui/").pathname);
      expect(script.statusCode, src).toBe(200);
    }
    const spec = await inject("/api/docs/ui/json");
    expect(Object.keys(spec.json().paths)).toEqual(Object.keys((await inject("/api/docs")).json().paths));
    expect(Object.keys(spec.json().paths)).toEqual(expect.arrayContaining(["/api/admin/staff", "/api/admin/me"]));
  });

  it("serves the OpenAPI description at /api/docs with every catalogue path", async () => {
    const response = await inject("/api/docs");
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/products",
        "/api/products/getProducts",
        "/api/products/featured",
        "/api/products/catId",
        "/api/products/catName",
        "/api/products/subCatId",
        "/api/products/fiterByPrice",
        "/api/products/rating",
        "/api/products/{id}",
        "/api/category",
        "/api/search",
        "/api/homeBanner",
        "/api/banners",
        "/api/homeSideBanners",
        "/api/homeBottomBanners",
      ]),
    );
  });

  it("refuses a body larger than the limit with 413 and the error shape", async () => {
    const response = await app.server.inject({
      method: "POST",
      url: "/api/nope",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ x: "y".repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: true, msg: "The request body is too large." });
  });

  it("refuses malformed JSON with a 400, not a 500", async () => {
    const response = await app.server.inject({
      method: "POST",
      url: "/api/nope",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: true, msg: "The request body is not valid JSON." });
  });
});

describe("security headers, compression and CORS", () => {
  it("sends strict security headers with JSON answers, their own set (no helmet run per request)", async () => {
    for (const url of ["/api/category", "/api/no-such-endpoint"]) {
      const response = await inject(url);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["x-frame-options"]).toBe("DENY");
      expect(response.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    }
  });

  it("compresses JSON for clients that accept it", async () => {
    const gzip = await inject("/api/products/getProducts?perPage=50", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const brotli = await inject("/api/products/getProducts?perPage=50", { "accept-encoding": "br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    const plain = await inject("/api/products/getProducts?perPage=50");
    expect(plain.headers["content-encoding"]).toBeUndefined();
  });

  it("lets configured origins call the API with an Authorization header, and no others", async () => {
    const allowed = await inject(
      "/api/category",
      {
        origin: "https://client.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization",
      },
      "OPTIONS",
    );
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers["access-control-allow-origin"]).toBe("https://client.example");
    expect(String(allowed.headers["access-control-allow-headers"]).toLowerCase()).toContain("authorization");
    const other = await inject("/api/category", { origin: "https://evil.example" });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("GET /download/{file}", () => {
  it("serves a stored image with its type, long immutable caching and an ETag", async () => {
    const response = await inject("/download/p-test-1.webp");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(response.headers["cache-control"]).toContain("immutable");
    expect(response.headers["cache-control"]).toContain("max-age=31536000");
    expect(response.rawPayload.equals(imageBytes)).toBe(true);
    const etag = String(response.headers.etag);
    expect(etag).not.toBe("undefined");
    const again = await inject("/download/p-test-1.webp", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(etag);
    const since = await inject("/download/p-test-1.webp", { "if-modified-since": String(response.headers["last-modified"]) });
    expect(since.statusCode).toBe(304);
    expect((await inject("/download/p-test-1.webp", { "if-none-match": '"other"' })).statusCode).toBe(200);
  });

  it("sends a narrower copy for ?w=, made once and cached like the original", async () => {
    const response = await inject("/download/b-test-wide.webp?w=480");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(response.headers["cache-control"]).toContain("immutable");
    const { width, height } = await sharp(response.rawPayload).metadata();
    expect([width, height]).toEqual([480, 180]);
    // Made once: the second answer is the stored copy, byte for byte.
    const again = await inject("/download/b-test-wide.webp?w=480");
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
    expect(await sharp(path.join(app.config.paths.imageVariants, "480", "b-test-wide.webp")).metadata()).toMatchObject({
      width: 480,
    });
  });

  it("never enlarges a picture narrower than the width asked for", async () => {
    const response = await inject("/download/p-test-1.webp?w=160");
    expect(response.statusCode).toBe(200);
    expect((await sharp(response.rawPayload).metadata()).width).toBe(4);
  });

  it.each(["w=100", "w=abc", "w=-1", "w=1600.5"])("refuses the width in ?%s with the widths it accepts", async (query) => {
    const response = await inject(`/download/b-test-wide.webp?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: true, msg: "Image width must be one of 160, 320, 480, 640, 960, 1280, 1600" });
  });

  it("answers 404 for a copy of a picture that does not exist, and makes nothing", async () => {
    const response = await inject("/download/p-missing.webp?w=320");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: true, msg: "File not found" });
  });

  it("answers 404 for a file that does not exist", async () => {
    const response = await inject("/download/p-missing.webp");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: true, msg: "File not found" });
  });

  it.each([
    "/download/..%2F..%2Fpackage.json",
    "/download/%2E%2E%2Fpglite.lock",
    "/download/..%5Cpackage.json",
    "/download/%2Fetc%2Fpasswd",
    "/download/.hidden",
    "/download/../package.json",
    "/download/images%2F..%2F..%2Fpackage.json",
  ])("refuses the path traversal %s", async (url) => {
    const response = await inject(url);
    expect([400, 404]).toContain(response.statusCode);
    expect(response.body).not.toContain("storefront");
  });
});
