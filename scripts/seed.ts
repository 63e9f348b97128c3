import { parseArgs } from "node:util";
import { openDatabase } from "../src/db/client.ts";
import { resetCatalog, seedDemoCatalog } from "../src/db/seed/seed.ts";
import { createImageStores } from "../src/integrations/storage/image-stores.ts";
import { ConfigError, loadConfig } from "../src/server/config/load-config.ts";

/**
 * Seeds the demo catalogue into the configured database (DATABASE_URL, else the embedded one in DATA_DIR), read
 * through the shop's own configuration schema (environment and .env), like the server.
 *   npm run seed -- [--products 1000000] [--reset] [--no-images]
 * --reset empties the catalogue first, so a large catalogue can replace the demo one. From 50,000 products the
 * catalogue is bulk-loaded (src/db/seed/seed.ts); 1,000,000 take a few minutes on PostgreSQL
 * (bench/results/*-seed-1m.md). However many products, there are ~1,000 pictures to render: later products share them.
 */
const usage = "usage: npm run seed -- [--products N] [--reset] [--no-images]";

function readArguments() {
  try {
    return parseArgs({
      options: {
        products: { type: "string" },
        reset: { type: "boolean", default: false },
        "no-images": { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}

const values = readArguments();
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const productCount = values.products === undefined ? undefined : Number(values.products);
if (productCount !== undefined && !(Number.isInteger(productCount) && productCount >= 0)) {
  console.error(`--products must be a whole number, got "${values.products}"\n${usage}`);
  process.exit(2);
}

try {
  process.loadEnvFile();
} catch {}
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}
const databaseUrl = config.DATABASE_URL;
const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

// Pictures go where the shop reads them: DATA_DIR/images, or the bucket when S3_BUCKET is set.
const imageStores = values["no-images"] ? undefined : await createImageStores(config.imageStorage);
const database = await openDatabase({ databaseUrl, pgliteDir: config.paths.pglite });
try {
  await imageStores?.check();
  console.log(`database: ${database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.paths.pglite}`}`);
  if (values.reset) {
    await resetCatalog(database.db);
    console.log(`catalogue emptied (${seconds()})`);
  }
  const result = await seedDemoCatalog(database.db, {
    products: productCount,
    images: imageStores && { store: imageStores.originals, description: imageStores.description },
    onProgress: (message) => console.log(`  ${message} (${seconds()})`),
  });
  if (result.seeded) {
    console.log(
      `seeded ${result.categories} categories, ${result.products} products, ${result.banners} banners, ${result.reviews} reviews`,
    );
  } else {
    console.log("the database already has a catalogue: nothing inserted (use --reset to replace it)");
  }
  if (result.images) console.log(`images: ${result.images.rendered} rendered, ${result.images.skipped} already there`);
  console.log(`done in ${seconds()}`);
} finally {
  imageStores?.close();
  await database.close();
}
