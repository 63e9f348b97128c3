import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

/**
 * The one configuration schema (docs/architecture.md, invariant 7). Every key has a development default so the shop starts
 * with no configuration at all; a wrong value stops start-up with a message naming the key. `.env.example` documents
 * the same keys: keep them in step.
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

/** proxy-addr's names for address ranges: 127.0.0.0/8 and ::1; 169.254.0.0/16 and fe80::/10; private networks. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * Which proxies may tell us the client's address (X-Forwarded-For): unset/`false` none (the TCP peer is the client), or
 * comma-separated addresses, CIDR ranges or range names of the load balancers in front. Never "any" (`true`), and no
 * hop count (Fastify refuses to trust one, as it cannot tell a proxy from a client): then every client could pick its
 * own address and dodge the per-network abuse limits.
 */
const trustProxy = z
  .string()
  .trim()
  .default("")
  .transform((value, context): false | string[] => {
    if (value === "" || value.toLowerCase() === "false") return false;
    const entries = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const wrong = entries.find((entry) => {
      if (PROXY_RANGE_NAMES.has(entry)) return false;
      const [address = "", bits, ...rest] = entry.split("/");
      const family = isIP(address);
      const maxBits = family === 6 ? 128 : 32;
      return family === 0 || rest.length > 0 || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits));
    });
    if (wrong !== undefined) {
      context.addIssue({
        code: "custom",
        message: `must be comma-separated proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal ("${wrong}" is none of them)`,
      });
      return z.NEVER;
    }
    return entries;
  });

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
      .pipe(z.string().min(32, "must be at least 32 characters").optional()),
    LOG_LEVEL: z.enum(logLevels).default("info"),
    REDIS_URL: optionalUrl,
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
    /** Seed the demo catalogue into an empty database at start-up. */
    SEED_DEMO_DATA: z
      .enum(["true", "false", "1", "0"])
      .default("true")
      .transform((value) => value === "true" || value === "1"),
  })
  .transform((config) => ({
    ...config,
    PUBLIC_URL: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ""),
  }));

/** Where the shop keeps its files, all under DATA_DIR: derived here once, never by joining DATA_DIR elsewhere. */
export interface DataPaths {
  /** The embedded database's files (unused with DATABASE_URL). */
  pglite: string;
  /** Stored images served at /download/{file}. */
  images: string;
  /** Narrower copies of stored pictures (`/download/{file}?w=`). */
  imageVariants: string;
  /** E-mails written as .eml files when SMTP_URL is unset. */
  outbox: string;
}

export type Config = z.output<typeof configSchema> & { SESSION_SECRET: string; paths: DataPaths };

export function dataPaths(dataDir: string): DataPaths {
  const root = path.resolve(dataDir);
  return {
    pglite: path.join(root, "pglite"),
    images: path.join(root, "images"),
    imageVariants: path.join(root, "image-variants"),
    outbox: path.join(root, "outbox"),
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Reads and validates configuration. `env` defaults to `process.env`; tests pass their own object.
 * Throws ConfigError naming every bad key.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${String(issue.path[0] ?? "(root)")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const config = parsed.data;
  return {
    ...config,
    SESSION_SECRET: config.SESSION_SECRET ?? resolveSessionSecret(config),
    paths: dataPaths(config.DATA_DIR),
  };
}

/**
 * Without SESSION_SECRET: in development and tests a random per-process secret; in production on the embedded
 * database (one instance by design) a random secret generated once and kept in DATA_DIR. Production on PostgreSQL
 * (many instances) must share one secret, so it refuses to start instead of using a default.
 */
function resolveSessionSecret(config: z.output<typeof configSchema>): string {
  if (config.NODE_ENV !== "production") {
    return randomBytes(32).toString("base64url");
  }
  if (config.DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  SESSION_SECRET: required in production with DATABASE_URL (every instance must share it); set at least 32 random characters",
    );
  }
  const file = path.resolve(config.DATA_DIR, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
