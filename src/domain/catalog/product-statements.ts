// Prepared statements for the catalogue's hottest reads, built from the query parts of product-query.ts (decision 020).
import { and, desc, eq, isNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "#db/client.ts";
import { categories, categoryCounts, products } from "#db/schema/catalog.ts";
import { NEW_PRODUCTS_PER_PAGE, PER_PAGE_OPTIONS, RELATED_PRODUCTS_COUNT } from "#shared/constants.ts";
import { createLocationShares } from "./location-shares.ts";
import {
  afterProduct,
  appliedFilters,
  byCategory,
  conditionsOf,
  FILTERS,
  type FilterName,
  LIST_COUNT_CAP,
  productColumns,
  selectProducts,
} from "./product-query.ts";
import type { Product, ProductFilter } from "./types.ts";

const subCategories = alias(categories, "sub_categories");

/** A product as `json_agg` hands it back: its date as text. */
type ProductJson = Omit<Product, "createdAt"> & { createdAt: string };

/** `productColumns` named as their keys, so `json_agg` of a row makes an object with those keys. */
const namedProductColumns = Object.fromEntries(
  Object.entries(productColumns).map(([key, column]) => [key, sql`${column}`.as(key)]),
) as { [Key in keyof typeof productColumns]: SQL.Aliased };

const productsFromJson = (rows: ProductJson[] | null | undefined): Product[] =>
  (rows ?? []).map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));

/** The catalogue's list reads, made on first use and planned once per connection (decision 020). Only for `db`. */
export function preparedProductQueries(
  db: Db,
  /** Tests raise it to gather a small catalogue's locations (see pickedIds). */
  { rareLocationShare = RARE_LOCATION_SHARE }: { rareLocationShare?: number } = {},
) {
  // Archived products too, marked: their page answers 410 and a keyset walk may continue after one (decision 032).
  const byId = selectProducts(db, { archived: sql<boolean>`${products.archivedAt} is not null` })
    .where(eq(products.id, sql.placeholder("id")))
    .prepare("catalog_product_by_id");
  const placeholders = (name: FilterName) => sql.placeholder(name);
  const valuesOf = (filter: ProductFilter, names: readonly FilterName[]) =>
    Object.fromEntries(names.filter((name) => name !== "inStock").map((name) => [name, filter[name]]));
  const shapeOf = (names: readonly FilterName[]) => names.reduce((mask, name) => mask | (1 << FILTERS.indexOf(name)), 0);
  // One statement per shape of filters, way of picking (`gathered`), page size and offset in its SQL, named by `key`.
  const memo = <T>(
    make: (names: readonly FilterName[], key: string, gathered: boolean, size: number | undefined, offset: number) => T,
  ) => {
    const made = new Map<string, T>();
    return (names: readonly FilterName[], gathered = false, size?: number, offset = 0) => {
      const shape = shapeOf(names) | (gathered ? 1 << FILTERS.length : 0);
      const key = size === undefined ? String(shape) : offset === 0 ? `${shape}_${size}` : `${shape}_${size}_${offset}`;
      let statement = made.get(key);
      if (!statement) {
        statement = make(names, key, gathered, size, offset);
        made.set(key, statement);
      }
      return statement;
    };
  };
  // Only a category's list (or the whole) in one of the shop's sizes has its page size in the SQL (PLANNED_PAGE_SIZES).
  const plannedSize = (names: readonly FilterName[], perPage: number) =>
    byCategory(names) && PLANNED_PAGE_SIZES.has(perPage) ? perPage : undefined;
  const limitOf = (size: number | undefined) => (size === undefined ? sql.placeholder("limit") : inSqlText(size));
  const locationShares = createLocationShares(db);
  const newestFirst = [desc(products.createdAt), desc(products.id)];
  // A category's list (or the whole) reads the count triggers keep (migration 0009); others count up to `countLimit`.
  const totalOf = (names: readonly FilterName[]): SQL<number> => {
    if (byCategory(names)) {
      const first = names[0];
      const category =
        first === "catId" || first === "subCatId"
          ? eq(categories.id, sql.placeholder(first))
          : first === "catName"
            ? and(isNull(categories.parentId), sql`lower(${categories.name}) = lower(${sql.placeholder("catName")})`)
            : isNull(categories.parentId);
      return sql<number>`(select coalesce(sum(${categoryCounts.products}), 0)::int from ${categoryCounts}
        inner join ${categories} on ${categories.id} = ${categoryCounts.categoryId} where ${category})`;
    }
    const matching = db
      .select({ one: sql`1` })
      .from(products)
      .where(conditionsOf(db, names, placeholders))
      .limit(sql.placeholder("countLimit"));
    return sql<number>`(select count(*)::int from (${matching}) as matching)`;
  };
  // Ids in list order, joined to their products afterwards (an offset skips index entries, not rows). A rare location's
  // products (`gathered`) are found through the locations index behind an OFFSET 0 fence, then sorted.
  const pickedIds = (where: SQL | undefined, gathered: boolean) => {
    if (!gathered) {
      return db
        .select({ id: products.id, createdAt: products.createdAt })
        .from(products)
        .where(where)
        .orderBy(...newestFirst)
        .$dynamic();
    }
    const matching = db
      .select({ id: products.id, createdAt: products.createdAt })
      .from(products)
      .where(where)
      // OFFSET 0 as a placeholder: Drizzle leaves a literal 0 out of the SQL, and the fence needs the clause.
      .offset(sql.placeholder("fence"))
      .as("matching");
    return db
      .select({ id: matching.id, createdAt: matching.createdAt })
      .from(matching)
      .orderBy(desc(matching.createdAt), desc(matching.id))
      .$dynamic();
  };
  // Picked products as one JSON array (decision 020): an aggregate answers one row, so a page past the end has a total.
  const productsOf = <Extra extends Record<string, SQL>>(
    picked: ReturnType<ReturnType<typeof pickedIds>["as"]>,
    extra: Extra,
  ) => {
    const name = "listed";
    const listed = db
      .select(namedProductColumns)
      .from(picked)
      .innerJoin(products, eq(products.id, picked.id))
      .innerJoin(categories, eq(categories.id, products.catId))
      .leftJoin(subCategories, eq(subCategories.id, products.subCatId))
      .as(name);
    // The whole row by its name (interpolating the subquery itself would write it out again).
    const rows = sql.identifier(name);
    return db
      .select({
        products: sql<ProductJson[] | null>`json_agg(${rows} order by ${listed.createdAt} desc, ${listed.id} desc)`,
        ...extra,
      })
      .from(listed);
  };
  // A page carries its list's total beside its products (an uncorrelated subquery, computed once): one round trip.
  const page = memo((names, key, gathered, size, offset) => {
    const limited = pickedIds(conditionsOf(db, names, placeholders), gathered).limit(limitOf(size));
    const picked = (
      size === undefined ? limited.offset(sql.placeholder("offset")) : offset > 0 ? limited.offset(inSqlText(offset)) : limited
    ).as("picked");
    return productsOf(picked, { listTotal: totalOf(names) }).prepare(`catalog_page_${key}`);
  });
  const after = memo((names, key, gathered, size) => {
    const picked = pickedIds(and(conditionsOf(db, names, placeholders), afterProduct(sql.placeholder("after"))), gathered)
      .limit(limitOf(size))
      .as("picked");
    return productsOf(picked, {}).prepare(`catalog_after_${key}`);
  });
  const first = memo((names, key, gathered, size) => {
    const picked = pickedIds(conditionsOf(db, names, placeholders), gathered)
      .limit(limitOf(size))
      .as("picked");
    return productsOf(picked, {}).prepare(`catalog_first_${key}`);
  });
  const gatheredFor = async (filter: ProductFilter) =>
    filter.location !== undefined && filter.location !== "" && (await locationShares.isRare(filter.location, rareLocationShare));
  const reported = (names: readonly FilterName[], total: number, cap: number) =>
    !byCategory(names) && total > cap ? { total: cap, capped: true } : { total, capped: false };

  return {
    async byId(id: string): Promise<(Product & { archived: boolean }) | undefined> {
      const [product] = await byId.execute({ id });
      return product;
    },
    /** A page with its list's total (an empty page too); a list narrower than a category's is `capped` past `cap`. */
    async page(filter: ProductFilter, cap = LIST_COUNT_CAP): Promise<{ items: Product[]; total: number; capped: boolean }> {
      const names = appliedFilters(filter);
      const values = { ...valuesOf(filter, names), countLimit: cap + 1 };
      const planned = filter.page === 1 || (filter.page <= PLANNED_PAGES && listingPage(names, filter.perPage));
      const size = planned ? plannedSize(names, filter.perPage) : undefined;
      const statement = page(names, await gatheredFor(filter), size, size === undefined ? 0 : (filter.page - 1) * size);
      const rows = await statement.execute({
        ...values,
        limit: filter.perPage,
        offset: (filter.page - 1) * filter.perPage,
        fence: 0,
      });
      const [row] = rows;
      return { items: productsFromJson(row?.products), ...reported(names, row?.listTotal ?? 0, cap) };
    },
    /** The first `perPage` products of a list, without its total: a row of products beside a page. */
    async first(filter: ProductFilter): Promise<Product[]> {
      const names = appliedFilters(filter);
      const statement = first(names, await gatheredFor(filter), plannedSize(names, filter.perPage));
      const [row] = await statement.execute({ ...valuesOf(filter, names), limit: filter.perPage, fence: 0 });
      return productsFromJson(row?.products);
    },
    async after(filter: ProductFilter, productId: string): Promise<Product[]> {
      const names = appliedFilters(filter);
      const statement = after(names, await gatheredFor(filter), plannedSize(names, filter.perPage));
      const [row] = await statement.execute({ ...valuesOf(filter, names), after: productId, limit: filter.perPage, fence: 0 });
      return productsFromJson(row?.products);
    },
  };
}

/** The shop's page sizes, written into the SQL so PostgreSQL keeps one generic plan per connection (decision 020). */
export const PLANNED_PAGE_SIZES: ReadonlySet<number> = new Set([
  ...PER_PAGE_OPTIONS,
  NEW_PRODUCTS_PER_PAGE,
  RELATED_PRODUCTS_COUNT + 1,
]);

/** A category's listing pages up to this one get a statement each, offset in the SQL: shoppers page through few. */
export const PLANNED_PAGES = 5;

const listingPage = (names: readonly FilterName[], perPage: number) =>
  names.length === 1 &&
  (names[0] === "catId" || names[0] === "subCatId") &&
  (PER_PAGE_OPTIONS as readonly number[]).includes(perPage);

/** A number in a statement's SQL text: Drizzle sends a number given to `.limit()` as a parameter. */
const inSqlText = (size: number) => sql.raw(String(Math.trunc(size))) as unknown as Placeholder;

/** A location sold in by fewer than this share of the products has them gathered through its index (pickedIds). */
export const RARE_LOCATION_SHARE = 0.005;
