import { getTableName, isNotNull, sql } from "drizzle-orm";
import { type Db, type DbTransaction, rowsOf } from "../client.ts";
import { cartItems } from "../schema/cart.ts";
import { banners, categories, categoryCounts, products } from "../schema/catalog.ts";
import { orderItems } from "../schema/orders.ts";
import { reviewReports, reviews } from "../schema/reviews.ts";
import { searchTerms } from "../schema/search.ts";
import { wishlistItems } from "../schema/wishlist.ts";
import { disableTriggers, dropForeignKeys, dropSecondaryIndexes, insertRows } from "./bulk-load.ts";
import { type CategoryRow, type DemoCatalogPlan, type ProductRow, planDemoCatalog } from "./demo-catalog.ts";
import { type PictureStore, renderImages } from "./images.ts";

const SEED_LOCK_ID = 724_420_118;
/** Few round trips at a million products, and only one batch of rows is ever held in memory. */
const PRODUCTS_PER_BATCH = 20_000;
const PROGRESS_EVERY_ROWS = 100_000;
/** Bulk-loaded from this many products (bench/results/*-seed-1m.md); seed.test.ts checks both paths give the same rows. */
export const BULK_LOAD_FROM_PRODUCTS = 50_000;
/** The triggers on `products` that the bulk load replaces by set-based statements (migrations 0008 and 0009). */
const INSERT_TRIGGERS = ["products_category_names", "search_terms_inserted", "category_counts_inserted"] as const;

export interface SeedResult {
  /** False when the database already had a catalogue. */
  seeded: boolean;
  categories: number;
  products: number;
  banners: number;
  reviews: number;
  images?: { rendered: number; skipped: number };
}

export interface SeedOptions {
  products?: number;
  images?: { store: PictureStore; description: string } | undefined;
  onProgress?: (message: string) => void;
  bulk?: boolean;
}

/** Under an advisory lock, so instances starting together seed once; pictures are completed even when already seeded. */
export async function seedDemoCatalog(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const report = options.onProgress ?? (() => {});
  const plan = planDemoCatalog({ products: options.products });
  const bulk = options.bulk ?? plan.productCount >= BULK_LOAD_FROM_PRODUCTS;
  const inserted = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const existing = await tx.select({ id: categories.id }).from(categories).limit(1);
    if (existing.length > 0) return null;
    report(`empty database: seeding the demo catalogue${bulk ? " (bulk load)" : ""}`);
    return bulk ? await bulkLoad(tx, plan, report) : await insertThroughTriggers(tx, plan, report);
  });
  const result: SeedResult = inserted
    ? {
        seeded: true,
        categories: plan.categories.length,
        products: plan.productCount,
        banners: plan.banners.length,
        reviews: inserted.reviews,
      }
    : { seeded: false, categories: 0, products: 0, banners: 0, reviews: 0 };
  if (inserted && bulk) {
    // After the commit: statistics for the planner right away, rather than when autovacuum gets to it (PGlite has none).
    await db.execute(sql`analyze ${categories}, ${products}, ${reviews}, ${banners}, ${searchTerms}`);
    report("analyzed");
  }
  if (options.images) {
    const pictures = plan.pictures();
    report(`rendering ${pictures.length} images into ${options.images.description}`);
    result.images = await renderImages(pictures, options.images.store);
  }
  return result;
}

/** The ordinary path: rows in batches, the triggers of migration 0008 keeping `category_names` and the dictionary. */
async function insertThroughTriggers(tx: DbTransaction, plan: DemoCatalogPlan, report: (message: string) => void) {
  await insertRows(tx, categories, plan.categories);
  const counts = await insertProducts(tx, plan, report, (product) => product);
  await insertRows(tx, banners, plan.banners);
  return counts;
}

/** The search dictionary's upsert over every product at once: what the products' insert trigger adds, batch by batch. */
export const dictionaryOfAllProducts = sql`
  insert into ${searchTerms} (term, products)
  select w, count(*) from ${products} p, search_words(p.name, p.brand, p.category_names) as w
  where p.archived_at is null group by w order by w
  on conflict (term) do update set products = ${searchTerms}.products + excluded.products`;

/** What trigger category_counts_inserted adds, over all the rows at once. */
export const categoryCountsOfAllProducts = sql`
  insert into ${categoryCounts} (category_id, products)
  select c, count(*)::int from (
    select cat_id as c from ${products} where archived_at is null
    union all select sub_cat_id from ${products} where sub_cat_id is not null and archived_at is null
  ) added group by c
  on conflict (category_id) do update set products = ${categoryCounts}.products + excluded.products`;

/** Without secondary indexes, foreign keys and insert triggers, then the triggers' work by set-based statements. */
async function bulkLoad(tx: DbTransaction, plan: DemoCatalogPlan, report: (message: string) => void) {
  // Index builds sort in memory up to this; PGlite's own setting is small (client.ts).
  await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
  const productIndexes = await dropSecondaryIndexes(tx, products);
  const reviewIndexes = await dropSecondaryIndexes(tx, reviews);
  const enableTriggers = await disableTriggers(tx, products, INSERT_TRIGGERS);
  const productKeys = await dropForeignKeys(tx, products);
  const reviewKeys = await dropForeignKeys(tx, reviews);
  report(
    `secondary indexes (${productIndexes.count + reviewIndexes.count}) and foreign keys (${productKeys.count + reviewKeys.count}) of products and reviews dropped, insert triggers disabled`,
  );

  await insertRows(tx, categories, plan.categories);
  const categoryNames = categoryNamesOf(plan.categories);
  const counts = await insertProducts(tx, plan, report, (product) => ({
    ...product,
    categoryNames: categoryNames(product.catId, product.subCatId),
  }));
  await insertRows(tx, banners, plan.banners);
  report(`${plan.productCount} products, ${counts.reviews} reviews inserted`);

  await tx.execute(dictionaryOfAllProducts);
  const [terms] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from ${searchTerms}`);
  report(`search dictionary: ${terms?.n ?? 0} terms`);
  await tx.execute(categoryCountsOfAllProducts);

  await enableTriggers();
  await productKeys.restore();
  await reviewKeys.restore();
  report(`foreign keys added back (${productKeys.count + reviewKeys.count})`);
  await productIndexes.rebuild();
  report(`indexes of products rebuilt (${productIndexes.count})`);
  await reviewIndexes.rebuild();
  report(`indexes of reviews rebuilt (${reviewIndexes.count})`);
  return counts;
}

async function insertProducts(
  tx: DbTransaction,
  plan: DemoCatalogPlan,
  report: (message: string) => void,
  shape: (product: ProductRow) => ProductRow,
): Promise<{ reviews: number }> {
  let done = 0;
  let reviewCount = 0;
  for (const batch of plan.productBatches(PRODUCTS_PER_BATCH)) {
    await insertRows(tx, products, batch.products.map(shape));
    await insertRows(tx, reviews, batch.reviews);
    const before = done;
    done += batch.products.length;
    reviewCount += batch.reviews.length;
    const crossed = Math.floor(done / PROGRESS_EVERY_ROWS) > Math.floor(before / PROGRESS_EVERY_ROWS);
    if (plan.productCount > PRODUCTS_PER_BATCH && (crossed || done === plan.productCount)) {
      report(`products: ${done}/${plan.productCount} (${reviewCount} reviews)`);
    }
  }
  return { reviews: reviewCount };
}

/** What trigger `products_category_names` computes: the names of the category and the sub-category, parent first. */
function categoryNamesOf(rows: readonly CategoryRow[]): (catId: string, subCatId: string | null | undefined) => string {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return (catId, subCatId) =>
    [catId, subCatId]
      .map((id) => byId.get(id ?? ""))
      .filter((row) => row !== undefined)
      .sort((a, b) => Number(Boolean(a.parentId)) - Number(Boolean(b.parentId)))
      .map((row) => row.name)
      .join(" ");
}

/**
 * Empties the catalogue with TRUNCATE (a DELETE of a million products cascades row by row), doing the cascades' work
 * first: carts and lists emptied, order lines keep their copies with `product_id` null. TRUNCATE refuses a referenced
 * table, so the order lines' foreign key is dropped and put back around it.
 */
export async function resetCatalog(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const orderLineKeys = await rowsOf<{ name: string; definition: string }>(
      tx,
      sql`select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
          where contype = 'f' and conrelid = ${getTableName(orderItems)}::regclass and confrelid = ${getTableName(products)}::regclass`,
    );
    await tx.update(orderItems).set({ productId: null }).where(isNotNull(orderItems.productId));
    for (const key of orderLineKeys) await tx.execute(sql`alter table ${orderItems} drop constraint ${sql.identifier(key.name)}`);
    await tx.execute(
      sql`truncate ${cartItems}, ${wishlistItems}, ${reviewReports}, ${reviews}, ${products}, ${banners}, ${categoryCounts}, ${categories}, ${searchTerms}`,
    );
    for (const key of orderLineKeys) {
      await tx.execute(sql`alter table ${orderItems} add constraint ${sql.identifier(key.name)} ${sql.raw(key.definition)}`);
    }
  });
}
