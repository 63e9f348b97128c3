import path from "node:path";
import type { Database } from "#db/client.ts";
import { createAccountsService } from "#domain/accounts/accounts-service.ts";
import { createCatalogService } from "#domain/catalog/catalog-service.ts";
import { createImageVariants } from "#domain/media/image-variants.ts";
import { createUploadsService } from "#domain/media/uploads-service.ts";
import { createDatabaseRateLimitStore } from "#domain/rate-limit/database-store.ts";
import { createRateLimiter, type RateLimitStore } from "#domain/rate-limit/rate-limiter.ts";
import { createReviewsService } from "#domain/reviews/reviews-service.ts";
import { createSearchService } from "#domain/search/search-service.ts";
import { createGoogleVerifier } from "#integrations/identity/google.ts";
import { createMailer } from "#integrations/mailer/mailer.ts";
import { createLocalImageStore } from "#integrations/storage/local-disk.ts";
import type { Config } from "./config.ts";

interface Log {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Every domain service, built once per process by buildApp and handed to both adapters (API and web). */
export function createServices({
  database,
  config,
  log,
  rateLimitStore,
}: {
  database: Database;
  config: Config;
  log: Log;
  /** Where abuse-limit counters live: Redis when REDIS_URL is set (buildApp connects it), else the database. */
  rateLimitStore?: RateLimitStore | undefined;
}) {
  const now = () => new Date();
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: path.resolve(config.DATA_DIR, "outbox"),
    log,
  });
  const rateLimiter = createRateLimiter({ store: rateLimitStore ?? createDatabaseRateLimitStore(database.db), now });
  const identity = createGoogleVerifier({ clientId: config.GOOGLE_CLIENT_ID, issuer: config.GOOGLE_ISSUER });
  return {
    catalog: createCatalogService({ db: database.db }),
    search: createSearchService({ db: database.db }),
    reviews: createReviewsService({ db: database.db }),
    accounts: createAccountsService({
      db: database.db,
      mailer,
      identity,
      limiter: rateLimiter,
      now,
      secret: config.SESSION_SECRET,
      limits: {
        otpTtlSeconds: config.OTP_TTL_SECONDS,
        otpMaxAttempts: config.OTP_MAX_ATTEMPTS,
        otpResendSeconds: config.OTP_RESEND_SECONDS,
        signinMaxFailures: config.SIGNIN_MAX_FAILURES,
        signinWindowSeconds: config.SIGNIN_WINDOW_SECONDS,
        sessionTtlDays: config.SESSION_TTL_DAYS,
      },
    }),
    uploads: createUploadsService({
      db: database.db,
      store: createLocalImageStore(imagesDir(config)),
      now,
      maxPixels: config.UPLOAD_MAX_PIXELS,
    }),
    rateLimiter,
    mailer,
    /** Where images live and how the outside world reaches them. */
    media: { imagesDir: imagesDir(config), publicUrl: config.PUBLIC_URL, uploadMaxBytes: config.UPLOAD_MAX_BYTES },
    /** Narrower copies of stored pictures for srcset, made on first request. */
    imageVariants: createImageVariants({
      imagesDir: imagesDir(config),
      variantsDir: path.resolve(config.DATA_DIR, "image-variants"),
    }),
    /** What the web app may tell the browser about sign-in (public values only). */
    google: { clientId: config.GOOGLE_CLIENT_ID, issuer: config.GOOGLE_ISSUER },
  };
}

export type Services = ReturnType<typeof createServices>;

export function imagesDir(config: Config): string {
  return path.resolve(config.DATA_DIR, "images");
}
