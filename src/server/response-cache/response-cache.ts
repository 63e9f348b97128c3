import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { pathOf } from "../page-routes.ts";

/**
 * Micro-caching of public GET answers (docs/decisions/009-catalogue-micro-cache.md): a 200's bytes kept for `ttlMs` by
 * path and query. A second of staleness is invisible in a list; the cart and checkout read prices and stock afresh.
 * Changed products are evicted here and, with Redis, in every other instance.
 */
export interface ResponseCache {
  /** The answer's bytes: kept encoded, so a hit costs no UTF-8 encoding of the body. */
  get(key: string): Buffer | undefined;
  /** The bytes with the headers kept beside them (pages: their CSP, ETag and caching headers). */
  entry(key: string): { body: Buffer; headers: Readonly<Record<string, string>> } | undefined;
  set(key: string, body: string | Buffer, headers?: Readonly<Record<string, string>>): void;
  evictPaths(paths: readonly string[]): void;
  clear(): void;
  /** Runs `listener` on every clear: what is kept beside the cache (the category menu) goes with it. */
  onClear(listener: () => void): void;
  readonly size: number;
  readonly bytes: number;
}

export function createResponseCache({
  ttlMs,
  maxEntries = 5000,
  maxBytes = 32 * 1024 * 1024,
  now = Date.now,
}: {
  ttlMs: number;
  maxEntries?: number;
  /** Bound on the bytes held, whatever URLs are asked (many distinct pages cannot grow the process without end). */
  maxBytes?: number;
  now?: () => number;
}): ResponseCache {
  const entries = new Map<string, { body: Buffer; headers: Readonly<Record<string, string>>; expires: number }>();
  let bytes = 0;
  const clearListeners: (() => void)[] = [];
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.length;
    entries.delete(key);
  };
  const live = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now()) {
      remove(key);
      return undefined;
    }
    return entry;
  };
  return {
    get(key) {
      return live(key)?.body;
    },
    entry(key) {
      return live(key);
    },
    set(key, text, headers = {}) {
      if (ttlMs <= 0) return;
      remove(key);
      const body = typeof text === "string" ? Buffer.from(text, "utf8") : text;
      // An answer bigger than a tenth of the budget is not worth holding.
      if (body.length > maxBytes / 10) return;
      // Oldest first (a Map keeps insertion order): a full cache forgets the entries written longest ago.
      for (const oldest of entries.keys()) {
        if (entries.size < maxEntries && bytes + body.length <= maxBytes) break;
        remove(oldest);
      }
      entries.set(key, { body, headers, expires: now() + ttlMs });
      bytes += body.length;
    },
    evictPaths(paths) {
      if (entries.size === 0 || paths.length === 0) return;
      const wanted = new Set(paths);
      for (const key of entries.keys()) if (wanted.has(pathOf(key))) remove(key);
    },
    clear() {
      entries.clear();
      bytes = 0;
      for (const listener of clearListeners) listener();
    },
    onClear(listener) {
      clearListeners.push(listener);
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

/** A hit is answered before the handler, requests for a URL being computed wait for it, and hits are still compressed. */
export function serveThroughCache(app: FastifyInstance, cache: ResponseCache) {
  const inFlight = new Map<string, Promise<Buffer | undefined>>();
  const settle = new WeakMap<FastifyRequest, (body: Buffer | undefined) => void>();
  const hit = (reply: FastifyReply, body: Buffer) =>
    reply.header("x-cache", "HIT").type("application/json; charset=utf-8").send(body);

  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const cached = cache.get(request.url);
    if (cached !== undefined) return hit(reply, cached);
    const pending = inFlight.get(request.url);
    if (pending) {
      const body = await pending;
      if (body !== undefined) return hit(reply, body);
      return;
    }
    if (request.method !== "GET") return;
    let resolve: (body: Buffer | undefined) => void = () => {};
    inFlight.set(request.url, new Promise((done) => (resolve = done)));
    settle.set(request, (body) => {
      settle.delete(request);
      inFlight.delete(request.url);
      resolve(body);
    });
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" || reply.getHeader("x-cache") === "HIT") return payload;
    reply.header("x-cache", "MISS");
    if (reply.statusCode === 200 && typeof payload === "string") {
      cache.set(request.url, payload);
      settle.get(request)?.(cache.get(request.url));
    } else {
      settle.get(request)?.(undefined);
    }
    return payload;
  });
  // Whatever happened (an error, a client that went away), nobody waits on this request any longer.
  app.addHook("onResponse", async (request) => settle.get(request)?.(undefined));
  app.addHook("onRequestAbort", async (request) => settle.get(request)?.(undefined));
}
