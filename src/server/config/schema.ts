import { isIP } from "node:net";
import { z } from "zod";
import { GENERATE_SESSION_SECRET } from "./secret-strength.ts";

/**
 * The one configuration schema (docs/architecture.md, invariant 7): every key has a development default, and a wrong
 * value stops start-up naming the key. `.env.example` documents the same keys: keep them in step.
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

/** Addresses, CIDR ranges and range names as proxy-addr reads them; empty or `false` is none. */
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

/** Never "any" (`true`) nor a hop count: every client could then pick its own address and dodge the per-network limits. */
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
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().trim().min(1).default("./.data"),
    DATABASE_URL: optionalUrl,
    DATABASE_POOL_SIZE: positiveInt(10),
    SESSION_SECRET: z
      .string()
      .optional()
      .transform((value) => (value === "" ? undefined : value))
      .pipe(z.string().min(32, `must be at least 32 characters; ${GENERATE_SESSION_SECRET}`).optional()),
    LOG_LEVEL: z.enum(logLevels).default("info"),
    LOG_FORMAT: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z.enum(["json", "pretty"], { error: "must be json or pretty" }).optional(),
    ),
    REDIS_URL: optionalUrl,
    /** So several shops (staging and production, test runs) can share a Redis. */
    REDIS_KEY_PREFIX: z.string().trim().min(1).default("storefront:"),
    TRUST_PROXY: trustProxy,
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
    HTTP_IDLE_TIMEOUT_MS: positiveInt(10_000),
    HTTP_BODY_LIMIT_BYTES: positiveInt(1_048_576),
    API_CACHE_TTL_MS: nonNegativeInt(1000),
    /** On PostgreSQL only (docs/decisions/027-an-instance-warms-up-before-it-listens.md). */
    WARM_UP_REQUESTS: nonNegativeInt(300),
    SMTP_URL: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value === "" ? undefined : value))
      .pipe(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional()),
    MAIL_FROM: z.string().trim().min(3).default("Storefront <no-reply@localhost>"),
    GOOGLE_CLIENT_ID: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value === "" ? undefined : value)),
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
    BACK_OFFICE_IDLE_MINUTES: positiveInt(30),
    BACK_OFFICE_REAUTH_MINUTES: positiveInt(15),
    UPLOAD_MAX_BYTES: positiveInt(5 * 1024 * 1024),
    UPLOAD_MAX_PIXELS: positiveInt(40_000_000),
    UPLOAD_PENDING_MAX_FILES: positiveInt(10),
    UPLOAD_PENDING_MAX_BYTES: positiveInt(5 * 1024 * 1024),
    /** Deleting pending photos gives none back. */
    UPLOAD_DAILY_MAX_FILES: positiveInt(50),
    /** Unset: `razorpay` when its keys are set, else `test`; required in production with DATABASE_URL. */
    PAYMENT_PROVIDER: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z.enum(["razorpay", "test"], { error: "must be razorpay or test" }).optional(),
    ),
    RAZORPAY_KEY_ID: optionalText,
    RAZORPAY_KEY_SECRET: optionalText,
    RAZORPAY_WEBHOOK_SECRET: optionalText,
    RAZORPAY_API_URL: optionalUrl.transform((value) => (value ?? "https://api.razorpay.com").replace(/\/+$/, "")),
    /** For a staging shop on PostgreSQL where nobody pays real money; every page then says test mode. */
    ALLOW_TEST_PAYMENTS: booleanFlag("false"),
    PAYMENT_HOLD_MINUTES: positiveInt(15),
    PAYMENT_RECONCILE_SECONDS: positiveInt(60),
    /** Pictures in a bucket instead of DATA_DIR, shared by several instances (docs/decisions/018-object-storage.md). */
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
    /** Unset, with no METRICS_ALLOW, `GET /metrics` does not exist (a 404 like any unknown path). */
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    METRICS_ALLOW: addressList,
    SEED_DEMO_DATA: booleanFlag("true"),
  })
  .transform((config) => ({
    ...config,
    PUBLIC_URL: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ""),
  }));

/** The settings as the schema reads them, before resolvers.ts derives what depends on several keys. */
export type Settings = z.output<typeof configSchema>;
