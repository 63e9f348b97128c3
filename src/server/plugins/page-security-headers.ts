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
  httpsOnly: boolean;
  googleSignIn: boolean;
  razorpayCheckout?: boolean;
}

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
 * Helmet's headers for pages, with CSP nonces new on every request (`reply.cspNonce`); other answers get
 * static-security-headers.ts. Helmet writes them once with stand-in nonces and each request puts its own in: building
 * them per request filled the old generation (docs/decisions/023-allocations-that-outlived-young-collections.md).
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

/** The page's policy without nonces: its inline scripts allowed by hash; style attributes stay allowed by style-src-attr. */
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
