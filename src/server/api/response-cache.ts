import type { FastifyInstance } from "fastify";

/**
 * Micro-caching of public GET answers: the serialized JSON of a 200 answer is kept for `ttlMs`, keyed by the request's
 * path and query, and served as is to the next requests for the same URL. The catalogue is read far more often than it
 * changes; a second of staleness for a product list is invisible to shoppers, while prices and stock that matter are
 * read from the database again at the cart and at checkout (never from here). Another instance's cache is at most
 * `ttlMs` behind; in this process, whatever changes the catalogue calls `clear()`.
 */
export interface ResponseCache {
  get(key: string): string | undefined;
  set(key: string, body: string): void;
  clear(): void;
  readonly size: number;
}

export function createResponseCache({
  ttlMs,
  maxEntries = 5000,
  now = Date.now,
}: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}): ResponseCache {
  const entries = new Map<string, { body: string; expires: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.body;
    },
    set(key, body) {
      if (ttlMs <= 0) return;
      entries.delete(key);
      // Oldest first (a Map keeps insertion order): a full cache forgets the entry written longest ago.
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { body, expires: now() + ttlMs });
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * Serves the GET routes of `app` (an encapsulated plugin) through `cache`: a hit is answered before validation and
 * handler; a 200 JSON answer is stored as serialized. The hooks run before @fastify/compress's route hooks, so the
 * stored body is the plain JSON and a hit is still compressed for clients that ask. `X-Cache` says which it was.
 */
export function serveThroughCache(app: FastifyInstance, cache: ResponseCache) {
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const body = cache.get(request.url);
    if (body === undefined) return;
    reply.header("x-cache", "HIT").type("application/json; charset=utf-8");
    return reply.send(body);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" || reply.getHeader("x-cache") === "HIT") return payload;
    reply.header("x-cache", "MISS");
    if (reply.statusCode === 200 && typeof payload === "string") cache.set(request.url, payload);
    return payload;
  });
}
