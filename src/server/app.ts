import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyCors from "@fastify/cors";
import fastifyHelmet from "@fastify/helmet";
import fastifySwagger from "@fastify/swagger";
import fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { type Database, openDatabase } from "#db/client.ts";
import { seedDemoCatalog } from "#db/seed/seed.ts";
import { createRedisRateLimitStore, type RedisRateLimitStore } from "#integrations/redis/rate-limit-store.ts";
import { catalogApi } from "./api/catalog.ts";
import { locationsApi } from "./api/locations.ts";
import { mediaRoutes } from "./api/media.ts";
import { createResponseCache, type ResponseCache } from "./api/response-cache.ts";
import { userApi } from "./api/user.ts";
import type { Config } from "./config.ts";
import { authPlugin } from "./plugins/auth.ts";
import { errorBody, errorHandlerPlugin } from "./plugins/error-handler.ts";
import { applyStaticSecurityHeaders } from "./plugins/static-security-headers.ts";
import { webPlugin } from "./plugins/web.ts";
import { createServices, imagesDir, type Services } from "./services.ts";
import { createSessionCookies } from "./session-cookies.ts";

export interface BuildAppOptions {
  /** Vite dev server (npm run dev). */
  devServer?: ViteDevServer | undefined;
  /** An open PGlite instance to use instead of opening DATA_DIR/pglite (tests load a migrated snapshot). */
  pglite?: PGlite | undefined;
  /** React Router server build override (tests import build/server/index.js themselves). */
  webBuild?: (() => Promise<ServerBuild>) | undefined;
  /** Leave the web app out (API-only tests). */
  web?: boolean;
}

export interface App {
  server: FastifyInstance;
  services: Services;
  /** The open database (tests inspect rows through it; the app itself reaches it only through services). */
  database: Database;
  /** Catalogue GET answers served from memory (API_CACHE_TTL_MS); whatever changes the catalogue clears it. */
  catalogCache: ResponseCache;
}

/**
 * The composition root (ARCHITECTURE.md invariant 1): config → database → services → adapters, torn down in reverse
 * by `server.close()`. main.ts and the tests both build the shop through this function.
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<App> {
  const server = fastify({
    logger: loggerOptions(config),
    bodyLimit: config.HTTP_BODY_LIMIT_BYTES,
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    // Behind a load balancer the client address comes from X-Forwarded-For.
    trustProxy: true,
    // Give every request an id the logs can be searched by.
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  server.server.headersTimeout = config.HTTP_HEADERS_TIMEOUT_MS;
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.resolve(config.DATA_DIR, "pglite"),
    poolSize: config.DATABASE_POOL_SIZE,
    pglite: options.pglite,
  });
  server.addHook("onClose", async () => {
    await database.close();
    server.log.info("database closed");
  });

  if (config.SEED_DEMO_DATA) {
    try {
      const started = performance.now();
      const result = await seedDemoCatalog(database.db, {
        imagesDir: imagesDir(config),
        onProgress: (message) => server.log.info(message),
      });
      if (result.seeded || (result.images?.rendered ?? 0) > 0) {
        server.log.info({ ...result, ms: Math.round(performance.now() - started) }, "demo catalogue ready");
      }
    } catch (error) {
      await database.close();
      throw error;
    }
  }

  // Abuse-limit counters shared by every instance: in Redis when REDIS_URL is set, else in the database.
  let rateLimitStore: RedisRateLimitStore | undefined;
  if (config.REDIS_URL) {
    try {
      rateLimitStore = await createRedisRateLimitStore(config.REDIS_URL);
    } catch (error) {
      await database.close();
      throw new Error(`REDIS_URL: cannot connect to Redis (${error instanceof Error ? error.message : String(error)})`);
    }
    server.addHook("onClose", async () => rateLimitStore?.close());
  }
  const services = createServices({ database, config, log: server.log, rateLimitStore });
  const catalogCache = createResponseCache({ ttlMs: config.API_CACHE_TTL_MS });
  server.addHook("onClose", async () => services.mailer.close());
  // Only a shop served over HTTPS may tell browsers to insist on it (npm start on http://localhost must keep working).
  const httpsOnly = config.NODE_ENV === "production" && config.PUBLIC_URL.startsWith("https://");
  const sessionCookies = createSessionCookies(config.PUBLIC_URL);
  // Google Identity Services runs in the page (script, iframe, XHR) only when Google sign-in is configured.
  const google = config.GOOGLE_CLIENT_ID ? ["https://accounts.google.com"] : [];

  await server.register(errorHandlerPlugin);
  await server.register(fastifyHelmet, {
    enableCSPNonces: !options.devServer,
    // Vite's dev client injects inline scripts and a websocket: no CSP in development.
    contentSecurityPolicy: options.devServer
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
  await server.register(fastifyCompress, { global: true, threshold: 1024, encodings: ["br", "gzip", "deflate"] });
  await server.register(fastifyCookie);
  await server.register(authPlugin, { accounts: services.accounts, publicUrl: config.PUBLIC_URL });
  await server.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Storefront API",
        version: "1.0.0",
        description: "The shop's REST API (spec §7). Prices in rupees; errors are { error: true, msg }.",
      },
    },
    transform: jsonSchemaTransform,
  });

  server.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  server.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: "ok", database: database.kind };
    } catch (error) {
      server.log.warn({ err: error }, "readiness check failed");
      return reply.status(503).send(errorBody("The database does not answer"));
    }
  });

  await server.register(
    async (api) => {
      applyStaticSecurityHeaders(api, { hsts: httpsOnly });
      // CORS only for the API: clients of the original API run on other origins and send Authorization headers.
      await api.register(fastifyCors, {
        origin: config.CORS_ORIGINS.length > 0 ? config.CORS_ORIGINS : false,
        methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
        allowedHeaders: ["Authorization", "Content-Type"],
        maxAge: 600,
      });
      await api.register(catalogApi, { services, cache: catalogCache });
      await api.register(userApi, { services, cookies: sessionCookies });
      await api.register(locationsApi);
      api.get("/docs", { schema: { hide: true } }, async () => server.swagger());
      // Unknown API paths answer JSON, not the web app's HTML 404 (the web adapter's catch-all owns every other
      // path; OPTIONS stays with CORS).
      api.route({
        method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
        url: "/*",
        schema: { hide: true },
        handler: async (request, reply) =>
          reply.status(404).send(errorBody(`No API route ${request.method} ${request.url.split("?")[0]}`)),
      });
    },
    { prefix: "/api" },
  );
  await server.register(
    async (media) => {
      applyStaticSecurityHeaders(media, { hsts: httpsOnly });
      await media.register(mediaRoutes, { imagesDir: services.media.imagesDir, variants: services.imageVariants });
    },
    { prefix: "/download" },
  );

  if (options.web !== false) {
    await server.register(webPlugin, {
      services,
      publicUrl: config.PUBLIC_URL,
      cookies: sessionCookies,
      hsts: httpsOnly,
      devServer: options.devServer,
      build: options.webBuild,
    });
  }

  return { server, services, database, catalogCache };
}

function loggerOptions(config: Config) {
  return {
    level: config.LOG_LEVEL,
    // Session cookies and bearer tokens never reach the logs.
    redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
    ...(config.NODE_ENV === "development" && process.stdout.isTTY ? { transport: { target: "pino-pretty" } } : {}),
  };
}
