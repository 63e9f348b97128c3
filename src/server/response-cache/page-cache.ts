import { Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { etagMatches } from "#shared/etags.ts";
import type { ResponseCache } from "./response-cache.ts";

/** At most this many URLs are remembered as not kept (a few hundred KB); past that the list starts again. */
const NOT_KEPT_MAX = 10_000;

/** What a kept page is answered with besides its bytes; every other header is set again by the hooks on each request. */
const KEPT_HEADERS = ["content-type", "content-security-policy", "etag", "cache-control", "vary"] as const;

/**
 * The micro-cache for pages (docs/decisions/019-cacheable-pages.md): a public anonymous page is kept for API_CACHE_TTL_MS
 * and answered from memory; visitors of a page being rendered wait for that render. On the web adapter's instance its
 * hooks run before compression's, so the plain HTML is kept and hits are still compressed.
 */
export function servePagesThroughCache(
  app: FastifyInstance,
  { cache, anonymous }: { cache: ResponseCache; anonymous: (request: FastifyRequest) => boolean },
) {
  const rendering = new Map<string, Promise<void>>();
  const finish = new WeakMap<FastifyRequest, () => void>();
  // URLs whose last render was not kept (a private or failed page): their visitors never wait for each other.
  const notKept = new Set<string>();
  const settle = (request: FastifyRequest, kept: boolean) => {
    const done = finish.get(request);
    if (!done) return;
    finish.delete(request);
    if (kept) notKept.delete(request.url);
    else {
      if (notKept.size >= NOT_KEPT_MAX) notKept.clear();
      notKept.add(request.url);
    }
    done();
  };

  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" || !anonymous(request)) return;
    let entry = cache.entry(request.url);
    if (!entry) {
      const pending = rendering.get(request.url);
      if (notKept.has(request.url)) {
        // Each visitor renders it.
      } else if (pending) {
        await pending;
        entry = cache.entry(request.url);
      } else {
        let done = () => {};
        rendering.set(
          request.url,
          new Promise<void>((resolve) => {
            done = resolve;
          }),
        );
        finish.set(request, () => {
          rendering.delete(request.url);
          done();
        });
      }
    }
    // Nothing kept (not a public page, or its render failed): this request renders it itself.
    if (!entry) return;
    reply.headers(entry.headers).header("x-cache", "HIT");
    if (etagMatches(request.headers["if-none-match"], entry.headers.etag ?? "")) return reply.status(304).send();
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
    settle(request, true);
    reply.header("x-cache", "MISS");
    return body;
  });
  // Whatever the answer was (not public, an error, an aborted request), the ones waiting go on.
  app.addHook("onResponse", async (request) => settle(request, false));
  app.addHook("onRequestAbort", async (request) => settle(request, false));
}

async function bytesOf(payload: unknown): Promise<Buffer | undefined> {
  if (typeof payload === "string") return Buffer.from(payload, "utf8");
  if (Buffer.isBuffer(payload)) return payload;
  if (!(payload instanceof Readable)) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of payload) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}
