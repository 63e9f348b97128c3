// The settings derived from several keys of the schema, each resolved once at start-up: paths, pictures, payments, secret.
import { createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ImageStorageSettings } from "#integrations/storage/image-stores.ts";
import type { Settings } from "./schema.ts";
import { GENERATE_SESSION_SECRET, sessionSecretProblem } from "./secret-strength.ts";

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Where the shop keeps its files, all under DATA_DIR: derived here once, never by joining DATA_DIR elsewhere. */
export interface DataPaths {
  pglite: string;
  images: string;
  imageVariants: string;
  outbox: string;
}

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

/** S3_BUCKET decides; other S3_* keys without it stop start-up (else pictures would land on one instance's disk). */
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
 * Without Razorpay keys, the test provider (said in the log and at payment). In production on PostgreSQL the choice must
 * be explicit, and test payments need ALLOW_TEST_PAYMENTS=true: test cards would pay real orders (decision 015).
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
 * Unset: a random per-process secret in development, one kept in DATA_DIR in production on PGlite (one instance); on
 * PostgreSQL instances must share one, so start-up stops. Production refuses a guessable secret (secret-strength.ts).
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
