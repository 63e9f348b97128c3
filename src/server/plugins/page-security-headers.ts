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

/**
 * Security headers for pages: helmet with a Content-Security-Policy whose script and style nonces are new on every
 * request (React Router's inline scripts carry them). Answers that are never a page (API, images, built files) get the
 * fixed set of static-security-headers.ts instead (docs/decisions/009 and 010).
 */
export const pageSecurityHeaders = fp(
  async function pageSecurityHeaders(
    app: FastifyInstance,
    { development, httpsOnly, googleSignIn, razorpayCheckout = false }: PageSecurityOptions,
  ) {
    const google = googleSignIn ? ["https://accounts.google.com"] : [];
    const razorpay = (kind: keyof typeof RAZORPAY) => (razorpayCheckout ? RAZORPAY[kind] : []);
    const frames = [...google, ...razorpay("frame")];
    await app.register(fastifyHelmet, {
      enableCSPNonces: !development,
      contentSecurityPolicy: development
        ? false
        : {
            directives: {
              "default-src": ["'self'"],
              // Helmet adds the request's nonce to script-src and style-src; React Router's inline scripts carry it.
              "script-src": ["'self'", ...google, ...razorpay("script")],
              "style-src": ["'self'", ...google],
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
    });
  },
  { name: "page-security-headers" },
);
