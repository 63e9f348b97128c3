import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * Security headers for answers that are never a page (the JSON API, stored images): one fixed, strict set computed once;
 * pages get helmet's with nonces (page-security-headers.ts). Call it on an encapsulated instance before its routes are
 * declared; with `only`, just the routes whose URL it accepts.
 */
export function applyStaticSecurityHeaders(
  app: FastifyInstance,
  { hsts, only }: { hsts: boolean; only?: (url: string) => boolean },
) {
  const headers: Record<string, string> = {
    // Nothing in a JSON answer or an image may load or run anything, nor be framed.
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    // API clients and pages on other origins read the answers (CORS decides who may).
    "cross-origin-resource-policy": "cross-origin",
    "origin-agent-cluster": "?1",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-content-type-options": "nosniff",
    "x-dns-prefetch-control": "off",
    "x-download-options": "noopen",
    "x-frame-options": "DENY",
    "x-permitted-cross-domain-policies": "none",
    ...(hsts ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
  app.addHook("onRoute", (route) => {
    if (only && !only(route.url)) return;
    route.config = Object.assign(route.config ?? {}, { staticSecurityHeaders: true });
  });
  app.addHook("onRequest", async (request, reply) => {
    if (hasStaticSecurityHeaders(request)) reply.headers(headers);
  });
}

export function hasStaticSecurityHeaders(request: FastifyRequest): boolean {
  return (request.routeOptions.config as { staticSecurityHeaders?: boolean }).staticSecurityHeaders === true;
}
