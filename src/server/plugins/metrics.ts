import { createHash, timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { PoolUse } from "#db/client.ts";
import { pageRouteLabels, pathOf } from "../page-routes.ts";

export interface MetricsOptions {
  token: string | undefined;
  allow: readonly string[];
  /** The PostgreSQL pool's use; undefined on PGlite (no pool). */
  poolUse: (() => PoolUse) | undefined;
  /** Counted at each scrape, one cheap query each (partial indexes). */
  countAwaitingPayment: () => Promise<number>;
  countUnsentEmails: () => Promise<number>;
}

const PATH = "/metrics";
/** A count that has not answered by then is reported as NaN: a scrape never waits on a database that is down. */
const COUNT_TIMEOUT_MS = 1000;

/**
 * For METRICS_TOKEN or a METRICS_ALLOW address; anyone else, a wrong token too, gets the 404 of any unknown path, so the
 * endpoint is not advertised. One registry per app (tests build many). Requests are labelled by route pattern, never raw
 * URL, so label values stay bounded (pages: page-routes.ts; no route matched: `(none)`).
 */
export const metricsPlugin = fp(
  async function metricsPlugin(app: FastifyInstance, options: MetricsOptions) {
    if (!options.token && options.allow.length === 0) return;
    const authorized = authorizer(options);
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const duration = new Histogram({
      name: "storefront_http_request_duration_seconds",
      help: "Time from the request's arrival to the end of its answer, by method, route pattern and status",
      labelNames: ["method", "route", "status_code"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const cache = new Counter({
      name: "storefront_api_cache_requests_total",
      help: "Catalogue GET answers by micro-cache result (X-Cache: hit or miss; decision 009)",
      labelNames: ["result"] as const,
      registers: [registry],
    });
    // Both series exist from the first scrape, so a rate over them is defined before the first hit.
    cache.inc({ result: "hit" }, 0);
    cache.inc({ result: "miss" }, 0);

    const { poolUse } = options;
    if (poolUse) {
      const poolGauge = (name: string, help: string, read: (use: PoolUse) => number) =>
        new Gauge({
          name,
          help,
          registers: [registry],
          collect() {
            this.set(read(poolUse()));
          },
        });
      poolGauge("storefront_db_pool_connections", "PostgreSQL connections open in this instance's pool", (use) => use.total);
      poolGauge("storefront_db_pool_idle_connections", "Open PostgreSQL connections not in use", (use) => use.idle);
      poolGauge("storefront_db_pool_waiting_queries", "Queries waiting for a free connection", (use) => use.waiting);
    }
    const countGauge = (name: string, help: string, count: () => Promise<number>) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          try {
            this.set(await withTimeout(count(), COUNT_TIMEOUT_MS));
          } catch (error) {
            app.log.warn({ err: error, metric: name }, "a metric could not be counted; reported as NaN");
            this.set(Number.NaN);
          }
        },
      });
    countGauge(
      "storefront_orders_awaiting_payment",
      "Orders waiting for their payment (stock held)",
      options.countAwaitingPayment,
    );
    countGauge(
      "storefront_outbox_unsent_emails",
      "Order e-mails written and not sent yet, including those given up on after repeated failures",
      options.countUnsentEmails,
    );

    const scrapes = new WeakSet<FastifyRequest>();
    // Answered before routing, so a request that is not let in reaches the router exactly like any unknown path.
    app.addHook("onRequest", async (request, reply) => {
      if (request.method !== "GET" || pathOf(request.url) !== PATH || !authorized(request)) return;
      scrapes.add(request);
      const body = await registry.metrics();
      return reply.header("cache-control", "no-store").type(registry.contentType).send(body);
    });
    app.addHook("onResponse", async (request, reply) => {
      if (scrapes.has(request)) return;
      duration.observe(
        {
          method: request.method,
          route: pageRouteLabels.get(request) ?? request.routeOptions.url ?? "(none)",
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      const cached = reply.getHeader("x-cache");
      if (cached === "HIT") cache.inc({ result: "hit" });
      else if (cached === "MISS") cache.inc({ result: "miss" });
    });
  },
  { name: "metrics" },
);

/** The bearer token, compared in constant time (hashes of equal length), or an allowed address. */
function authorizer({ token, allow }: Pick<MetricsOptions, "token" | "allow">) {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  const expected = token ? digest(`Bearer ${token}`) : undefined;
  const allowed = addressMatcher(allow);
  return (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (expected && header !== undefined && timingSafeEqual(digest(header), expected)) return true;
    return allowed(request.ip);
  };
}

/** proxy-addr's range names, as TRUST_PROXY accepts them (src/server/config/schema.ts). */
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

export function addressMatcher(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    for (const range of NAMED_RANGES[entry] ?? [entry]) {
      const [address = "", bits] = range.split("/");
      const type = isIP(address) === 6 ? "ipv6" : "ipv4";
      if (bits === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(bits), type);
    }
  }
  return (address) => {
    // A dual-stack socket reports IPv4 peers as ::ffff:a.b.c.d; ranges are written as plain IPv4.
    const plain = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 6 ? "ipv6" : "ipv4");
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
