import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { requestMessages } from "#shared/messages.ts";
import { errorBody } from "./error-handler.ts";

/** The methods the shop serves anywhere (OPTIONS for CORS preflights); TRACE, CONNECT, WebDAV and the like get 405. */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const ALLOW = METHODS.join(", ");
const SERVED = new Set(METHODS);

const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * Refused before any route with a 4xx the client can act on, not a 500 deeper: a method no route serves (405), a bad
 * `Host` or forwarded protocol (400: pages build their URL from them), any `Content-Encoding` but identity (415: no
 * route takes compressed bodies), a malformed path parameter on an `attachValidation` route (400).
 */
export const requestGuards = fp(
  async function requestGuards(app: FastifyInstance) {
    app.addHook("onRequest", async (request, reply) => {
      if (!SERVED.has(request.method)) {
        return reply
          .status(405)
          .header("allow", ALLOW)
          .send(errorBody(requestMessages.methodNotServed(request.method.slice(0, 20))));
      }
      // The pattern alone lets through names a URL cannot hold (a last label of digits is read as an IPv4 address:
      // "99999999999" is not one), and pages build their URL from the host: the URL parser has the last word.
      const host = request.host;
      const validHost = HOST.test(host) && URL.canParse(`http://${host}/`);
      if (!validHost || (request.protocol !== "http" && request.protocol !== "https")) {
        return reply.status(400).send(errorBody(requestMessages.badHost));
      }
      // Exactly `identity` (what @fastify/compress passes through untouched, where any other spelling is its own 415).
      const encoding = request.headers["content-encoding"];
      if (encoding !== undefined && encoding !== "identity") {
        return reply.status(415).send(errorBody(requestMessages.compressedBody));
      }
    });
    app.addHook("onRoute", refuseMalformedPathFirst);
  },
  { name: "request-guards" },
);

/** With `attachValidation` Fastify hands the handler the path's failed checks too: a malformed id would reach the database. */
function refuseMalformedPathFirst(route: RouteOptions) {
  if (!route.attachValidation) return;
  // Fastify stops at the first part that fails (params, body, query, headers): after a failed body nothing checked these.
  if (route.schema?.querystring || route.schema?.headers) {
    throw new Error(`${route.method} ${route.url}: a route with attachValidation cannot declare a querystring or headers schema`);
  }
  const hooks = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
  route.preHandler = [onlyTheBodyLeftToTheRoute, ...hooks];
}

async function onlyTheBodyLeftToTheRoute(request: FastifyRequest) {
  const failed = request.validationError;
  if (failed && failed.validationContext !== "body") throw failed;
}
