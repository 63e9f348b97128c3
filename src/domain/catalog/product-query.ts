// The parts of a product query that the catalogue and search share, so both return and filter products alike;
// product-statements.ts prepares the catalogue's hottest reads from them.
import { and, eq, gt, gte, inArray, isNull, lte, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbExecutor } from "#db/client.ts";
import { categories, products } from "#db/schema/catalog.ts";
import type { Page, Pagination, ProductFilter } from "./types.ts";

const subCategories = alias(categories, "sub_categories");

/** A text array read as JSON: the driver parses JSON natively, PostgreSQL's array text in JavaScript (decision 020). */
export const arrayAsJson = (column: SQLWrapper) => sql<string[]>`array_to_json(${column})`;

export const productColumns = {
  id: products.id,
  name: products.name,
  brand: products.brand,
  description: products.description,
  images: arrayAsJson(products.images),
  pricePaise: products.pricePaise,
  oldPricePaise: products.oldPricePaise,
  discount: products.discount,
  rating: products.rating,
  countInStock: products.countInStock,
  catId: products.catId,
  catName: categories.name,
  subCatId: products.subCatId,
  subCatName: subCategories.name,
  productRam: arrayAsJson(products.productRam),
  size: arrayAsJson(products.size),
  productWeight: arrayAsJson(products.productWeight),
  locations: arrayAsJson(products.locations),
  isFeatured: products.isFeatured,
  createdAt: products.createdAt,
};

export function selectProducts<Extra extends Record<string, SQL>>(executor: DbExecutor, extra?: Extra) {
  return executor
    .select({ ...productColumns, ...(extra as Extra) })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.catId))
    .leftJoin(subCategories, eq(subCategories.id, products.subCatId));
}

/** The filters a list can have, in a fixed order: which of them a list uses is its shape. */
export const FILTERS = [
  "catId",
  "subCatId",
  "catName",
  "minPricePaise",
  "maxPricePaise",
  "minRating",
  "location",
  "featured",
  "inStock",
] as const;
export type FilterName = (typeof FILTERS)[number];

/** A narrower list than a category's is served by number up to LIST_COUNT_CAP products; `after` walks past them. */
export function lastServedPage(filter: ProductFilter): number {
  return byCategory(appliedFilters(filter)) ? Number.POSITIVE_INFINITY : Math.ceil(LIST_COUNT_CAP / filter.perPage);
}

/** Whether a list's total is exact: kept in `category_counts` for a list narrowed by a category alone or nothing. */
export const byCategory = (names: readonly FilterName[]) =>
  names.length <= 1 && names.every((name) => name === "catId" || name === "subCatId" || name === "catName");

/** A value that narrows nothing (no location, inStock false) is not an applied filter. */
export function appliedFilters(filter: ProductFilter): FilterName[] {
  return FILTERS.filter((name) => {
    const value = filter[name];
    return name === "minPricePaise" || name === "maxPricePaise" || name === "minRating" || name === "featured"
      ? value !== undefined
      : Boolean(value);
  });
}

/** What every list, count and search of the shop applies: archived products are off sale (decision 032). */
export const onSale = isNull(products.archivedAt);

/**
 * The named filters' conditions, each value a parameter or a prepared statement's placeholder (`valueFor`), and always
 * `onSale`: the list indexes are partial on it (decision 032).
 */
export function conditionsOf(executor: DbExecutor, names: readonly FilterName[], valueFor: (name: FilterName) => SQLWrapper) {
  const conditions = names.map((name): SQL => {
    const value = valueFor(name);
    switch (name) {
      case "catId":
        return eq(products.catId, value);
      case "subCatId":
        return eq(products.subCatId, value);
      case "catName":
        return inArray(
          products.catId,
          executor
            .select({ id: categories.id })
            .from(categories)
            .where(and(isNull(categories.parentId), sql`lower(${categories.name}) = lower(${value})`)),
        );
      case "minPricePaise":
        return gte(products.pricePaise, value);
      case "maxPricePaise":
        return lte(products.pricePaise, value);
      case "minRating":
        return gte(products.rating, value);
      case "location":
        return sql`${products.locations} @> array[${value}]::text[]`;
      case "featured":
        return eq(products.isFeatured, value);
      case "inStock":
        return gt(products.countInStock, 0);
      default:
        throw new Error(`no condition for the filter ${name satisfies never}`);
    }
  });
  return and(onSale, ...conditions) as SQL;
}

export function filterConditions(executor: DbExecutor, filter: ProductFilter): SQL {
  return conditionsOf(executor, appliedFilters(filter), (name) => sql.param(filter[name]));
}

/** Narrower lists are counted up to this many products (`capped` above): counting all would cost more than the page. */
export const LIST_COUNT_CAP = 1000;

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

/** A row comparison the (created_at, id) index serves; a deleted product matches nothing and ends the walk. */
export function afterProduct(productId: SQLWrapper): SQL {
  return sql`(${products.createdAt}, ${products.id}) < (select p.created_at, p.id from ${products} p where p.id = ${productId})`;
}
