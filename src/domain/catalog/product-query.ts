// The parts of a product query that the catalogue and search share, so both return and filter products alike.
import { and, desc, eq, gt, gte, inArray, isNull, lte, type Placeholder, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, DbExecutor } from "#db/client.ts";
import { categories, categoryCounts, products } from "#db/schema/catalog.ts";
import { NEW_PRODUCTS_PER_PAGE, PER_PAGE_OPTIONS, RELATED_PRODUCTS_COUNT } from "#shared/constants.ts";
import { createLocationShares } from "./location-shares.ts";
import type { Page, Pagination, Product, ProductFilter } from "./types.ts";

const subCategories = alias(categories, "sub_categories");

/**
 * A text array read as JSON: the driver parses JSON natively, where it parses PostgreSQL's array text character by
 * character in JavaScript (a seventh of the shop's CPU for a list of 20 products, with five arrays each).
 */
export const arrayAsJson = (column: SQLWrapper) => sql<string[]>`array_to_json(${column})`;

/** Columns of a product with its category names, as every product query returns them. */
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

/** A product as JSON decodes it: `productColumns` by name, its date as text (see productsOf in preparedProductQueries). */
type ProductJson = Omit<Product, "createdAt"> & { createdAt: string };

/** `productColumns`, each named as its key: a row of them becomes a JSON object with those keys (`json_agg`). */
const namedProductColumns = Object.fromEntries(
  Object.entries(productColumns).map(([key, column]) => [key, sql`${column}`.as(key)]),
) as { [Key in keyof typeof productColumns]: SQL.Aliased };

const productsFromJson = (rows: ProductJson[] | null | undefined): Product[] =>
  (rows ?? []).map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));

/** Products joined to their category and sub-category, selecting `productColumns`; add where, order and limit. */
export function selectProducts(executor: DbExecutor) {
  return executor
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.catId))
    .leftJoin(subCategories, eq(subCategories.id, products.subCatId));
}

/** The filters a list can have, in a fixed order: which of them a list uses is its shape. */
const FILTERS = [
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
type FilterName = (typeof FILTERS)[number];

/**
 * The last page of a list served by number: any page of a list whose total is exact, and of a narrower list the pages
 * of its first LIST_COUNT_CAP products (its total is counted no further; `after` walks past them). Skipping a hundred
 * thousand products that a price or rating filter must check one by one cost hundreds of milliseconds of the database
 * per request at a million products, and nothing a shopper does asks for it.
 */
export function lastServedPage(filter: ProductFilter): number {
  return byCategory(appliedFilters(filter)) ? Number.POSITIVE_INFINITY : Math.ceil(LIST_COUNT_CAP / filter.perPage);
}

/** Whether a list's total is exact: one row of `category_counts`, for a list narrowed by a category alone or by nothing. */
const byCategory = (names: readonly FilterName[]) =>
  names.length <= 1 && names.every((name) => name === "catId" || name === "subCatId" || name === "catName");

/** The filters `filter` applies; a value that narrows nothing (no location, inStock false) is not one. */
function appliedFilters(filter: ProductFilter): FilterName[] {
  return FILTERS.filter((name) => {
    const value = filter[name];
    return name === "minPricePaise" || name === "maxPricePaise" || name === "minRating" || name === "featured"
      ? value !== undefined
      : Boolean(value);
  });
}

/**
 * The conditions of the named filters on `products`, each value from `valueFor`: the filter's own value, or a placeholder
 * of a prepared statement (`preparedProductQueries`), so both are built by this one function.
 */
function conditionsOf(executor: DbExecutor, names: readonly FilterName[], valueFor: (name: FilterName) => SQLWrapper) {
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
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Every filter of `filter` as one condition on `products` (undefined when there is none); pagination is ignored. */
export function filterConditions(executor: DbExecutor, filter: ProductFilter): SQL | undefined {
  return conditionsOf(executor, appliedFilters(filter), (name) => sql.param(filter[name]));
}

/**
 * Prepared statements for the catalogue's hottest reads: a product by id, and a list's page (with its total), keyset
 * page and row of products for each shape of filters it is asked with (a statement per shape, made on first use, at
 * most one per combination of FILTERS). The SQL text is built once instead of on every request, and PostgreSQL plans
 * it once per connection: measured at a million products, a product by id went from 0.4 ms to 0.1 ms and from 0.2 ms
 * to 0.05 ms of the shop's CPU (bench/results). Only for `db` itself, never a transaction.
 */
export function preparedProductQueries(
  db: Db,
  /** Locations sold in by fewer than this share of the products are gathered (see pickedIds; tests raise it). */
  { rareLocationShare = RARE_LOCATION_SHARE }: { rareLocationShare?: number } = {},
) {
  const byId = selectProducts(db)
    .where(eq(products.id, sql.placeholder("id")))
    .prepare("catalog_product_by_id");
  const placeholders = (name: FilterName) => sql.placeholder(name);
  const valuesOf = (filter: ProductFilter, names: readonly FilterName[]) =>
    Object.fromEntries(names.filter((name) => name !== "inStock").map((name) => [name, filter[name]]));
  const shapeOf = (names: readonly FilterName[]) => names.reduce((mask, name) => mask | (1 << FILTERS.indexOf(name)), 0);
  /**
   * A statement per shape of filters, per way of picking its products (`gathered`, see pickedIds) and per page size
   * and offset written into its SQL (`size` and `offset`, see PLANNED_PAGE_SIZES), named by `key`.
   */
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
  /** The page size a first page's statement has in its SQL: a category's list (or the whole) in a size of the shop's. */
  const plannedSize = (names: readonly FilterName[], perPage: number) =>
    byCategory(names) && PLANNED_PAGE_SIZES.has(perPage) ? perPage : undefined;
  /** A LIMIT: the page size in the SQL when it has one (`size`), else the `limit` placeholder. */
  const limitOf = (size: number | undefined) => (size === undefined ? sql.placeholder("limit") : inSqlText(size));
  const locationShares = createLocationShares(db);
  const newestFirst = [desc(products.createdAt), desc(products.id)];
  /**
   * A list's total as one value: a list narrowed by a category alone (or nothing) reads the count the triggers keep
   * (`category_counts`, migration 0009), any other list counts its products up to the `countLimit` placeholder.
   */
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
  /**
   * The ids (and dates) of a list's products in list order, for a page to read afterwards (a "deferred join": an
   * offset skips its rows in the (…, created_at, id) index alone, where reading every skipped product, its row and its
   * arrays as JSON, cost far more; at a million products page 4,400 of a category went from 248 ms to 7–14 ms).
   * Walking the list's order until a page is full is quick while matches are common. For a location few products are
   * sold in (`gathered`) it could walk the whole catalogue to find none ("Chad" at a million products: 360 ms a page),
   * so those are gathered first through the locations index (an OFFSET, of 0, keeps PostgreSQL from merging the two
   * steps back into one walk) and then put in order.
   */
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
  /**
   * The products of picked ids as one JSON array in list order (null for none), with `extra` columns beside it: one
   * value for the driver to decode and JSON.parse, where 20 rows of 20 columns cost it 400 field decodes and type
   * conversions and Drizzle a mapped object per row. JSON writes a timestamp as ISO 8601 text with its offset, which
   * `Date` reads to the millisecond as the driver's own parser does (productsFromJson). An aggregate always answers
   * one row, so a page past the last still carries its list's total. Measured at a million products:
   * docs/decisions/024-a-page-of-products-as-one-json-value.md.
   */
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
  // A page carries its list's total beside its products (PostgreSQL computes the uncorrelated subquery once): one
  // round trip instead of two. Measured at a million products (two fresh servers side by side, medians of 8 rounds),
  // the shop's CPU per list page went from about 495 to 430 µs.
  const page = memo((names, key, gathered, size, offset) => {
    const limited = pickedIds(conditionsOf(db, names, placeholders), gathered).limit(limitOf(size));
    // A page in a size of the shop's has its offset in the SQL too, none on the first (see PLANNED_PAGE_SIZES).
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
  /** Whether a list is filtered by a location few products are sold in (see pickedIds). */
  const gatheredFor = async (filter: ProductFilter) =>
    filter.location !== undefined && filter.location !== "" && (await locationShares.isRare(filter.location, rareLocationShare));
  /** The total as the list reports it: capped past `cap` unless it is a category's count. */
  const reported = (names: readonly FilterName[], total: number, cap: number) =>
    !byCategory(names) && total > cap ? { total: cap, capped: true } : { total, capped: false };

  return {
    async byId(id: string): Promise<Product | undefined> {
      const [product] = await byId.execute({ id });
      return product;
    },
    /**
     * One page of a list, with the list's total: how many products it holds, as cheaply as that can be known exactly.
     * A list narrowed by a category alone (or nothing) reads the count the triggers keep; any other list counts its
     * products, stopping past `cap` (LIST_COUNT_CAP), and says `capped` past it. An empty page (past the last, or an
     * empty list) has its total too, in the same answer.
     */
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

/**
 * Page sizes written into the SQL of a first page (and a listing's next few, with their offsets: PLANNED_PAGES), a
 * keyset page and a row of products of a category's list or of the whole catalogue: the shop's own sizes (its listing's
 * choices, its new products' row, and a product page's related products: one more than it shows, so that leaving the
 * product itself out still fills the row). PostgreSQL plans a statement whose LIMIT or OFFSET is a parameter again on
 * every execution: the plan made once for any values ("generic") is costed for a tenth of the list, so it never looks
 * cheaper than one made for the values given. At a million products that planning cost PostgreSQL 0.45 ms for a page it
 * then read in 0.2 ms. With the size in the text and no offset, the generic plan is costed right, chosen after five
 * executions, and planned once per connection. Forcing generic plans instead (`plan_cache_mode`) is wrong for these
 * statements: costed for a tenth of the catalogue, the first page of the whole list joined every product by hash
 * (1.2 s), and a search's plans depend on its words. Other sizes, and pages past the first (but for a listing's first
 * PLANNED_PAGES), keep their parameters. The set is small because each statement is kept per connection (about 160 KB
 * with its plan): at most 8 sizes × 4 shapes (category, sub-category, category by name, none) × 3 kinds (page, keyset
 * page, row), 96 statements and about 15 MB per connection if a client asked for every combination; the shop's own
 * pages use about 20.
 */
export const PLANNED_PAGE_SIZES: ReadonlySet<number> = new Set([
  ...PER_PAGE_OPTIONS,
  NEW_PRODUCTS_PER_PAGE,
  RELATED_PRODUCTS_COUNT + 1,
]);

/**
 * Pages 2 up to this one of a category's or sub-category's listing, in one of its page sizes (PER_PAGE_OPTIONS), have
 * their offset written into the SQL too: a statement per page, planned once per connection (see PLANNED_PAGE_SIZES).
 * Shoppers page through the first few. At most 6 sizes × 2 lists × 4 pages: 48 statements more, about 8 MB per
 * connection if a client asked for every one (the shop's own listing uses 8). A deeper page, or another list's, is
 * planned again on every request (about 0.5 ms of PostgreSQL's CPU at a million products) and keeps no statement.
 */
export const PLANNED_PAGES = 5;

/** Whether a page is a category's or sub-category's listing in one of its own sizes (see PLANNED_PAGES). */
const listingPage = (names: readonly FilterName[], perPage: number) =>
  names.length === 1 &&
  (names[0] === "catId" || names[0] === "subCatId") &&
  (PER_PAGE_OPTIONS as readonly number[]).includes(perPage);

/** A number in a statement's SQL text: Drizzle sends a number given to `.limit()` as a parameter. */
const inSqlText = (size: number) => sql.raw(String(Math.trunc(size))) as unknown as Placeholder;

/**
 * A location sold in by fewer than this share of the products (by the statistics; one they do not list is rarer still)
 * has its products gathered through the locations index (see `pickedIds` in preparedProductQueries). At a million
 * products a quarter-of-the-catalogue location is served in 0.1 ms walking the list in order and in 400 ms gathered;
 * a location with no product the other way round (360 ms against 0.06 ms).
 */
export const RARE_LOCATION_SHARE = 0.005;

/**
 * Lists narrowed by more than their category are counted up to this many products: exact below, "at least" above
 * (`capped`). Counting a hundred thousand matching rows for every page costs more than the page itself.
 */
export const LIST_COUNT_CAP = 1000;

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
export function afterProduct(productId: SQLWrapper): SQL {
  return sql`(${products.createdAt}, ${products.id}) < (select p.created_at, p.id from ${products} p where p.id = ${productId})`;
}
