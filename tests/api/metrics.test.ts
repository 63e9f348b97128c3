import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "#db/schema/orders.ts";
import { buildDemoCatalog } from "#db/seed/demo-catalog.ts";
import { createTestUser } from "../support/builders.ts";
import { insertTestOrder } from "../support/order-rows.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// GET /metrics (src/server/plugins/metrics.ts): off unless METRICS_TOKEN or METRICS_ALLOW says who may read it, and
// then indistinguishable from an unknown path for everyone else.
const TOKEN = "metrics-token-for-tests-0123456789";
const product = buildDemoCatalog().products[0];

let off: TestApp;
let withToken: TestApp;
let withAllowList: TestApp;
beforeAll(async () => {
  // Three apps in one process, two with metrics on: each has its own registry, so nothing collides.
  [off, withToken, withAllowList] = await Promise.all([
    // With the web app, as in production: an unknown path is the web app's 404 page.
    createTestApp({ web: true }),
    // With the web app too: its pages are labelled by their route pattern.
    createTestApp({ web: true, env: { METRICS_TOKEN: TOKEN } }),
    createTestApp({ env: { METRICS_ALLOW: "10.1.0.0/16, loopback", TRUST_PROXY: "loopback" } }),
  ]);
});
afterAll(async () => {
  await Promise.all([off?.close(), withToken?.close(), withAllowList?.close()]);
});

const get = (app: TestApp, url: string, options: { headers?: Record<string, string>; remoteAddress?: string } = {}) =>
  app.server.inject({ method: "GET", url, ...options });

/** What any unknown path answers, with the path's name and the page's per-request CSP nonces taken out. */
async function unknownPathAnswer(app: TestApp, url: string, options: Parameters<typeof get>[2] = {}) {
  const response = await get(app, url, options);
  const nonces = [...response.body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1] ?? "");
  let body = response.body.replaceAll(url, "");
  for (const nonce of nonces) body = body.replaceAll(nonce, "");
  return { status: response.statusCode, type: response.headers["content-type"], body };
}

describe("GET /metrics", () => {
  it("does not exist when neither METRICS_TOKEN nor METRICS_ALLOW is set: the 404 of any unknown path", async () => {
    const metrics = await unknownPathAnswer(off, "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics).toEqual(await unknownPathAnswer(off, "/no-such-path"));
    expect(metrics.status).toBe(404);
  });

  it("answers a missing or wrong token with the same 404 as an unknown path, not a 401 that would confirm it exists", async () => {
    const unknown = await unknownPathAnswer(withToken, "/no-such-path");
    expect(unknown.status).toBe(404);
    for (const authorization of [undefined, "Bearer wrong-token", `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
      expect(await unknownPathAnswer(withToken, "/metrics", { headers }), String(authorization)).toEqual(unknown);
    }
  });

  it("with the token, answers Prometheus text with request durations labelled by route pattern, never the raw URL", async () => {
    expect((await get(withToken, `/api/products/${product?.id}`)).statusCode).toBe(200);
    expect((await get(withToken, "/api/category")).headers["x-cache"]).toBe("MISS");
    expect((await get(withToken, "/api/category")).headers["x-cache"]).toBe("HIT");
    expect((await get(withToken, `/product/${product?.id}`)).statusCode).toBe(200);
    expect((await get(withToken, "/no/such/page")).statusCode).toBe(404);

    const response = await get(withToken, "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers["cache-control"]).toBe("no-store");
    const text = response.body;
    expect(text).toMatch(
      /^storefront_http_request_duration_seconds_count\{method="GET",route="\/api\/products\/:id",status_code="200"\} 1$/m,
    );
    expect(text).toMatch(
      /^storefront_http_request_duration_seconds_count\{method="GET",route="\/api\/category",status_code="200"\} 2$/m,
    );
    // A page by its React Router pattern, and a path no page takes by the catch-all's.
    expect(text).toMatch(
      /^storefront_http_request_duration_seconds_count\{method="GET",route="\/product\/:id",status_code="200"\} 1$/m,
    );
    expect(text).toMatch(
      /^storefront_http_request_duration_seconds_count\{method="GET",route="\*",status_code="404"\} [1-9]\d*$/m,
    );
    expect(text).not.toContain("/no/such/page");
    expect(text).not.toContain(String(product?.id));
    expect(text).toMatch(/^storefront_api_cache_requests_total\{result="hit"\} [1-9]\d*$/m);
    expect(text).toMatch(/^storefront_api_cache_requests_total\{result="miss"\} [1-9]\d*$/m);
    // Counted at scrape time from the database: nothing is waiting in a fresh shop.
    expect(text).toMatch(/^storefront_orders_awaiting_payment 0$/m);
    expect(text).toMatch(/^storefront_outbox_unsent_emails 0$/m);
    // Node's own: CPU, memory, event loop.
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    // The PostgreSQL pool exists only on PostgreSQL.
    if (process.env.TEST_DB === "postgres") {
      expect(text).toMatch(/^storefront_db_pool_connections [1-9]\d*$/m);
      expect(text).toMatch(/^storefront_db_pool_idle_connections \d+$/m);
      expect(text).toMatch(/^storefront_db_pool_waiting_queries 0$/m);
    } else {
      expect(text).not.toContain("storefront_db_pool_");
    }
  });

  it("counts orders awaiting payment and unsent e-mails again at each scrape", async () => {
    const scrape = async () => (await get(withToken, "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const value = (body: string, name: string) => Number(new RegExp(`^${name} (\\d+)$`, "m").exec(body)?.[1]);
    const user = await createTestUser(withToken.db);
    await insertTestOrder(withToken.db, { userId: user.id, productId: String(product?.id), status: "pending" });
    await insertTestOrder(withToken.db, { userId: user.id, productId: String(product?.id), status: "paid" });
    await withToken.db.insert(outbox).values({
      id: uuidv7(),
      kind: "order-confirmation",
      dedupeKey: `metrics-test:${uuidv7()}`,
      payload: {},
      // Claimed, so the periodic job leaves it waiting during the test.
      claimedUntil: new Date(Date.now() + 3_600_000),
    });
    const body = await scrape();
    expect(value(body, "storefront_orders_awaiting_payment")).toBe(1);
    expect(value(body, "storefront_outbox_unsent_emails")).toBe(1);
  });

  it("lets a METRICS_ALLOW address in without a token, and no other", async () => {
    const inside = await get(withAllowList, "/metrics", { remoteAddress: "10.1.2.3" });
    expect(inside.statusCode).toBe(200);
    expect(inside.body).toContain("storefront_http_request_duration_seconds");
    expect((await get(withAllowList, "/metrics", { remoteAddress: "::ffff:10.1.200.4" })).statusCode).toBe(200);

    const unknown = await unknownPathAnswer(withAllowList, "/no-such-path", { remoteAddress: "10.2.0.1" });
    expect(await unknownPathAnswer(withAllowList, "/metrics", { remoteAddress: "10.2.0.1" })).toEqual(unknown);
    expect((await get(withAllowList, "/metrics", { remoteAddress: "203.0.113.9" })).statusCode).toBe(404);
  });

  it("checks the client's address, not the trusted proxy's: an allowed load balancer does not open it to the internet", async () => {
    // The proxy (127.0.0.1) is in METRICS_ALLOW and trusted, so X-Forwarded-For names the client, who is not allowed.
    const throughProxy = await get(withAllowList, "/metrics", {
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(throughProxy.statusCode).toBe(404);
    expect((await get(withAllowList, "/metrics", { remoteAddress: "127.0.0.1" })).statusCode).toBe(200);
  });
});
