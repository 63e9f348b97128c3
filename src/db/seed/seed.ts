import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../client.ts";
import { banners, categories, products } from "../schema/catalog.ts";
import { reviews } from "../schema/shopping.ts";
import { buildDemoCatalog } from "./demo-catalog.ts";
import { type PictureStore, renderImages } from "./images.ts";

type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Any number that identifies "catalogue seeding" among the advisory locks of a shared PostgreSQL server. */
const SEED_LOCK_ID = 724_420_118;
/** Rows per INSERT statement: a product has 18 columns, so 1,000 rows stay well under PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 1000;
const PROGRESS_EVERY_ROWS = 10_000;

export interface SeedResult {
  /** False when the database already had a catalogue: nothing was inserted. */
  seeded: boolean;
  categories: number;
  products: number;
  banners: number;
  reviews: number;
  images?: { rendered: number; skipped: number };
}

/**
 * Inserts the demo catalogue into an empty database, all or nothing: one transaction, holding an advisory lock so
 * that several instances starting at once seed it once. When an image store is given the pictures are rendered into it
 * afterwards, also when the catalogue was already there: pictures already stored are skipped, and a previous run may
 * have stopped half-way through them.
 */
export async function seedDemoCatalog(
  db: Db,
  options: {
    products?: number;
    /** Where the pictures go (`description` names it in the progress messages). */
    images?: { store: PictureStore; description: string };
    onProgress?: (message: string) => void;
  } = {},
): Promise<SeedResult> {
  const report = options.onProgress ?? (() => {});
  const catalog = buildDemoCatalog({ products: options.products });
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const existing = await tx.select({ id: categories.id }).from(categories).limit(1);
    if (existing.length > 0) return false;
    report("empty database: seeding the demo catalogue");
    const topLevel = catalog.categories.filter((category) => !category.parentId);
    const subCategories = catalog.categories.filter((category) => category.parentId);
    await insertInBatches(tx, categories, [...topLevel, ...subCategories], "categories", report);
    await insertInBatches(tx, products, catalog.products, "products", report);
    await insertInBatches(tx, banners, catalog.banners, "banners", report);
    await insertInBatches(tx, reviews, catalog.reviews, "reviews", report);
    return true;
  });
  const result: SeedResult = seeded
    ? {
        seeded,
        categories: catalog.categories.length,
        products: catalog.products.length,
        banners: catalog.banners.length,
        reviews: catalog.reviews.length,
      }
    : { seeded, categories: 0, products: 0, banners: 0, reviews: 0 };
  if (options.images) {
    report(`rendering ${catalog.images.length} images into ${options.images.description}`);
    result.images = await renderImages(catalog.images, options.images.store);
  }
  return result;
}

async function insertInBatches<T extends PgTable>(
  tx: Transaction,
  table: T,
  rows: readonly T["$inferInsert"][],
  label: string,
  report: (message: string) => void,
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await tx.insert(table).values(rows.slice(start, start + ROWS_PER_INSERT));
    const done = Math.min(start + ROWS_PER_INSERT, rows.length);
    if (done % PROGRESS_EVERY_ROWS === 0 || (done === rows.length && rows.length > PROGRESS_EVERY_ROWS)) {
      report(`${label}: ${done}/${rows.length}`);
    }
  }
}

/**
 * Empties the catalogue (reviews, products, banners, categories) so that another one can be seeded. Carts and lists
 * lose those products (their rows cascade); past orders keep their copied titles and prices.
 */
export async function resetCatalog(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    await tx.delete(reviews);
    await tx.delete(products);
    await tx.delete(banners);
    await tx.delete(categories);
  });
}
