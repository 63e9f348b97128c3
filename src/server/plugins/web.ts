import path from "node:path";
import { pathToFileURL } from "node:url";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import {
  authRequestContext,
  backOfficeContext,
  type Cookies,
  categoriesContext,
  currentUserContext,
  type PublicSettings,
  pageReadsContext,
  requestInfoContext,
  servicesContext,
  settingsContext,
} from "#app-context";
import type { Category } from "#domain/catalog/types.ts";
import type { Services } from "#domain/services.ts";
import { withContentCoding } from "#shared/etags.ts";
import { isAnonymousRequest, readCookies } from "../cookies.ts";
import { type KeptReads, keptFor } from "../kept-for.ts";
import { pageRouteLabels, pageRouteMatcher, pathOf } from "../page-routes.ts";
import { servePagesThroughCache } from "../response-cache/page-cache.ts";
import type { ResponseCache } from "../response-cache/response-cache.ts";
import { policyWithHashes } from "./page-security-headers.ts";
import { privateAnswers } from "./private-answers.ts";
import { applyStaticSecurityHeaders } from "./static-security-headers.ts";

export interface WebOptions {
  services: Services;
  settings: PublicSettings;
  cookies: Cookies;
  devServer?: ViteDevServer | undefined;
  hsts: boolean;
  /** Anonymous public pages are kept here for a second (page-cache.ts); absent: every page is rendered. */
  cache?: ResponseCache | undefined;
  /** The category menu of every page is read once per this many ms (API_CACHE_TTL_MS); 0: once per request. */
  categoriesTtlMs: number;
  /** The catalogue's micro-cache: when it is cleared (a category or banner changed), the menu is read afresh. */
  menuFollows?: Pick<ResponseCache, "onClear"> | undefined;
  /** Catalogue reads a page shares with others (a product's data), kept for the micro-cache's TTL (decision 040). */
  pageReads: KeptReads;
  build?: (() => Promise<ServerBuild>) | undefined;
  labelPageRoutes?: boolean;
}

/** The production server build (`npm run build`), where the adapter would look for it: relative to the working directory. */
const importProductionBuild = async () =>
  (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;

/** React Router renders what the API does not own; loaders reach the services only through this load context (decision 005). */
export async function webPlugin(app: FastifyInstance, options: WebOptions) {
  // The build's files (one route each, by name) are never pages: the fixed header set; React Router's catch-all keeps helmet.
  applyStaticSecurityHeaders(app, { hsts: options.hsts, only: (url) => !url.includes("*") && /\.[a-z0-9]+$/i.test(url) });
  // Pages rendered for a signed-in shopper, or setting a cookie, are never cached (private-answers.ts).
  privateAnswers(app, "page");
  if (options.cache) servePagesThroughCache(app, { cache: options.cache, anonymous: isAnonymousRequest });
  // A page's strong ETag names its bytes before compression, so the coding joins the tag. Added after @fastify/compress's
  // onSend of each route, this hook sees the coding it chose.
  app.addHook("onRoute", (route) => {
    const hooks = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...hooks, etagWithContentCoding];
  });
  // Handed the build itself, React Router builds its route table once, not per request; in development Vite reloads it.
  const build = options.devServer ? undefined : await (options.build?.() ?? importProductionBuild());
  // Every page lists the categories: kept like the catalogue's answers (decision 009), forgotten when a category changes.
  const categoryMenu = keptFor(options.categoriesTtlMs, () => options.services.catalog.listCategories());
  options.menuFollows?.onClear(categoryMenu.forget);
  // The route pattern for the metrics' `route` label (page-routes.ts), only when /metrics is on.
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
      // The adapter's Cache-Control, plus the Vary that @fastify/static leaves out for a precompressed file, so a cache
      // never sends Brotli to a client that did not ask for it.
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
      context.set(pageReadsContext, options.pageReads);
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
      const user = request.user;
      context.set(currentUserContext, user ? { id: user.id, name: user.name, email: user.email, images: user.images } : null);
      context.set(
        backOfficeContext,
        options.services.backOffice.access(user && request.session ? { user, backOffice: request.session.backOffice } : null),
      );
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
