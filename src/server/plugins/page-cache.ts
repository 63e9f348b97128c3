import { Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { etagMatches } from "../../web/lib/public-pages.server.ts";
import type { ResponseCache } from "../api/response-cache.ts";

/** What a kept page is answered with besides its bytes; every other header is set again by the hooks on each request. */
const KEPT_HEADERS = ["content-type", "content-security-policy", "etag", "cache-control", "vary"] as const;

/**
 * The micro-cache for pages (docs/decisions/019-cacheable-pages.md): an anonymous page that its route marked public
 * (the same bytes for every visitor without the shop's cookies) is kept with its headers for `API_CACHE_TTL_MS`, in the
 * catalogue's cache, and answered from memory to the next anonymous visitor of the same URL (`X-Cache: HIT`), a 304
 * when they already hold it. What a CDN does in front of many instances, each instance does for itself for a second.
 * Product pages are evicted with their product (src/server/services.ts). Register on the web adapter's instance: its
 * hooks run before @fastify/compress's route hooks, so the bytes kept are the plain HTML and hits are still compressed.
 */
export function servePagesThroughCache(
  app: FastifyInstance,
  { cache, anonymous }: { cache: ResponseCache; anonymous: (request: FastifyRequest) => boolean },
) {
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" || !anonymous(request)) return;
    const entry = cache.entry(request.url);
    if (!entry) return;
    reply.headers(entry.headers).header("x-cache", "HIT");
    if (etagMatches(request.headers["if-none-match"] ?? null, entry.headers.etag ?? "")) return reply.status(304).send();
    return reply.send(entry.body);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" || reply.getHeader("x-cache") === "HIT" || reply.statusCode !== 200) return payload;
    // Pages only: the build's files are public too, and are served (precompressed) from disk.
    if (!String(reply.getHeader("content-type")).startsWith("text/html")) return payload;
    if (!String(reply.getHeader("cache-control")).startsWith("public") || !anonymous(request)) return payload;
    const body = await bytesOf(payload);
    if (body === undefined) return payload;
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (typeof value === "string") headers[name] = value;
    }
    cache.set(request.url, body, headers);
    reply.header("x-cache", "MISS");
    return body;
  });
}

/** A page's whole body (the web adapter hands over a stream); undefined for anything else. */
async function bytesOf(payload: unknown): Promise<Buffer | undefined> {
  if (typeof payload === "string") return Buffer.from(payload, "utf8");
  if (Buffer.isBuffer(payload)) return payload;
  if (!(payload instanceof Readable)) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of payload) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}
