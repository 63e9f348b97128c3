import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemoCatalog } from "#db/seed/demo-catalog.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// The web adapter through the same app: the home page is rendered on the server from the services (load context).
const demo = buildDemoCatalog();
const newest = [...demo.products].sort((a, b) => Number(b.createdAt) - Number(a.createdAt))[0];

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ web: true });
});
afterAll(async () => {
  await app?.close();
});

describe("server-rendered pages", () => {
  it("renders the home page with the newest products, compressed, with a CSP nonce on its scripts", async () => {
    const response = await app.server.inject({ method: "GET", url: "/", headers: { "accept-encoding": "gzip" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.headers["content-encoding"]).toBe("gzip");
    const html = (await import("node:zlib")).gunzipSync(response.rawPayload).toString("utf8");
    expect(html).toContain(`/product/${newest?.id}`);
    const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]))?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`nonce="${nonce}"`);
  });

  it("answers an unknown page with the web app's 404 page", async () => {
    const response = await app.server.inject({ method: "GET", url: "/no-such-page" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("Page not found");
  });
});
