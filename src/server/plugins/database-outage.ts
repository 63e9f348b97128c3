import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { requestMessages } from "#shared/messages.ts";
import { errorBody } from "./error-body.ts";

/** Seconds a client is asked to wait before trying again (Retry-After). */
export const BUSY_RETRY_AFTER_SECONDS = 5;
const PING_TIMEOUT_MS = 1000;
/** A "does not answer" is remembered this long, so a burst of failing requests asks once, not once each. */
const DOWN_REMEMBERED_MS = 1000;

/**
 * Tells an outage from a bug, only for requests already failing with a 5xx: concurrent questions share one ping, a
 * failed ping is remembered briefly, and nothing is cached while the database answers (recovery needs no restart).
 */
export function createOutageCheck(ping: () => Promise<void>, { timeoutMs = PING_TIMEOUT_MS } = {}) {
  let pending: Promise<boolean> | undefined;
  let downUntil = 0;
  const decided = new WeakSet<FastifyRequest>();

  async function probe(): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), timeoutMs);
    });
    try {
      const answer = await Promise.race([ping().then(() => "ok" as const), timeout]);
      return answer !== "ok";
    } catch {
      return true;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async databaseDown(): Promise<boolean> {
      if (Date.now() < downUntil) return true;
      pending ??= probe().finally(() => {
        pending = undefined;
      });
      const down = await pending;
      if (down) downUntil = Date.now() + DOWN_REMEMBERED_MS;
      return down;
    },
    /** Marks a request whose 5xx was already judged (the error handler asked), so it is not asked twice. */
    decided: (request: FastifyRequest) => void decided.add(request),
    wasDecided: (request: FastifyRequest) => decided.has(request),
  };
}

export type OutageCheck = ReturnType<typeof createOutageCheck>;

export const BUSY_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>The shop is busy</title></head>
<body>
<main>
<h1>${requestMessages.busy}</h1>
<p>We could not reach our records just now. Please reload this page in a few seconds.</p>
<p><a href="/">Back to the shop</a></p>
</main>
</body>
</html>
`;

/** Whether a failing request is told with a page (the web app's paths, asked by a browser) rather than JSON. */
export function wantsPage(request: FastifyRequest): boolean {
  const path = request.url.split("?")[0] ?? "";
  if (path === "/api" || path.startsWith("/api/")) return false;
  return (request.headers.accept ?? "").includes("text/html");
}

export function sendBusy(request: FastifyRequest, reply: FastifyReply) {
  busyHeaders(reply, wantsPage(request));
  return reply.send(wantsPage(request) ? BUSY_PAGE : errorBody(requestMessages.busy));
}

function busyHeaders(reply: FastifyReply, page: boolean) {
  reply.status(503).header("retry-after", String(BUSY_RETRY_AFTER_SECONDS)).header("cache-control", "no-store");
  reply.type(page ? "text/html; charset=utf-8" : "application/json; charset=utf-8");
}

/**
 * A 5xx the error handler did not decide (React Router's own 500 page) becomes the busy answer during an outage. At the
 * root, so this onSend runs before compression's and replaces the uncompressed stream.
 */
export function translateOutages(app: FastifyInstance, outage: OutageCheck) {
  app.addHook("onSend", async (request, reply, payload) => {
    if (reply.statusCode < 500 || reply.statusCode === 503 || outage.wasDecided(request)) return payload;
    if (!(await outage.databaseDown())) return payload;
    if (payload instanceof Readable) payload.destroy();
    request.log.warn({ status: reply.statusCode }, "answer failed while the database does not answer: 503");
    reply.removeHeader("content-length");
    const page = wantsPage(request) || String(reply.getHeader("content-type") ?? "").includes("text/html");
    busyHeaders(reply, page);
    return page ? BUSY_PAGE : JSON.stringify(errorBody(requestMessages.busy));
  });
}
