// The settings derived from several keys of the schema, each resolved once at start-up: paths, pictures, payments, secret.
import { createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ImageStorageSettings } from "#integrations/storage/image-stores.ts";
import type { Settings } from "./schema.ts";
import { GENERATE_SESSION_SECRET, sessionSecretProblem } from "./secret-strength.ts";

/** A wrong setting: start-up stops with a message naming every bad key. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Where the shop keeps its files, all under DATA_DIR: derived here once, never by joining DATA_DIR elsewhere. */
export interface DataPaths {
  /** The embedded database's files (unused with DATABASE_URL). */
  pglite: string;
  /** Stored images served at /download/{file} (unused with S3_BUCKET). */
  images: string;
  /** Narrower copies of stored pictures (`/download/{file}?w=`; unused with S3_BUCKET). */
  imageVariants: string;
  /** E-mails written as .eml files when SMTP_URL is unset. */
  outbox: string;
}

/** Where pictures are kept, resolved once: DATA_DIR's directories, or a bucket (decision 018). */
export type ImageStorage = ImageStorageSettings;

/** The payment provider and its secrets, resolved once (docs/decisions/015-checkout-and-payments.md). */
export type PaymentSettings =
  | { provider: "razorpay"; keyId: string; keySecret: string; webhookSecret: string; apiUrl: string }
  | { provider: "test"; keyId: string; keySecret: string; webhookSecret: string };

/** Payments in which no money moves: the test provider, or Razorpay with its test keys (test cards only). */
export function paymentsAreTests(payments: PaymentSettings): boolean {
  return payments.provider === "test" || payments.keyId.startsWith("rzp_test_");
}

export function dataPaths(dataDir: string): DataPaths {
  const root = path.resolve(dataDir);
  return {
    pglite: path.join(root, "pglite"),
    images: path.join(root, "images"),
    imageVariants: path.join(root, "image-variants"),
    outbox: path.join(root, "outbox"),
  };
}

/**
 * Disk or bucket. S3_BUCKET decides; the other S3_* keys without it would be silently ignored (pictures written to one
 * instance's disk when the operator meant a shared bucket), so they stop start-up naming S3_BUCKET.
 */
export function resolveImageStorage(config: Settings, paths: DataPaths): ImageStorage {
  const fail = (key: string, problem: string): never => {
    throw new ConfigError(`Invalid configuration:\n  ${key}: ${problem}`);
  };
  const bucket = config.S3_BUCKET;
  if (bucket === undefined) {
    const stray = (["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const).find(
      (key) => config[key] !== undefined,
    );
    if (stray) fail("S3_BUCKET", `required when ${stray} is set (unset them all to keep pictures in DATA_DIR/images)`);
    return { kind: "local", imagesDir: paths.images, variantsDir: paths.imageVariants };
  }
  // S3's rules for bucket names: 3-63 lower-case letters, digits, dots and dashes, a letter or digit at each end.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    fail("S3_BUCKET", "must be a bucket name: 3-63 lower-case letters, digits, dots and dashes");
  }
  const required = "required with S3_BUCKET";
  return {
    kind: "s3",
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    bucket,
    accessKeyId: config.S3_ACCESS_KEY_ID ?? fail("S3_ACCESS_KEY_ID", required),
    secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? fail("S3_SECRET_ACCESS_KEY", required),
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? config.S3_ENDPOINT !== undefined,
  };
}

/**
 * Which payment provider, with which keys. Zero configuration keeps working: without Razorpay keys the shop uses the
 * test provider (and says so in the log and on the payment step). In production on PostgreSQL the choice must be
 * explicit, and test payments there (the test provider, or Razorpay's test keys, with which test cards would pay real
 * orders) need ALLOW_TEST_PAYMENTS=true. A missing or malformed key stops start-up naming it.
 */
export function resolvePayments(config: Settings, sessionSecret: string): PaymentSettings {
  const fail = (key: string, problem: string): never => {
    throw new ConfigError(`Invalid configuration:\n  ${key}: ${problem}`);
  };
  const productionCluster = config.NODE_ENV === "production" && config.DATABASE_URL !== undefined;
  const provider =
    config.PAYMENT_PROVIDER ??
    (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET
      ? "razorpay"
      : productionCluster
        ? fail("PAYMENT_PROVIDER", "required in production with DATABASE_URL (razorpay, or test with ALLOW_TEST_PAYMENTS=true)")
        : "test");
  if (provider === "test") {
    if (productionCluster && !config.ALLOW_TEST_PAYMENTS) {
      fail("PAYMENT_PROVIDER", "test payments in production need ALLOW_TEST_PAYMENTS=true (nobody pays real money)");
    }
    // Secrets no browser sees, derived from the session secret: the test step is verified like a real payment.
    const derive = (purpose: string) => createHmac("sha256", sessionSecret).update(purpose).digest("base64url");
    return {
      provider,
      keyId: "rzp_test_storefront",
      keySecret: derive("test payments: key secret"),
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET ?? derive("test payments: webhook secret"),
    };
  }
  const required = "required with PAYMENT_PROVIDER=razorpay";
  const keyId = config.RAZORPAY_KEY_ID ?? fail("RAZORPAY_KEY_ID", `${required} (Razorpay Dashboard → API Keys)`);
  if (!/^rzp_(test|live)_[A-Za-z0-9]+$/.test(keyId)) fail("RAZORPAY_KEY_ID", "must look like rzp_test_... or rzp_live_...");
  if (productionCluster && keyId.startsWith("rzp_test_") && !config.ALLOW_TEST_PAYMENTS) {
    fail(
      "RAZORPAY_KEY_ID",
      "is a Razorpay test key, with which test cards would pay real orders: in production with DATABASE_URL set the live keys (rzp_live_...), or ALLOW_TEST_PAYMENTS=true for a shop where nobody pays real money",
    );
  }
  const keySecret = config.RAZORPAY_KEY_SECRET ?? fail("RAZORPAY_KEY_SECRET", required);
  const webhookSecret = config.RAZORPAY_WEBHOOK_SECRET ?? fail("RAZORPAY_WEBHOOK_SECRET", `${required} (Dashboard → Webhooks)`);
  return { provider, keyId, keySecret, webhookSecret, apiUrl: config.RAZORPAY_API_URL };
}

/**
 * SESSION_SECRET, or without it: in development and tests a random per-process secret; in production on the embedded
 * database (one instance by design) a random secret generated once and kept in DATA_DIR. Production on PostgreSQL
 * (many instances) must share one secret, so it refuses to start instead of using a default. Production also refuses
 * a secret the project ships as an example or one that could be guessed (secret-strength.ts).
 */
export function resolveSessionSecret(config: Settings): string {
  const refuseWeak = (secret: string, advice: string) => {
    const problem = config.NODE_ENV === "production" ? sessionSecretProblem(secret) : undefined;
    if (problem) throw new ConfigError(`Invalid configuration:\n  SESSION_SECRET: ${problem}; ${advice}`);
    return secret;
  };
  if (config.SESSION_SECRET !== undefined) return refuseWeak(config.SESSION_SECRET, GENERATE_SESSION_SECRET);
  if (config.NODE_ENV !== "production") {
    return randomBytes(32).toString("base64url");
  }
  if (config.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  SESSION_SECRET: required in production with DATABASE_URL (every instance must share it); ${GENERATE_SESSION_SECRET}`,
    );
  }
  const file = path.resolve(config.DATA_DIR, "session-secret");
  if (existsSync(file)) {
    const kept = readFileSync(file, "utf8").trim();
    return refuseWeak(kept, `it was read from ${file}: delete that file to have a new one generated, or set SESSION_SECRET`);
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
