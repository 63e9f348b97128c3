// The composition root (docs/architecture.md, invariant 1): every service and integration is built here, hence its length.
import type { PGlite } from "@electric-sql/pglite";
import sharp from "sharp";
import { type Database, openDatabase } from "#db/client.ts";
import { seedDemoCatalog } from "#db/seed/seed.ts";
import { createAccountsService } from "#domain/accounts/accounts-service.ts";
import { createBackOfficeService } from "#domain/back-office/back-office-service.ts";
import { createInsights } from "#domain/back-office/insights.ts";
import { createShopSettings } from "#domain/back-office/shop-settings.ts";
import { createCartService } from "#domain/cart/cart-service.ts";
import { createBannersAdmin } from "#domain/catalog/banners-admin.ts";
import { createBulkEdit } from "#domain/catalog/bulk-edit.ts";
import { createCatalogCsv } from "#domain/catalog/catalog-csv.ts";
import { createCatalogService } from "#domain/catalog/catalog-service.ts";
import { createCategoriesAdmin } from "#domain/catalog/categories-admin.ts";
import { createProductAdmin } from "#domain/catalog/product-admin.ts";
import { createCustomersService } from "#domain/customers/customers-service.ts";
import { housekeeping } from "#domain/housekeeping.ts";
import { createIdempotencyService, type IdempotencyService } from "#domain/idempotency/idempotency-service.ts";
import { createLocationsService } from "#domain/locations/locations-service.ts";
import { createCatalogPictures } from "#domain/media/catalog-pictures.ts";
import { createImageVariants } from "#domain/media/image-variants.ts";
import { createUploadsService } from "#domain/media/uploads-service.ts";
import { createInvoices } from "#domain/orders/invoices.ts";
import { createOrdersService, type OrdersService } from "#domain/orders/orders-service.ts";
import type { PaymentGateway } from "#domain/orders/ports.ts";
import type { CatalogChanges } from "#domain/ports.ts";
import { createDatabaseRateLimitStore } from "#domain/rate-limit/database-store.ts";
import { createWriteLimits } from "#domain/rate-limit/policies.ts";
import { createRateLimiter } from "#domain/rate-limit/rate-limiter.ts";
import { createReviewModeration } from "#domain/reviews/review-moderation.ts";
import { createReviewsService } from "#domain/reviews/reviews-service.ts";
import { createSearchService } from "#domain/search/search-service.ts";
import { createSynonymsAdmin } from "#domain/search/synonyms.ts";
import type { Services } from "#domain/services.ts";
import { createWishlistService } from "#domain/wishlist/wishlist-service.ts";
import { createGoogleVerifier } from "#integrations/identity/google.ts";
import { createMailer } from "#integrations/mailer/mailer.ts";
import { createPaymentGateway } from "#integrations/payments/index.ts";
import { type CatalogChangeFeed, connectCatalogChangeFeed } from "#integrations/redis/catalog-change-feed.ts";
import { createRedisRateLimitStore } from "#integrations/redis/rate-limit-store.ts";
import { createImageStores, type ImageStores } from "#integrations/storage/image-stores.ts";
import type { Config } from "./config/load-config.ts";
import { type KeptReads, keptByKey } from "./kept-for.ts";
import { createResponseCache, type ResponseCache } from "./response-cache/response-cache.ts";

interface Log {
  info(object: object | string, message?: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface Runtime {
  services: Services;
  /** The open database (tests inspect rows through it; the shop reaches it only through services). */
  database: Database;
  catalogCache: ResponseCache;
  /** Catalogue reads shared by personal pages (a product's data), evicted with the micro-cache's answers (decision 040). */
  pageReads: KeptReads;
  paymentGateway: PaymentGateway;
  imageStores: ImageStores;
  /** Tears everything down in reverse order of building: integrations first, the database last. */
  close(): Promise<void>;
}

export interface RuntimeOptions {
  log: Log;
  /** An open PGlite instance to use instead of opening DATA_DIR/pglite (tests load a migrated snapshot). */
  pglite?: PGlite | undefined;
}

/** The composition root's non-HTTP half, built once per process; buildApp (app.ts) adds HTTP, tests of services use it alone. */
export async function createServices(config: Config, { log, pglite }: RuntimeOptions): Promise<Runtime> {
  const closers: (() => Promise<void> | void)[] = [];
  const close = async () => {
    for (const closeOne of closers.reverse()) await closeOne();
    closers.length = 0;
  };

  // Resized pictures are kept in the image store (decisions 004, 018): libvips' cache would only hold memory for good.
  sharp.cache(false);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: config.paths.pglite,
    poolSize: config.DATABASE_POOL_SIZE,
    pglite,
  });
  closers.push(async () => {
    await database.close();
    log.info("database closed");
  });

  try {
    // Before the seed, which renders the demo pictures into it; an unusable bucket stops start-up, as Redis does.
    const imageStores = await createImageStores(config.imageStorage);
    closers.push(() => imageStores.close());
    await imageStores.check();
    log.info({ images: imageStores.description }, "image store");
    if (config.SEED_DEMO_DATA) await seedOnce(database, imageStores, log);

    const catalogCache = createResponseCache({ ttlMs: config.API_CACHE_TTL_MS });
    const pageReads = keptByKey(config.API_CACHE_TTL_MS);
    catalogCache.onClear(() => pageReads.clear());
    // A product's API answer, its page (page-cache.ts) and its page's reads, whatever their query strings.
    const evictProducts = (ids: readonly string[]) => {
      const paths = ids.flatMap((id) => [`/api/products/${id}`, `/product/${id}`]);
      catalogCache.evictPaths(paths);
      pageReads.evictPaths(paths);
    };
    // Abuse-limit counters shared by every instance: in Redis when REDIS_URL is set, else in the database.
    let rateLimitStore = createDatabaseRateLimitStore(database.db);
    // Other instances' catalogue changes (Redis pub/sub); without Redis their caches catch up within the TTL.
    let changeFeed: CatalogChangeFeed | undefined;
    if (config.REDIS_URL) {
      const url = config.REDIS_URL;
      const prefix = config.REDIS_KEY_PREFIX;
      const redis = await createRedisRateLimitStore(url, `${prefix}rate-limit:`).catch(redisUnreachable);
      closers.push(() => redis.close());
      rateLimitStore = redis;
      changeFeed = await connectCatalogChangeFeed(url, {
        channel: `${prefix}catalog-changes`,
        onChange: evictProducts,
        // Another instance's category or banner: the micro-cache and, with it, the category menu (web.ts).
        onCatalogChanged: () => catalogCache.clear(),
        // Evictions published while we were away are lost: start again from the database.
        onMissed: () => catalogCache.clear(),
        log,
      }).catch(redisUnreachable);
      closers.push(() => changeFeed?.close());
    }

    const now = () => new Date();
    const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: config.paths.outbox, log });
    closers.push(() => mailer.close());
    const rateLimiter = createRateLimiter({ store: rateLimitStore, now });
    // Lists are not evicted: they expire within API_CACHE_TTL_MS (docs/decisions/009-catalogue-micro-cache.md).
    const catalogChanges: CatalogChanges = {
      productsChanged(ids) {
        evictProducts(ids);
        changeFeed?.publish(ids);
      },
      catalogChanged() {
        catalogCache.clear();
        changeFeed?.publishCatalogChanged();
      },
    };

    const uploads = createUploadsService({
      db: database.db,
      store: imageStores.originals,
      now,
      maxBytes: config.UPLOAD_MAX_BYTES,
      maxPixels: config.UPLOAD_MAX_PIXELS,
      quotas: {
        pendingMaxFiles: config.UPLOAD_PENDING_MAX_FILES,
        pendingMaxBytes: config.UPLOAD_PENDING_MAX_BYTES,
        dailyMaxFiles: config.UPLOAD_DAILY_MAX_FILES,
      },
      limiter: rateLimiter,
      secret: config.SESSION_SECRET,
      // Photos uploaded without a session are taken only from the shop's own pages and its API clients' origins.
      trustedOrigins: [new URL(config.PUBLIC_URL).origin, ...config.CORS_ORIGINS],
    });
    // Staged photos have no background job: expired ones go at start-up and on the next stage or claim (decision 012).
    await uploads.deleteExpiredStaged();
    const catalog = createCatalogService({ db: database.db, changes: catalogChanges });
    const cart = createCartService({ db: database.db, limiter: rateLimiter });
    const paymentGateway = createPaymentGateway(config.payments);
    if ("checkCredentials" in paymentGateway) {
      const warning = await paymentGateway.checkCredentials();
      if (warning) log.warn({ warning }, "Razorpay did not answer the start-up key check; payments may fail until it does");
    }
    log.info(
      { provider: paymentGateway.provider },
      paymentGateway.provider === "test"
        ? "payments: the TEST provider (no money moves; set the RAZORPAY_* keys for real payments)"
        : "payments: Razorpay",
    );
    const idempotency = createIdempotencyService({ db: database.db, now });
    const accounts = createAccountsService({
      db: database.db,
      mailer,
      identity: createGoogleVerifier({ clientId: config.GOOGLE_CLIENT_ID, issuer: config.GOOGLE_ISSUER }),
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
      uploads,
    });
    const backOffice = createBackOfficeService({
      db: database.db,
      now,
      accounts,
      clock: { idleMinutes: config.BACK_OFFICE_IDLE_MINUTES, reauthMinutes: config.BACK_OFFICE_REAUTH_MINUTES },
      invites: { secret: config.SESSION_SECRET, publicUrl: config.PUBLIC_URL, mailer },
    });
    const orders: OrdersService = createOrdersService({
      db: database.db,
      gateway: paymentGateway,
      catalog,
      cart,
      mailer,
      changes: catalogChanges,
      now,
      holdMinutes: config.PAYMENT_HOLD_MINUTES,
      publicUrl: config.PUBLIC_URL,
      log,
      audit: backOffice.audit,
    });
    // Confirmation e-mails sent after the answer finish before the database closes.
    closers.push(() => orders.settled());
    // Categories and banners are catalog tables (decision 011); their changes are audited in the same transaction.
    const catalogAdminDeps = {
      db: database.db,
      audit: backOffice.audit,
      changes: catalogChanges,
      pictureExists: (name: string) => imageStores.originals.exists(name),
    };
    // The back office's products and their picture library, audited in the transaction of each change (decision 031).
    const imageVariants = createImageVariants({ originals: imageStores.originals, variants: imageStores.variants });
    const catalogPictures = createCatalogPictures({
      db: database.db,
      store: imageStores.originals,
      now,
      maxBytes: config.UPLOAD_MAX_BYTES,
      maxPixels: config.UPLOAD_MAX_PIXELS,
      audit: backOffice.audit,
      forgetCopies: (file) => imageVariants.forget(file),
    });
    const productAdmin = createProductAdmin({
      db: database.db,
      now,
      changes: catalogChanges,
      audit: backOffice.audit,
      pictures: catalogPictures,
    });
    const wishlist = createWishlistService({ db: database.db, limiter: rateLimiter });
    const shopSettings = createShopSettings({ db: database.db, now, audit: backOffice.audit });
    const search = createSearchService({ db: database.db });
    const services: Services = {
      catalog,
      productAdmin,
      catalogPictures,
      bulkEdit: createBulkEdit({ db: database.db, now, changes: catalogChanges, productAdmin }),
      catalogCsv: createCatalogCsv({
        db: database.db,
        now,
        changes: catalogChanges,
        audit: backOffice.audit,
        pictures: catalogPictures,
        productAdmin,
      }),
      categoriesAdmin: createCategoriesAdmin(catalogAdminDeps),
      bannersAdmin: createBannersAdmin(catalogAdminDeps),
      search,
      synonymsAdmin: createSynonymsAdmin({ db: database.db, audit: backOffice.audit, changes: catalogChanges }),
      // A review recomputes its product's rating through the catalogue, in the review's transaction (decision 011).
      reviews: createReviewsService({ db: database.db, catalog, changes: catalogChanges, now, limiter: rateLimiter }),
      reviewModeration: createReviewModeration({
        db: database.db,
        catalog,
        audit: backOffice.audit,
        changes: catalogChanges,
        now,
      }),
      accounts,
      backOffice,
      insights: createInsights({ db: database.db, now, unansweredSearches: search.unansweredSearches }),
      cart,
      locations: createLocationsService(),
      uploads,
      imageVariants,
      rateLimiter,
      writeLimits: createWriteLimits(rateLimiter),
      wishlist,
      // Customers (issue 34, item 3): each context's part of a block or an erasure in one transaction (decision 036).
      customers: createCustomersService({
        db: database.db,
        now,
        accounts,
        audit: backOffice.audit,
        cart,
        wishlist,
        uploads,
        imageVariants,
        changes: catalogChanges,
      }),
      orders,
      shopSettings,
      invoices: createInvoices({ db: database.db, now, settings: shopSettings, audit: backOffice.audit }),
      idempotency,
    };
    startReconciliation(orders, idempotency, config.PAYMENT_RECONCILE_SECONDS, log, closers);
    startHousekeeping(services, log, closers);
    return { services, database, catalogCache, pageReads, paymentGateway, imageStores, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Reconciliation and the e-mail outbox every PAYMENT_RECONCILE_SECONDS (decision 015); a failed run is logged. */
function startReconciliation(
  orders: OrdersService,
  idempotency: IdempotencyService,
  seconds: number,
  log: Log,
  closers: (() => Promise<void> | void)[],
) {
  repeatedly(
    () =>
      Promise.all([orders.reconcile(), idempotency.prune()])
        .then(([report]) => {
          if (report.paid + report.expired + report.refunded > 0) log.info(report, "orders reconciled");
        })
        .catch((error: unknown) => log.error({ err: error }, "order reconciliation failed")),
    { firstMs: seconds * 1000, everyMs: seconds * 1000 },
    closers,
  );
}

/** Housekeeping (src/domain/housekeeping.ts) hourly, first a minute after start; a failed pass is logged. */
function startHousekeeping(services: Services, log: Log, closers: (() => Promise<void> | void)[]) {
  repeatedly(
    () =>
      housekeeping(services, new Date())
        .then((report) => {
          if (Object.values(report).some((count) => count > 0)) log.info(report, "housekeeping: old rows deleted");
        })
        .catch((error: unknown) => log.error({ err: error }, "housekeeping failed")),
    { firstMs: 60_000, everyMs: 60 * 60_000 },
    closers,
  );
}

/** The timer never keeps the process alive, a run due while one is going is skipped, and closing waits for the run. */
function repeatedly(
  job: () => Promise<unknown>,
  { firstMs, everyMs }: { firstMs: number; everyMs: number },
  closers: (() => Promise<void> | void)[],
) {
  let running: Promise<unknown> | undefined;
  let timer = setTimeout(function next() {
    running ??= job().finally(() => {
      running = undefined;
    });
    timer = setTimeout(next, everyMs);
    timer.unref();
  }, firstMs);
  timer.unref();
  closers.push(async () => {
    clearTimeout(timer);
    await running;
  });
}

function redisUnreachable(error: unknown): never {
  throw new Error(`REDIS_URL: cannot connect to Redis (${error instanceof Error ? error.message : String(error)})`);
}

async function seedOnce(database: Database, imageStores: ImageStores, log: Log) {
  const started = performance.now();
  const result = await seedDemoCatalog(database.db, {
    images: { store: imageStores.originals, description: imageStores.description },
    onProgress: (message) => log.info(message),
  });
  if (result.seeded || (result.images?.rendered ?? 0) > 0) {
    log.info({ ...result, ms: Math.round(performance.now() - started) }, "demo catalogue ready");
  }
}
