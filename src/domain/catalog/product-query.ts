// The parts of a product query that the catalogue and search share, so both return and filter products alike.
import { and, count, eq, gt, gte, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbExecutor } from "#db/client.ts";
import { categories, categoryCounts, products } from "#db/schema/catalog.ts";
import type { Page, Pagination, ProductFilter } from "./types.ts";

const subCategories = alias(categories, "sub_categories");

/** Columns of a product with its category names, as every product query returns them. */
export const productColumns = {
  id: products.id,
  name: products.name,
  brand: products.brand,
  description: products.description,
  images: products.images,
  pricePaise: products.pricePaise,
  oldPricePaise: products.oldPricePaise,
  discount: products.discount,
  rating: products.rating,
  countInStock: products.countInStock,
  catId: products.catId,
  catName: categories.name,
  subCatId: products.subCatId,
  subCatName: subCategories.name,
  productRam: products.productRam,
  size: products.size,
  productWeight: products.productWeight,
  locations: products.locations,
  isFeatured: products.isFeatured,
  createdAt: products.createdAt,
};

/** Products joined to their category and sub-category, selecting `productColumns`; add where, order and limit. */
export function selectProducts(executor: DbExecutor) {
  return executor
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.catId))
    .leftJoin(subCategories, eq(subCategories.id, products.subCatId));
}

/** Every filter of `filter` as one condition on `products` (undefined when there is none); pagination is ignored. */
export function filterConditions(executor: DbExecutor, filter: ProductFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.catId) conditions.push(eq(products.catId, filter.catId));
  if (filter.subCatId) conditions.push(eq(products.subCatId, filter.subCatId));
  if (filter.catName) {
    conditions.push(
      inArray(
        products.catId,
        executor
          .select({ id: categories.id })
          .from(categories)
          .where(and(isNull(categories.parentId), sql`lower(${categories.name}) = lower(${filter.catName})`)),
      ),
    );
  }
  if (filter.minPricePaise !== undefined) conditions.push(gte(products.pricePaise, filter.minPricePaise));
  if (filter.maxPricePaise !== undefined) conditions.push(lte(products.pricePaise, filter.maxPricePaise));
  if (filter.minRating !== undefined) conditions.push(gte(products.rating, filter.minRating));
  if (filter.location) conditions.push(sql`${products.locations} @> array[${filter.location}]::text[]`);
  if (filter.featured !== undefined) conditions.push(eq(products.isFeatured, filter.featured));
  if (filter.inStock) conditions.push(gt(products.countInStock, 0));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * Lists narrowed by more than their category are counted up to this many products: exact below, "at least" above
 * (`capped`). Counting a hundred thousand matching rows for every page costs more than the page itself.
 */
export const LIST_COUNT_CAP = 10_000;

/**
 * How many products a list holds, as cheaply as it can be known exactly. A list narrowed by a category alone (or
 * nothing) reads the count the triggers keep (`category_counts`, migration 0009): one row. Any other list counts the
 * products meeting `where` (`filterConditions` of the same filter), stopping past LIST_COUNT_CAP.
 */
export async function countListed(
  executor: DbExecutor,
  filter: ProductFilter,
  where: SQL | undefined,
  cap = LIST_COUNT_CAP,
): Promise<{ total: number; capped: boolean }> {
  const narrowed =
    filter.minPricePaise !== undefined ||
    filter.maxPricePaise !== undefined ||
    filter.minRating !== undefined ||
    Boolean(filter.location) ||
    filter.featured !== undefined ||
    Boolean(filter.inStock) ||
    [filter.catId, filter.subCatId, filter.catName].filter(Boolean).length > 1;
  if (!narrowed) {
    const [row] = await executor
      .select({ total: sql<number>`coalesce(sum(${categoryCounts.products}), 0)::int` })
      .from(categoryCounts)
      .innerJoin(categories, eq(categories.id, categoryCounts.categoryId))
      .where(
        filter.catId
          ? eq(categories.id, filter.catId)
          : filter.subCatId
            ? eq(categories.id, filter.subCatId)
            : filter.catName
              ? and(isNull(categories.parentId), sql`lower(${categories.name}) = lower(${filter.catName})`)
              : isNull(categories.parentId),
      );
    return { total: row?.total ?? 0, capped: false };
  }
  const matching = executor
    .select({ one: sql`1` })
    .from(products)
    .where(where)
    .limit(cap + 1)
    .as("matching");
  const [row] = await executor.select({ total: count() }).from(matching);
  const total = row?.total ?? 0;
  return total > cap ? { total: cap, capped: true } : { total, capped: false };
}

/** One page of a list, with the list's total and number of pages. */
export function toPage<T extends { id: string }>(
  items: T[],
  total: number,
  { page, perPage }: Pagination,
  capped = false,
): Page<T> {
  const totalPages = Math.ceil(total / perPage);
  return { items, total, page, perPage, totalPages, capped, nextCursor: nextCursorOf(items, perPage) };
}

/** The id to continue a keyset walk after this page: its last item's, when the page is full. */
export function nextCursorOf(items: readonly { id: string }[], perPage: number): string | null {
  return items.length === perPage && items.length > 0 ? (items[items.length - 1]?.id ?? null) : null;
}

/**
 * Products that come after `productId` in list order (newest first: created_at, then id, both descending), as a row
 * comparison the (created_at, id) indexes serve directly. The position is read from the row itself, so it is exact to
 * the microsecond. A product deleted since leaves no position: the condition matches nothing and the walk ends.
 */
export function afterProduct(productId: string): SQL {
  return sql`(${products.createdAt}, ${products.id}) < (select p.created_at, p.id from ${products} p where p.id = ${productId})`;
}
