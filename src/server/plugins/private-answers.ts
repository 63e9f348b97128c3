import type { FastifyInstance, FastifyRequest } from "fastify";
import { COOKIE } from "../cookies.ts";
import { hasStaticSecurityHeaders } from "./static-security-headers.ts";

/**
 * Answers that hold personal data or a secret are never stored by a browser's or a proxy's cache
 * (docs/architecture.md, "Private answers"). One rule per adapter, not one header per route:
 * - the API (`"api"`): an answer to a request that carries a session (the `sid` cookie or an Authorization header) or
 *   that sets a cookie gets `Cache-Control: private, no-store` (sign-in and Google answers carry the token; profile, uploads,
 *   and later cart, My List, checkout and orders are personal). Anonymous catalogue answers keep their caching.
 * - pages (`"page"`): a page (or its `.data`, or a redirect) rendered for a signed-in shopper, or setting a cookie,
 *   gets `Cache-Control: private, no-store`. The web app's built files are left alone.
 *
 * Call it on the adapter's encapsulated instance: the onSend hook sees only that adapter's answers, errors included.
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
