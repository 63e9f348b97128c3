import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import fastify, { type FastifyInstance, LogController } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { requestMessages } from "#shared/messages.ts";
import { api } from "./api/index.ts";
import type { Config } from "./config/load-config.ts";
import { createCookies } from "./cookies.ts";
import { loggerOptions } from "./logging.ts";
import { mediaRoutes } from "./media/download.ts";
import { authPlugin } from "./plugins/auth.ts";
import { createOutageCheck } from "./plugins/database-outage.ts";
import { errorBody, errorHandlerPlugin } from "./plugins/error-handler.ts";
import { guestCartPlugin } from "./plugins/guest-cart.ts";
import { metricsPlugin } from "./plugins/metrics.ts";
import { pageSecurityHeaders } from "./plugins/page-security-headers.ts";
import { requestGuards } from "./plugins/request-guards.ts";
import { applyStaticSecurityHeaders } from "./plugins/static-security-headers.ts";
import { webPlugin } from "./plugins/web.ts";
import { enforceRequestDeadlines } from "./request-deadlines.ts";
import { createServices, type Runtime } from "./services.ts";
import { type WarmUp, warmUp } from "./warm-up.ts";

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

export interface App extends Omit<Runtime, "close"> {
  server: FastifyInstance;
  config: Config;
  /** Requests the shop makes of itself before it listens, unlogged (src/server/warm-up.ts). */
  warmUp(options: { requests: number; concurrency: number; stop?: () => boolean }): Promise<WarmUp>;
}

/**
 * The composition root's HTTP half: `createServices` builds the database, integrations and services (services.ts);
 * this wires them to Fastify: plugins, the API under /api, images under /download and the web app for every other
 * path. `server.close()` tears it all down in reverse. main.ts and the tests build the shop through this function.
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<App> {
  const logging = loggerOptions(config);
  let warmingUp = false;
  const server = fastify({
    logger: logging.options,
    // The warm-up's requests (made before the server listens) are not shoppers': they would be half the first second's log.
    logController: new LogController({ disableRequestLogging: () => warmingUp }),
    bodyLimit: config.HTTP_BODY_LIMIT_BYTES,
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
      // Node checks both timeouts on this interval (30 s by default, so a 20 s limit cut at 20-50 s); from the
      // request's first byte, so request-deadlines.ts counts them again from the connection's (decision 028).
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    // Whose X-Forwarded-For to believe (TRUST_PROXY): by default nobody's, so a client cannot pick its own address.
    trustProxy: config.TRUST_PROXY,
    // Give every request an id the logs can be searched by.
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  if (logging.choice.fallback) server.log.warn(logging.choice.fallback);
  manageConnections(server, config.HTTP_IDLE_TIMEOUT_MS);
  enforceRequestDeadlines(server.server, {
    headersMs: config.HTTP_HEADERS_TIMEOUT_MS,
    requestMs: config.HTTP_REQUEST_TIMEOUT_MS,
  });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);

  const runtime = await createServices(config, { log: server.log, pglite: options.pglite });
  server.addHook("onClose", runtime.close);
  const { services, database } = runtime;
  // Only a shop served over HTTPS may tell browsers to insist on it (npm start on http://localhost must keep working).
  const httpsOnly = config.NODE_ENV === "production" && config.PUBLIC_URL.startsWith("https://");
  const cookies = createCookies(config.PUBLIC_URL);

  // A request failing with a 5xx while the database does not answer is a 503, decided here at the edge, once.
  const outage = createOutageCheck(() => database.ping());
  await server.register(errorHandlerPlugin, { outage });
  await server.register(requestGuards);
  // GET /metrics, only for METRICS_TOKEN or METRICS_ALLOW; it measures every request from here on.
  await server.register(metricsPlugin, {
    token: config.METRICS_TOKEN,
    allow: config.METRICS_ALLOW,
    poolUse: database.poolUse,
    countAwaitingPayment: services.orders.countAwaitingPayment,
    countUnsentEmails: services.orders.countUnsentEmails,
  });
  await server.register(pageSecurityHeaders, {
    development: Boolean(options.devServer),
    httpsOnly,
    googleSignIn: Boolean(config.GOOGLE_CLIENT_ID),
    razorpayCheckout: config.payments.provider === "razorpay",
  });
  await server.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip", "deflate"],
    // Answers below syncThreshold are compressed in one call on the main thread: a compression stream's set-up,
    // thread pool and pipeline cost more CPU than compressing (bench/results/2026-11-27-compression-sync-threshold.md).
    syncThreshold: 64 * 1024,
  });
  await server.register(fastifyCookie);
  await server.register(authPlugin, { accounts: services.accounts, publicUrl: config.PUBLIC_URL });
  await server.register(guestCartPlugin, { cart: services.cart, cookies });
  await server.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Storefront API",
        version: "1.0.0",
        description: "The shop's REST API (spec §7). Prices in rupees; errors are { error: true, msg }.",
      },
    },
    transform: jsonSchemaTransform,
    // Schemas with a `.meta({ id })` (Product, Category, Banner...) become components/schemas that the paths $ref.
    transformObject: jsonSchemaTransformObject,
  });

  // A browsable page of the same document for merchants scripting the shop (the JSON stays at /api/docs); its assets
  // are served from the package, with the plugin's own hash-based CSP, never from a CDN.
  await server.register(fastifySwaggerUi, {
    routePrefix: "/api/docs/ui",
    staticCSP: true,
    // Only the shop's own files and the plugin's hashed scripts (its default also allows any https: font or style, the
    // online validator, and an https upgrade that breaks plain http); Swagger UI inserts <style> elements as it runs.
    transformStaticCSP: (policy) =>
      policy
        .replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';")
        .replaceAll(" https:", "")
        .replace(" validator.swagger.io", "")
        .replace(/ ?upgrade-insecure-requests;?/, ""),
    uiConfig: { docExpansion: "none", deepLinking: true, validatorUrl: null },
    uiHooks: {
      onRequest: async (_request, reply) => {
        reply.headers({ "x-content-type-options": "nosniff", "x-frame-options": "DENY", "referrer-policy": "no-referrer" });
      },
    },
  });

  server.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  server.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: "ok", database: database.kind };
    } catch (error) {
      server.log.warn({ err: error }, "readiness check failed");
      return reply.status(503).send(errorBody(requestMessages.databaseDown));
    }
  });

  // With the micro-cache off (API_CACHE_TTL_MS=0) no answer is looked up or kept: its hooks are not even installed.
  const answerCache = config.API_CACHE_TTL_MS === 0 ? undefined : runtime.catalogCache;
  await server.register(api, {
    prefix: "/api",
    services,
    catalogCache: answerCache,
    cookies,
    publicUrl: config.PUBLIC_URL,
    uploadMaxBytes: config.UPLOAD_MAX_BYTES,
    corsOrigins: config.CORS_ORIGINS,
    hsts: httpsOnly,
    openApi: () => server.swagger(),
  });
  await server.register(
    async (media) => {
      applyStaticSecurityHeaders(media, { hsts: httpsOnly });
      await media.register(mediaRoutes, { images: runtime.imageStores.originals, variants: services.imageVariants });
    },
    { prefix: "/download" },
  );

  if (options.web !== false) {
    await server.register(webPlugin, {
      services,
      settings: {
        publicUrl: config.PUBLIC_URL,
        googleClientId: config.GOOGLE_CLIENT_ID ?? null,
        uploadMaxBytes: config.UPLOAD_MAX_BYTES,
        otpTtlSeconds: config.OTP_TTL_SECONDS,
        testModeNotice: config.testModeNotice,
      },
      cookies,
      hsts: httpsOnly,
      // Not in development (Vite serves changing code: a kept page would hide an edit), nor with the micro-cache off.
      cache: options.devServer ? undefined : answerCache,
      categoriesTtlMs: config.API_CACHE_TTL_MS,
      menuFollows: runtime.catalogCache,
      pageReads: runtime.pageReads,
      devServer: options.devServer,
      build: options.webBuild,
      labelPageRoutes: Boolean(config.METRICS_TOKEN) || config.METRICS_ALLOW.length > 0,
    });
  }

  return {
    server,
    config,
    async warmUp(warmUpOptions) {
      warmingUp = true;
      try {
        return await warmUp(server, { ...warmUpOptions, host: new URL(config.PUBLIC_URL).host });
      } finally {
        warmingUp = false;
      }
    },
    services,
    database,
    catalogCache: runtime.catalogCache,
    pageReads: runtime.pageReads,
    paymentGateway: runtime.paymentGateway,
    imageStores: runtime.imageStores,
  };
}

/** How often Node looks for requests over their headers or request timeout. */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

/**
 * A connection on which nothing moves for `idleMs` is closed (a request being answered never is); on `server.close()`
 * requests in flight finish with `Connection: close` and idle keep-alive sockets close at once, so SIGTERM completes
 * without waiting for clients to hang up.
 */
function manageConnections(server: FastifyInstance, idleMs: number) {
  const inFlight = new Set<ServerResponse>();
  server.server.on("request", (_request: IncomingMessage, response: ServerResponse) => {
    inFlight.add(response);
    response.once("close", () => inFlight.delete(response));
  });
  server.server.setTimeout(idleMs);
  server.server.on("timeout", (socket: Socket) => {
    for (const response of inFlight) if (response.socket === socket) return;
    socket.destroy();
  });
  server.addHook("preClose", async () => {
    for (const response of inFlight) if (!response.headersSent) response.setHeader("connection", "close");
    const sweep = setInterval(() => server.server.closeIdleConnections(), 50);
    sweep.unref();
    server.server.once("close", () => clearInterval(sweep));
  });
}
