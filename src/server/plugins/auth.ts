import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AccountsService } from "#domain/accounts/accounts-service.ts";
import type { Account, Authenticated } from "#domain/accounts/types.ts";
import { requestMessages } from "#shared/messages.ts";
import { COOKIE } from "../cookies.ts";
import { errorBody } from "./error-handler.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in account (from the session cookie or a bearer token), or null. */
    user: Account | null;
    session: { id: string; via: "cookie" | "bearer"; backOffice: Authenticated["backOffice"] } | null;
  }
}

export interface AuthOptions {
  accounts: AccountsService;
  publicUrl: string;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Requests that never need to know who is asking: no session lookup for every image and asset. */
const ANONYMOUS_PATHS = /^\/(download\/|assets\/|healthz$|readyz$|favicon)/;

/**
 * Who is asking (docs/decisions/007-sessions-and-csrf.md): a bearer token or the session cookie, looked up and slid
 * forward into `request.user`. A cookie-authenticated change must come from our own pages, else 403.
 */
export const authPlugin = fp(
  async function authPlugin(app: FastifyInstance, { accounts, publicUrl }: AuthOptions) {
    const shopOrigin = new URL(publicUrl).origin;
    app.decorateRequest("user", null);
    app.decorateRequest("session", null);

    app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
      if (ANONYMOUS_PATHS.test(request.url)) return;
      const bearer = bearerToken(request.headers.authorization);
      const token = bearer ?? request.cookies[COOKIE.session];
      if (!token) return;
      const found = await accounts.authenticate(token);
      if (!found) return;
      const via = bearer ? "bearer" : "cookie";
      if (via === "cookie" && !SAFE_METHODS.has(request.method) && !isSameOrigin(request, shopOrigin)) {
        request.log.warn(
          { origin: request.headers.origin, site: request.headers["sec-fetch-site"] },
          "cross-site request refused",
        );
        return reply.status(403).send(errorBody(requestMessages.crossSite));
      }
      request.user = found.user;
      request.session = { id: found.sessionId, via, backOffice: found.backOffice };
    });
  },
  { name: "auth", dependencies: ["@fastify/cookie"] },
);

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1];
}

/** Origin ours (public origin or Host), else Sec-Fetch-Site same-origin, else a Referer of ours; with none, refused. */
function isSameOrigin(request: FastifyRequest, shopOrigin: string): boolean {
  const ours = (origin: string) => origin === shopOrigin || origin === `${request.protocol}://${request.host}`;
  const origin = request.headers.origin;
  if (origin !== undefined) return origin !== "null" && ours(origin);
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined) return site === "same-origin" || site === "none";
  const referer = request.headers.referer;
  if (referer === undefined || !URL.canParse(referer)) return false;
  return ours(new URL(referer).origin);
}
