import path from "node:path";
import { pathToFileURL } from "node:url";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import {
  authRequestContext,
  type Cookies,
  categoriesContext,
  currentUserContext,
  type PublicSettings,
  requestInfoContext,
  servicesContext,
  settingsContext,
} from "#app-context";
import type { Category } from "#domain/catalog/types.ts";
import type { Services } from "#domain/services.ts";
import { withContentCoding } from "#shared/etags.ts";
import { isAnonymousRequest, readCookies } from "../cookies.ts";
import { keptFor } from "../kept-for.ts";
import { pageRouteLabels, pageRouteMatcher, pathOf } from "../page-routes.ts";
import { servePagesThroughCache } from "../response-cache/page-cache.ts";
import type { ResponseCache } from "../response-cache/response-cache.ts";
import { policyWithHashes } from "./page-security-headers.ts";
import { privateAnswers } from "./private-answers.ts";
import { applyStaticSecurityHeaders } from "./static-security-headers.ts";

export interface WebOptions {
  services: Services;
  settings: PublicSettings;
  /** Set-Cookie builders (the cookie registry). */
  cookies: Cookies;
  /** Vite in development (hot reload); absent in production, where build/ is served. */
  devServer?: ViteDevServer | undefined;
  /** Strict-Transport-Security on the build's files (the shop is served over HTTPS). */
  hsts: boolean;
  /** Anonymous public pages are kept here for a second (page-cache.ts); absent: every page is rendered. */
  cache?: ResponseCache | undefined;
  /** The category menu of every page is read once per this many ms (API_CACHE_TTL_MS); 0: once per request. */
  categoriesTtlMs: number;
  /** The server build to use instead of importing build/server/index.js (tests). */
  build?: (() => Promise<ServerBuild>) | undefined;
  /** `/metrics` is on (METRICS_TOKEN or METRICS_ALLOW): each page request is labelled with its route pattern. */
  labelPageRoutes?: boolean;
}

/** The production server build (`npm run build`), where the adapter would look for it: relative to the working directory. */
const importProductionBuild = async () =>
  (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;

/**
 * The web adapter: React Router renders every path the API does not own. Loaders reach the services only through this
 * load context (docs/architecture.md), never by import.
 */
export async function webPlugin(app: FastifyInstance, options: WebOptions) {
  // The build's files (scripts, stylesheets, icons: one route each, by name) are never pages: the fixed header set,
  // not helmet's per-request nonces. React Router's catch-all route keeps helmet.
  applyStaticSecurityHeaders(app, { hsts: options.hsts, only: (url) => !url.includes("*") && /\.[a-z0-9]+$/i.test(url) });
  // Pages rendered for a signed-in shopper, or setting a cookie, are never cached (private-answers.ts).
  privateAnswers(app, "page");
  if (options.cache) servePagesThroughCache(app, { cache: options.cache, anonymous: isAnonymousRequest });
  // An anonymous page's strong ETag names its bytes before compression (entry.server.tsx); compression makes other
  // bytes, so the coding joins the tag and a cache never mixes the two. @fastify/compress adds its onSend to each route
  // as it is declared; this one is added after it, so it sees the coding compression chose.
  app.addHook("onRoute", (route) => {
    const hooks = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...hooks, etagWithContentCoding];
  });
  // Handed a function, React Router builds its route table again on every request (about 2 % of the CPU of the
  // checkout benchmark); handed the build itself, once. Development keeps the function: Vite reloads the build.
  const build = options.devServer ? undefined : await (options.build?.() ?? importProductionBuild());
  // Every page's header, menu and footer list the categories: kept like the catalogue's answers (decision 009), not
  // read again for each page. Categories change only with a seed or a migration, never through the shop.
  const categoryMenu = keptFor(options.categoriesTtlMs, () => options.services.catalog.listCategories());
  // Each page request's route pattern, for the metrics' `route` label (page-routes.ts); the build's files have their own.
  // Only when something reads it: with /metrics off nothing is measured.
  if (build && options.labelPageRoutes) {
    const pageRoute = pageRouteMatcher(build.routes);
    app.addHook("onRequest", async (request) => {
      if (request.routeOptions.url === "*") pageRouteLabels.set(request, pageRoute(pathOf(request.url)));
    });
  }
  await app.register(fastifyReactRouter, {
    devServer: options.devServer,
    ...(build ? { build } : {}),
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
      const cookies = readCookies(request);
      const anonymous = isAnonymousRequest(request);
      context.set(servicesContext, options.services);
      context.set(settingsContext, options.settings);
      let categories: Promise<Category[]> | undefined;
      context.set(categoriesContext, () => {
        categories ??= categoryMenu();
        return categories;
      });
      context.set(requestInfoContext, {
        nonce: anonymous ? undefined : reply.cspNonce?.script,
        anonymous,
        policyWithScriptHashes(hashes) {
          const policy = reply.getHeader("content-security-policy");
          return typeof policy === "string" ? policyWithHashes(policy, hashes) : undefined;
        },
        location: cookies.location,
        guestCart: request.guestCartToken,
        cookies: options.cookies,
      });
      // The auth plugin has already resolved the session (cookie) for this request.
      const user = request.user;
      context.set(currentUserContext, user ? { id: user.id, name: user.name, email: user.email, images: user.images } : null);
      context.set(authRequestContext, {
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? "",
        sessionId: request.session?.id ?? null,
        resetToken: cookies.resetToken,
        otpFlow: cookies.otpFlow,
        flash: cookies.flash,
        cookies: options.cookies,
      });
      return context;
    },
  });
}

async function etagWithContentCoding(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const etag = reply.getHeader("etag");
  const coding = reply.getHeader("content-encoding");
  if (typeof etag === "string" && typeof coding === "string" && String(reply.getHeader("content-type")).startsWith("text/html")) {
    reply.header("etag", withContentCoding(etag, coding));
  }
  return payload;
}
