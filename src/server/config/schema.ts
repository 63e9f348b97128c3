import { isIP } from "node:net";
import { z } from "zod";
import { GENERATE_SESSION_SECRET } from "./secret-strength.ts";

/**
 * The one configuration schema (docs/architecture.md, invariant 7). Every key has a development default so the shop starts
 * with no configuration at all; a wrong value stops start-up with a message naming the key. `.env.example` documents
 * the same keys: keep them in step. What is derived from several keys is resolved in resolvers.ts.
 */
const positiveInt = (fallback: number) =>
  z.coerce
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .positive({ error: "must be greater than 0" })
    .default(fallback);
const nonNegativeInt = (fallback: number) =>
  z.coerce
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(0, { error: "must be 0 or more" })
    .default(fallback);
const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === "" ? undefined : value))
  .pipe(z.url().optional());

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === "" ? undefined : value));
const booleanFlag = (fallback: "true" | "false") =>
  z
    .enum(["true", "false", "1", "0"], { error: "must be true or false" })
    .default(fallback)
    .transform((value) => value === "true" || value === "1");

/** proxy-addr's names for address ranges: 127.0.0.0/8 and ::1; 169.254.0.0/16 and fe80::/10; private networks. */
export const ADDRESS_RANGE_NAMES = ["loopback", "linklocal", "uniquelocal"] as const;
const RANGE_NAMES = new Set<string>(ADDRESS_RANGE_NAMES);

/**
 * A comma-separated list of addresses, CIDR ranges and range names (`loopback`, `linklocal`, `uniquelocal`), as
 * proxy-addr reads them; empty or `false` is an empty list. TRUST_PROXY and METRICS_ALLOW are both written this way.
 */
const addressList = z
  .string()
  .trim()
  .default("")
  .transform((value, context): string[] => {
    if (value === "" || value.toLowerCase() === "false") return [];
    const entries = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const wrong = entries.find((entry) => {
      if (RANGE_NAMES.has(entry)) return false;
      const [address = "", bits, ...rest] = entry.split("/");
      const family = isIP(address);
      const maxBits = family === 6 ? 128 : 32;
      return family === 0 || rest.length > 0 || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits));
    });
    if (wrong !== undefined) {
      context.addIssue({
        code: "custom",
        message: `must be comma-separated addresses, CIDR ranges, loopback, linklocal or uniquelocal ("${wrong}" is none of them)`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Which proxies may tell us the client's address (X-Forwarded-For): unset/`false` none (the TCP peer is the client), or
 * comma-separated addresses, CIDR ranges or range names of the load balancers in front. Never "any" (`true`), and no
 * hop count (Fastify refuses to trust one, as it cannot tell a proxy from a client): then every client could pick its
 * own address and dodge the per-network abuse limits.
 */
const trustProxy = addressList.transform((entries): false | string[] => (entries.length === 0 ? false : entries));

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

export const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce
      .number({ error: "must be a port number (0-65535)" })
      .int({ error: "must be a port number (0-65535)" })
      .min(0, { error: "must be a port number (0-65535)" })
      .max(65535, { error: "must be a port number (0-65535)" })
      .default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    /** The address shoppers reach the shop at: canonical URLs, absolute image URLs in the API, e-mail links. */
    PUBLIC_URL: optionalUrl,
    /** PGlite files (`pglite/`), images (`images/`), mail outbox (`outbox/`). */
    DATA_DIR: z.string().trim().min(1).default("./.data"),
    /** PostgreSQL connection string; unset means the embedded PGlite database in DATA_DIR. */
    DATABASE_URL: optionalUrl,
    DATABASE_POOL_SIZE: positiveInt(10),
    SESSION_SECRET: z
      .string()
      .optional()
      .transform((value) => (value === "" ? undefined : value))
      .pipe(z.string().min(32, `must be at least 32 characters; ${GENERATE_SESSION_SECRET}`).optional()),
    LOG_LEVEL: z.enum(logLevels).default("info"),
    /** `json` or `pretty` (pino-pretty); unset = pretty when stdout is a terminal, JSON otherwise (src/server/logging.ts). */
    LOG_FORMAT: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z.enum(["json", "pretty"], { error: "must be json or pretty" }).optional(),
    ),
    REDIS_URL: optionalUrl,
    /** Prefix of the shop's Redis keys and channel, so several shops (staging and production, test runs) share a Redis. */
    REDIS_KEY_PREFIX: z.string().trim().min(1).default("storefront:"),
    TRUST_PROXY: trustProxy,
    /** Comma-separated origins allowed to call the API from a browser (clients of the original API on another origin). */
    CORS_ORIGINS: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url().transform((origin) => new URL(origin).origin))),
    HTTP_REQUEST_TIMEOUT_MS: positiveInt(30_000),
    HTTP_HEADERS_TIMEOUT_MS: positiveInt(20_000),
    /** A connection on which nothing is sent or received for this long is closed (never one being answered). */
    HTTP_IDLE_TIMEOUT_MS: positiveInt(10_000),
    HTTP_BODY_LIMIT_BYTES: positiveInt(1_048_576),
    /** How long a catalogue GET answer is served from memory (micro-caching); 0 turns the cache off. */
    API_CACHE_TTL_MS: nonNegativeInt(1000),
    /**
     * On PostgreSQL, requests the shop makes of itself before it listens (src/server/warm-up.ts); 0 = none. The
     * embedded database serves a single instance, which starts without them.
     */
    WARM_UP_REQUESTS: nonNegativeInt(300),
    /** SMTP server for e-mail (smtp:// or smtps:// with credentials); unset = written to DATA_DIR/outbox and logged. */
    SMTP_URL: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value === "" ? undefined : value))
      .pipe(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional()),
    MAIL_FROM: z.string().trim().min(3).default("Storefront <no-reply@localhost>"),
    /** OAuth client id of the Google sign-in button; unset = Google sign-in shown as not configured. */
    GOOGLE_CLIENT_ID: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value === "" ? undefined : value)),
    /** Issuer of Google ID tokens (its /.well-known/openid-configuration names the signing keys). Tests use a local one. */
    GOOGLE_ISSUER: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value === "" || value === undefined ? "https://accounts.google.com" : value.replace(/\/+$/, "")))
      .pipe(z.url({ error: "must be a URL" })),
    OTP_TTL_SECONDS: positiveInt(600),
    OTP_MAX_ATTEMPTS: positiveInt(5),
    OTP_RESEND_SECONDS: positiveInt(60),
    SIGNIN_MAX_FAILURES: positiveInt(10),
    SIGNIN_WINDOW_SECONDS: positiveInt(900),
    SESSION_TTL_DAYS: positiveInt(30),
    UPLOAD_MAX_BYTES: positiveInt(5 * 1024 * 1024),
    UPLOAD_MAX_PIXELS: positiveInt(40_000_000),
    /** Photos a user may have uploaded but not yet saved on the profile (pending), and their stored bytes. */
    UPLOAD_PENDING_MAX_FILES: positiveInt(10),
    UPLOAD_PENDING_MAX_BYTES: positiveInt(5 * 1024 * 1024),
    /** Photos a user may store per 24 hours (deleting pending ones gives none back). */
    UPLOAD_DAILY_MAX_FILES: positiveInt(50),
    /**
     * The card payment provider: `razorpay` or `test` (an in-process stand-in with a clearly labelled test-payment
     * step). Unset: `razorpay` when its keys are set, else `test`; required in production with DATABASE_URL.
     */
    PAYMENT_PROVIDER: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z.enum(["razorpay", "test"], { error: "must be razorpay or test" }).optional(),
    ),
    /** Razorpay API key id (public, `rzp_test_...` or `rzp_live_...`) and its secret (server only). */
    RAZORPAY_KEY_ID: optionalText,
    RAZORPAY_KEY_SECRET: optionalText,
    /** The secret of the Razorpay webhook (Dashboard → Webhooks) that signs `X-Razorpay-Signature`. */
    RAZORPAY_WEBHOOK_SECRET: optionalText,
    /** Razorpay's REST API; tests point it at a local stand-in that speaks the same protocol. */
    RAZORPAY_API_URL: optionalUrl.transform((value) => (value ?? "https://api.razorpay.com").replace(/\/+$/, "")),
    /**
     * Lets test payments (`PAYMENT_PROVIDER=test`, or Razorpay's `rzp_test_` keys) run in production on PostgreSQL: a
     * staging shop where nobody pays real money. Every page of a production shop with it then says test mode.
     */
    ALLOW_TEST_PAYMENTS: booleanFlag("false"),
    /** How long checkout holds the cart's stock while the shopper pays; then the stock goes back on sale. */
    PAYMENT_HOLD_MINUTES: positiveInt(15),
    /** How often pending orders are checked with the provider (payments whose browser never came back, expired holds). */
    PAYMENT_RECONCILE_SECONDS: positiveInt(60),
    /**
     * Object storage for pictures (docs/decisions/018-object-storage.md): setting S3_BUCKET keeps them in that bucket
     * of S3 or an S3-compatible server (S3_ENDPOINT, e.g. MinIO) instead of DATA_DIR/images, so several instances
     * share them. The keys are required with it.
     */
    S3_BUCKET: optionalText,
    S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional()),
    S3_REGION: optionalText.transform((value) => value ?? "us-east-1"),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** Bucket in the path (`host/bucket/key`) rather than the host name; unset: true when S3_ENDPOINT is set. */
    S3_FORCE_PATH_STYLE: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z
        .enum(["true", "false", "1", "0"], { error: "must be true or false" })
        .optional()
        .transform((value) => (value === undefined ? undefined : value === "true" || value === "1")),
    ),
    /**
     * `GET /metrics` (Prometheus) for requests bearing `Authorization: Bearer <token>`. Unset, and with no
     * METRICS_ALLOW, the endpoint does not exist (404 like any unknown path).
     */
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    /** Addresses or CIDR ranges (as TRUST_PROXY) that may read `GET /metrics` without the token: a scraper's network. */
    METRICS_ALLOW: addressList,
    /** Seed the demo catalogue into an empty database at start-up. */
    SEED_DEMO_DATA: booleanFlag("true"),
  })
  .transform((config) => ({
    ...config,
    PUBLIC_URL: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ""),
  }));

/** The settings as the schema reads them, before resolvers.ts derives what depends on several keys. */
export type Settings = z.output<typeof configSchema>;
