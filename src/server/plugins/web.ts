import path from "node:path";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import type { FastifyInstance } from "fastify";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { authRequestContext, currentUserContext, requestInfoContext, type SessionCookies, servicesContext } from "#app-context";
import type { Services } from "../services.ts";
import { FLASH_COOKIE, OTP_FLOW_COOKIE, parseOtpFlow, RESET_COOKIE } from "../session-cookies.ts";
import { applyStaticSecurityHeaders } from "./static-security-headers.ts";

export interface WebOptions {
  services: Services;
  publicUrl: string;
  /** Set-Cookie builders for the accounts screens' actions. */
  cookies: SessionCookies;
  /** Vite in development (hot reload); absent in production, where build/ is served. */
  devServer?: ViteDevServer | undefined;
  /** Strict-Transport-Security on the build's files (the shop is served over HTTPS). */
  hsts: boolean;
  /** The server build to use instead of importing build/server/index.js (tests). */
  build?: (() => Promise<ServerBuild>) | undefined;
}

/**
 * The web adapter: React Router renders every path the API does not own. Loaders reach the services only through this
 * load context (ARCHITECTURE.md invariant 1), never by import.
 */
export async function webPlugin(app: FastifyInstance, options: WebOptions) {
  // The build's files (scripts, stylesheets, icons: one route each, by name) are never pages: the fixed header set,
  // not helmet's per-request nonces. React Router's catch-all route keeps helmet.
  applyStaticSecurityHeaders(app, { hsts: options.hsts, only: (url) => !url.includes("*") && /\.[a-z0-9]+$/i.test(url) });
  await app.register(fastifyReactRouter, {
    devServer: options.devServer,
    ...(options.build && !options.devServer ? { build: options.build } : {}),
    staticOptions: {
      // Scripts and stylesheets are compressed at build time (scripts/vite-precompress.ts): sent as they are.
      preCompressed: true,
      // Replaces the adapter's own: the same Cache-Control (hashed assets for a year, other files for an hour), plus the
      // Vary that @fastify/static leaves out when it picks a precompressed file, so a cache never sends Brotli to a
      // client that did not ask for it.
      setHeaders(response, filePath) {
        const hashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        response.setHeader("cache-control", hashedAsset ? "public, max-age=31536000, immutable" : "public, max-age=3600");
        response.setHeader("vary", "accept-encoding");
      },
    },
    getLoadContext(request, reply) {
      const context = new RouterContextProvider();
      context.set(servicesContext, options.services);
      context.set(requestInfoContext, {
        nonce: reply.cspNonce?.script,
        publicUrl: options.publicUrl,
      });
      // The auth plugin has already resolved the session (cookie) for this request.
      const user = request.user;
      context.set(currentUserContext, user ? { id: user.id, name: user.name, email: user.email, images: user.images } : null);
      context.set(authRequestContext, {
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? "",
        sessionId: request.session?.id ?? null,
        resetToken: request.cookies[RESET_COOKIE],
        otpFlow: parseOtpFlow(request.cookies[OTP_FLOW_COOKIE]),
        flash: request.cookies[FLASH_COOKIE]?.slice(0, 300),
        cookies: options.cookies,
      });
      return context;
    },
  });
}
