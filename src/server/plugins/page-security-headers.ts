import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";
import { hasStaticSecurityHeaders } from "./static-security-headers.ts";

declare module "fastify" {
  interface FastifyReply {
    /** This page's CSP nonces (null in development, where there is no CSP, and on answers that are never pages). */
    cspNonce: { script: string; style: string } | null;
  }
}

export interface PageSecurityOptions {
  /** Development (Vite injects inline scripts and a websocket): no CSP. */
  development: boolean;
  /** Strict-Transport-Security and upgrade-insecure-requests (the shop is served over HTTPS in production). */
  httpsOnly: boolean;
  /** Google Identity Services runs in the page (script, iframe, XHR) when Google sign-in is configured. */
  googleSignIn: boolean;
  /**
   * Razorpay Checkout runs in the payment step (PAYMENT_PROVIDER=razorpay): its script, its iframe and its calls. With
   * the test provider nothing of Razorpay's is allowed.
   */
  razorpayCheckout?: boolean;
}

/** What Razorpay Checkout loads: checkout.js, the payment iframe on api.razorpay.com, its telemetry and its images. */
const RAZORPAY = {
  script: ["https://checkout.razorpay.com"],
  frame: ["https://api.razorpay.com", "https://checkout.razorpay.com"],
  connect: ["https://api.razorpay.com", "https://lumberjack.razorpay.com"],
  img: ["https://cdn.razorpay.com"],
};

/** Stand-ins for the nonces in the policy helmet writes once; each request's own replace them. */
const SCRIPT_NONCE = "script-nonce-stand-in";
const STYLE_NONCE = "style-nonce-stand-in";

/**
 * Security headers for pages: helmet's, with a Content-Security-Policy whose script and style nonces are new on every
 * request (React Router's inline scripts carry them; `reply.cspNonce`). Answers that are never a page (API, images,
 * built files) get the fixed set of static-security-headers.ts instead (docs/decisions/009 and 010).
 *
 * Helmet writes the headers once, at start-up, with stand-ins for the nonces; a request gets them with its own nonces
 * put in. The @fastify/helmet plugin instead built helmet's middleware and parsed the policy again on every request,
 * API requests included: besides the CPU, what it allocated outlived the young generation's collections, so the old
 * generation filled and its collections paused the server for 8-30 ms every few seconds under load (decision 023).
 */
export const pageSecurityHeaders = fp(
  async function pageSecurityHeaders(
    app: FastifyInstance,
    { development, httpsOnly, googleSignIn, razorpayCheckout = false }: PageSecurityOptions,
  ) {
    const google = googleSignIn ? ["https://accounts.google.com"] : [];
    const razorpay = (kind: keyof typeof RAZORPAY) => (razorpayCheckout ? RAZORPAY[kind] : []);
    const frames = [...google, ...razorpay("frame")];
    const headers = headersWrittenBy(
      helmet({
        contentSecurityPolicy: development
          ? false
          : {
              directives: {
                "default-src": ["'self'"],
                // React Router's inline scripts carry the request's nonce.
                "script-src": ["'self'", ...google, ...razorpay("script"), `'nonce-${SCRIPT_NONCE}'`],
                "style-src": ["'self'", ...google, `'nonce-${STYLE_NONCE}'`],
                // A nonce disables 'unsafe-inline' for elements, but style attributes (category colours) need it.
                "style-src-attr": ["'unsafe-inline'"],
                "img-src": ["'self'", "data:", "blob:", ...razorpay("img")],
                "connect-src": ["'self'", ...google, ...razorpay("connect")],
                "frame-src": frames.length > 0 ? frames : ["'none'"],
                "upgrade-insecure-requests": httpsOnly ? [] : null,
              },
            },
        // Images are fetched by API clients on other origins.
        crossOriginResourcePolicy: { policy: "cross-origin" },
        // Helmet's default (no-referrer) makes browsers send `Origin: null` with a form POST, which React Router's CSRF
        // check refuses: every form submitted without JavaScript failed. This policy still sends no path to other sites.
        referrerPolicy: { policy: "strict-origin-when-cross-origin" },
        hsts: httpsOnly,
      }),
    );
    const { "content-security-policy": policy, ...fixed } = headers;
    app.decorateReply("cspNonce", null);
    app.addHook("onRequest", async (request, reply) => {
      if (hasStaticSecurityHeaders(request)) return;
      reply.headers(fixed);
      if (policy === undefined) return;
      const nonces = randomBytes(32).toString("hex");
      const nonce = { script: nonces.slice(0, 32), style: nonces.slice(32) };
      reply.cspNonce = nonce;
      reply.header("content-security-policy", policy.replace(SCRIPT_NONCE, nonce.script).replace(STYLE_NONCE, nonce.style));
    });
  },
  { name: "page-security-headers" },
);

/**
 * Turns the page's nonce-based policy (helmet's, built for this request) into one for the same page without a nonce:
 * script-src allows exactly the page's inline scripts by hash; style-src loses its nonce (the page has no inline
 * style elements; style attributes stay allowed by style-src-attr).
 */
export function policyWithHashes(policy: string, scriptHashes: readonly string[]): string {
  return policy
    .split(";")
    .map((directive) => {
      const [name = "", ...sources] = directive.trim().split(/\s+/);
      const kept = sources.filter((source) => !source.startsWith("'nonce-"));
      if (name === "script-src") kept.push(...scriptHashes);
      return [name, ...kept].join(" ");
    })
    .join(";");
}

/** The headers a helmet middleware sets on an answer, by lower-case name. */
function headersWrittenBy(
  middleware: (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}
