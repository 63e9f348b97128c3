import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export interface PageSecurityOptions {
  /** Development (Vite injects inline scripts and a websocket): no CSP. */
  development: boolean;
  /** Strict-Transport-Security and upgrade-insecure-requests (the shop is served over HTTPS in production). */
  httpsOnly: boolean;
  /** Google Identity Services runs in the page (script, iframe, XHR) when Google sign-in is configured. */
  googleSignIn: boolean;
}

/**
 * Security headers for pages: helmet with a Content-Security-Policy whose script and style nonces are new on every
 * request (React Router's inline scripts carry them). Answers that are never a page (API, images, built files) get the
 * fixed set of static-security-headers.ts instead (docs/decisions/009 and 010).
 */
export const pageSecurityHeaders = fp(
  async function pageSecurityHeaders(app: FastifyInstance, { development, httpsOnly, googleSignIn }: PageSecurityOptions) {
    const google = googleSignIn ? ["https://accounts.google.com"] : [];
    await app.register(fastifyHelmet, {
      enableCSPNonces: !development,
      contentSecurityPolicy: development
        ? false
        : {
            directives: {
              "default-src": ["'self'"],
              // Helmet adds the request's nonce to script-src and style-src; React Router's inline scripts carry it.
              "script-src": ["'self'", ...google],
              "style-src": ["'self'", ...google],
              // A nonce disables 'unsafe-inline' for elements, but style attributes (category colours) need it.
              "style-src-attr": ["'unsafe-inline'"],
              "img-src": ["'self'", "data:", "blob:"],
              "connect-src": ["'self'", ...google],
              "frame-src": google.length > 0 ? google : ["'none'"],
              "upgrade-insecure-requests": httpsOnly ? [] : null,
            },
          },
      // Images are fetched by API clients on other origins.
      crossOriginResourcePolicy: { policy: "cross-origin" },
      // Helmet's default (no-referrer) makes browsers send `Origin: null` with a form POST, which React Router's CSRF
      // check refuses: every form submitted without JavaScript failed. This policy still sends no path to other sites.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      hsts: httpsOnly,
    });
  },
  { name: "page-security-headers" },
);
