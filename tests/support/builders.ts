import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { DbExecutor } from "#db/client.ts";
import { users } from "#db/schema/accounts.ts";
import { categories, products } from "#db/schema/catalog.ts";
import { catalogWords } from "#db/seed/catalog-words.ts";
import { buildProduct, type SubCategoryPlace } from "#db/seed/demo-products.ts";
import type { CategoryWords } from "#db/seed/word-table.ts";
import { hashPassword } from "#domain/accounts/passwords.ts";

/**
 * Small builders that insert one row each, straight into the database, so a test states only what matters to it
 * (`createTestProduct(db, { pricePaise: 49_900 })`). Names, brands, descriptions and picture names come from the demo
 * catalogue's own generators; ids are fresh UUID v7s and rows are created now, so a built row is the newest of its kind.
 */

type CategoryInsert = typeof categories.$inferInsert;
type ProductInsert = typeof products.$inferInsert;
type UserInsert = typeof users.$inferInsert;

export type TestCategory = typeof categories.$inferSelect;
export type TestProduct = typeof products.$inferSelect;
export type TestUser = typeof users.$inferSelect & {
  /** The password given to the builder, in clear, for signing in; undefined when the account has none. */
  password: string | undefined;
};

/** Any seed works; this one keeps built products apart from the demo catalogue's. */
const BUILDER_SEED = 424_242;
let sequence = 0;
const next = () => ++sequence;

function wordsOf(n: number): CategoryWords {
  return catalogWords[n % catalogWords.length] as CategoryWords;
}

/** A top-level category (or a sub-category with `parentId`), named after one of the demo shop's categories. */
export async function createTestCategory(db: DbExecutor, overrides: Partial<CategoryInsert> = {}): Promise<TestCategory> {
  const n = next();
  const words = wordsOf(n);
  const [row] = await db
    .insert(categories)
    .values({ id: uuidv7(), name: `${words.name} ${n}`, color: words.color, images: [], position: 1000 + n, ...overrides })
    .returning();
  if (!row) throw new Error("createTestCategory: nothing inserted");
  return row;
}

/**
 * A product, in stock and without option lists unless the overrides say otherwise (a test about options names them:
 * `{ size: ["S", "M"] }`). Without `catId` it gets a category of its own.
 */
export async function createTestProduct(db: DbExecutor, overrides: Partial<ProductInsert> = {}): Promise<TestProduct> {
  const n = next();
  const catId = overrides.catId ?? (await createTestCategory(db)).id;
  const category = wordsOf(n);
  const subCategory = category.subCategories[n % category.subCategories.length];
  if (!subCategory) throw new Error(`createTestProduct: category words "${category.name}" have no sub-category`);
  const place: SubCategoryPlace = { id: overrides.subCatId ?? catId, catId, category, words: subCategory };
  const kind = subCategory.kinds[n % subCategory.kinds.length];
  if (!kind) throw new Error(`createTestProduct: sub-category words "${subCategory.name}" have no product kind`);
  const { product: generated } = buildProduct(BUILDER_SEED, n, place, { kind });
  const [row] = await db
    .insert(products)
    .values({
      ...generated,
      id: uuidv7(),
      // Never a demo product's SKU (the generator numbers by position): unique like the id.
      sku: `TEST-${randomUUID()}`,
      subCatId: overrides.subCatId ?? null,
      countInStock: 10,
      // No reviews yet, so no rating (src/shared/ratings.ts); a test about ratings writes reviews.
      rating: 0,
      productRam: [],
      size: [],
      productWeight: [],
      createdAt: new Date(),
      updatedAt: new Date(),
      ...overrides,
      catId,
    })
    .returning();
  if (!row) throw new Error("createTestProduct: nothing inserted");
  return row;
}

/**
 * A verified account. With `password` its argon2id hash is stored (the domain's own hashPassword), so the test can
 * sign in; without one the account has no password (as after a Google sign-up) and building it costs no hashing.
 */
export async function createTestUser(
  db: DbExecutor,
  { password, ...overrides }: Partial<UserInsert> & { password?: string } = {},
): Promise<TestUser> {
  const n = next();
  const [row] = await db
    .insert(users)
    .values({
      id: uuidv7(),
      name: `Test Shopper ${n}`,
      email: `shopper-${n}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      phone: "9876543210",
      passwordHash: password === undefined ? null : await hashPassword(password),
      isVerified: true,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("createTestUser: nothing inserted");
  return { ...row, password };
}

/** A product's stock as the database has it now: what a test reads back after the code under test ran. */
export async function stockOf(db: DbExecutor, productId: string): Promise<number | undefined> {
  const [row] = await db.select({ stock: products.countInStock }).from(products).where(eq(products.id, productId));
  return row?.stock;
}
