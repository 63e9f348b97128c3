// A database outage as a shop answers it, for the outage tests of each database (outage.*.test.ts).
import { gunzipSync } from "node:zlib";
import { expect, vi } from "vitest";
import { GOOD_PASSWORD, uniqueEmail } from "./accounts.ts";
import type { TestApp } from "./test-app.ts";

/** The catalogue and pages while the database does not answer, then again once it does (no restart in between). */
export async function expectOutageAnswers(shop: TestApp, session: string) {
  const unique = Math.floor(Math.random() * 1e9);
  const api = await shop.server.inject({ method: "GET", url: `/api/products?page=1&perPage=7&unique=${unique}` });
  expect(api.statusCode).toBe(503);
  expect(api.headers["retry-after"]).toBe("5");
  expect(api.json()).toEqual({ error: true, msg: "The shop is busy, try again shortly." });
  const signIn = await shop.server.inject({
    method: "POST",
    url: "/api/user/signin",
    payload: { email: uniqueEmail(), password: GOOD_PASSWORD },
  });
  expect(signIn.statusCode).toBe(503);
  for (const [url, cookies] of [
    ["/", {}],
    [`/search?q=laptop${unique}`, {}],
    ["/my-account", { sid: session }],
  ] as const) {
    const page = await shop.server.inject({ method: "GET", url, cookies, headers: { accept: "text/html" } });
    expect([url, page.statusCode]).toEqual([url, 503]);
    expect(page.headers["retry-after"]).toBe("5");
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("The shop is busy, try again shortly");
  }
  // Compression still applies to the busy page (it replaces the failed page before compression runs).
  const compressed = await shop.server.inject({
    method: "GET",
    url: "/",
    headers: { accept: "text/html", "accept-encoding": "gzip" },
  });
  expect(compressed.statusCode).toBe(503);
  if (compressed.headers["content-encoding"] === "gzip") {
    expect(gunzipSync(compressed.rawPayload).toString("utf8")).toContain("The shop is busy");
  } else {
    expect(compressed.body).toContain("The shop is busy");
  }
  const ready = await shop.server.inject({ method: "GET", url: "/readyz" });
  expect(ready.statusCode).toBe(503);
}

/** console.error while the database is away: React Router logs the loaders' errors. Kept, and checked to be those. */
export function collectConsoleErrors() {
  const logged: unknown[][] = [];
  vi.mocked(console.error).mockImplementation((...args: unknown[]) => void logged.push(args));
  return () => {
    for (const args of logged) expect(String(args[0])).toMatch(/connect|terminat|closed|Failed query/i);
  };
}
