import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { errorBody } from "./error-handler.ts";

/** The methods the shop serves anywhere (OPTIONS for CORS preflights); TRACE, CONNECT, WebDAV and the like get 405. */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const ALLOW = METHODS.join(", ");
const SERVED = new Set(METHODS);

/** A host name or an IPv4/IPv6 address, with an optional port: what `Host` (or a trusted `X-Forwarded-Host`) may be. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * Requests the shop refuses before any route sees them, each with a 4xx the client can act on instead of failing
 * somewhere deeper with a 500:
 * - a method no route serves: 405 with `Allow` (the web adapter cannot build a Fetch request for TRACE);
 * - a `Host` (or trusted `X-Forwarded-Host`) that is not a host, or a forwarded protocol that is not http(s): 400
 *   (pages build their URL from them);
 * - a body sent with a `Content-Encoding`: 415. No route takes compressed bodies, and inflating them would let a small
 *   request grow past the body limit's intent.
 */
export const requestGuards = fp(
  async function requestGuards(app: FastifyInstance) {
    app.addHook("onRequest", async (request, reply) => {
      if (!SERVED.has(request.method)) {
        return reply
          .status(405)
          .header("allow", ALLOW)
          .send(errorBody(`The method ${request.method.slice(0, 20)} is not served here.`));
      }
      // The pattern alone lets through names a URL cannot hold (a last label of digits is read as an IPv4 address:
      // "99999999999" is not one), and pages build their URL from the host: the URL parser has the last word.
      const host = request.host;
      const validHost = HOST.test(host) && URL.canParse(`http://${host}/`);
      if (!validHost || (request.protocol !== "http" && request.protocol !== "https")) {
        return reply.status(400).send(errorBody("The request's Host header is not a valid host name."));
      }
      const encoding = request.headers["content-encoding"];
      if (encoding !== undefined && encoding.trim().toLowerCase() !== "identity" && hasBody(request.headers)) {
        return reply.status(415).send(errorBody("Compressed request bodies are not accepted; send the body uncompressed."));
      }
    });
  },
  { name: "request-guards" },
);

function hasBody(headers: { "content-length"?: string | undefined; "transfer-encoding"?: string | undefined }) {
  return headers["transfer-encoding"] !== undefined || (headers["content-length"] ?? "0") !== "0";
}
