import type { FastifyInstance, FastifyRequest } from "fastify";
import { COOKIE } from "../cookies.ts";
import { hasStaticSecurityHeaders } from "./static-security-headers.ts";

/**
 * Answers holding personal data or a secret are never stored by a cache (docs/architecture.md, "Private answers"): one
 * rule per adapter. An API answer to a request with a session, a page (or `.data`, or redirect) for a signed-in shopper,
 * and any answer setting a cookie get `Cache-Control: private, no-store`; the web app's built files are left alone. Call
 * it on the adapter's encapsulated instance: the onSend hook sees only that adapter's answers, errors included.
 */
export function privateAnswers(app: FastifyInstance, kind: "api" | "page") {
  const value = "private, no-store";
  app.addHook("onSend", async (request, reply, payload) => {
    if (hasStaticSecurityHeaders(request) && kind === "page") {
      return payload;
    }
    const personal = kind === "api" ? carriesSession(request) : request.user !== null;
    if (personal || reply.hasHeader("set-cookie")) reply.header("cache-control", value);
    return payload;
  });
}

const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)${COOKIE.session}=`);

function carriesSession(request: FastifyRequest): boolean {
  if (request.session !== null || request.headers.authorization !== undefined) return true;
  // `request.cookies` is null when the request was answered before the cookie plugin's hook ran (a 405, a bad Host).
  return request.cookies?.[COOKIE.session] !== undefined || SESSION_COOKIE.test(request.headers.cookie ?? "");
}
