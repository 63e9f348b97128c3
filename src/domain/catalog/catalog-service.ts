import { and, asc, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { type Db, type DbExecutor, namedStatement } from "#db/client.ts";
import { type BannerKind, banners, categories, products } from "#db/schema/catalog.ts";
import { reviews } from "#db/schema/reviews.ts";
import { catalogMessages } from "#shared/messages.ts";
import { ratingFromReviews } from "#shared/ratings.ts";
import { AppError, notFound } from "../errors.ts";
import type { CatalogChanges } from "../ports.ts";
import { arrayAsJson, LIST_COUNT_CAP, lastServedPage, nextCursorOf, onSale, toPage } from "./product-query.ts";
import { preparedProductQueries } from "./product-statements.ts";
import type { Banner, Category, CursorPage, Page, Product, ProductFilter } from "./types.ts";

export type CatalogService = ReturnType<typeof createCatalogService>;

/** Checkout's hot write, written once as a named statement (decision 021). */
const takeStock = namedStatement<{ pricePaise: number; name: string; image: string }>(
  "catalog_take_stock",
  `update products set count_in_stock = count_in_stock - $2
     where id = $1 and count_in_stock >= $2 and archived_at is null
     returning price_paise as "pricePaise", name, coalesce(images[1], '') as image`,
);

export function createCatalogService({ db, changes }: { db: Db; changes: CatalogChanges }) {
  const prepared = preparedProductQueries(db);
  // Every page's menu reads the categories: prepared once.
  const categoryRows = db
    .select({
      id: categories.id,
      name: categories.name,
      color: categories.color,
      images: arrayAsJson(categories.images),
      parentId: categories.parentId,
    })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name))
    .prepare("catalog_categories");

  async function releaseStock(
    tx: DbExecutor,
    items: readonly { productId: string | null; quantity: number }[],
  ): Promise<string[]> {
    const given = sumByProduct(items.filter((item): item is { productId: string; quantity: number } => item.productId !== null));
    for (const [productId, quantity] of given) {
      await tx
        .update(products)
        .set({ countInStock: sql`${products.countInStock} + ${quantity}` })
        .where(eq(products.id, productId));
    }
    return [...given.keys()];
  }

  async function setArchived(tx: DbExecutor, productId: string, at: Date | null): Promise<ArchiveChange> {
    const [updated] = await tx
      .update(products)
      .set({ archivedAt: at, updatedAt: sql`now()` })
      .where(and(eq(products.id, productId), at === null ? isNotNull(products.archivedAt) : isNull(products.archivedAt)))
      .returning({ archivedAt: products.archivedAt });
    if (updated) return { changed: true, archivedAt: updated.archivedAt };
    const [row] = await tx.select({ archivedAt: products.archivedAt }).from(products).where(eq(products.id, productId));
    if (!row) throw notFound(catalogMessages.productNotFound);
    return { changed: false, archivedAt: row.archivedAt };
  }

  return {
    async listCategories(): Promise<Category[]> {
      const rows = await categoryRows.execute();
      const tops: Category[] = [];
      const byId = new Map<string, Category>();
      for (const row of rows) {
        if (row.parentId === null) {
          const category = { id: row.id, name: row.name, color: row.color, images: row.images, children: [] };
          tops.push(category);
          byId.set(row.id, category);
        }
      }
      for (const row of rows) {
        if (row.parentId !== null) byId.get(row.parentId)?.children.push({ id: row.id, name: row.name, parentId: row.parentId });
      }
      return tops;
    },

    async getCategory(id: string): Promise<{ id: string; name: string; parentId: string | null }> {
      const [row] = await db
        .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
        .from(categories)
        .where(eq(categories.id, id));
      if (!row) throw notFound(catalogMessages.categoryNotFound);
      return row;
    },

    /** The web clamps a page number to it. */
    lastServedPage,

    async listProducts(filter: ProductFilter): Promise<Page<Product>> {
      if (filter.page > lastServedPage(filter)) {
        throw new AppError(
          "BAD_REQUEST",
          `A filtered list is served by page number up to its first ${LIST_COUNT_CAP} products: continue past them with after=<nextCursor>.`,
        );
      }
      const { items, total, capped } = await prepared.page(filter);
      return toPage(items, total, filter, capped);
    },

    /** Any depth, no total; a deleted cursor product is NOT_FOUND, never an empty page that looks like the end. */
    async listProductsAfter(filter: ProductFilter, after: string): Promise<CursorPage<Product>> {
      const items = await prepared.after(filter, after);
      if (items.length < filter.perPage && !(await prepared.byId(after))) {
        throw notFound(catalogMessages.cursorGone);
      }
      return { items, perPage: filter.perPage, nextCursor: nextCursorOf(items, filter.perPage) };
    },

    /** What a sitemap lists, nothing more. */
    async productDates(offset: number, limit: number): Promise<{ id: string; createdAt: Date }[]> {
      return db
        .select({ id: products.id, createdAt: products.createdAt })
        .from(products)
        .where(onSale)
        .orderBy(desc(products.createdAt), desc(products.id))
        .limit(limit)
        .offset(offset);
    },

    /** An archived product is GONE (410): it existed, and its page says it is no longer available (decision 032). */
    async getProduct(id: string): Promise<Product> {
      const found = await prepared.byId(id);
      if (!found) throw notFound(catalogMessages.productNotFound);
      const { archived, ...product } = found;
      if (archived) throw new AppError("GONE", catalogMessages.productGone);
      return product;
    },

    /**
     * Takes a product off sale in the caller's transaction (the back office records its audit event beside it): it
     * leaves every list, search and count, its page answers 410, carts show it unavailable, orders keep it. Archiving
     * an archived product changes nothing (`changed: false`). Call `productsChanged` after commit.
     */
    async archiveProduct(tx: DbExecutor, productId: string, at: Date = new Date()): Promise<ArchiveChange> {
      return setArchived(tx, productId, at);
    },

    /** Puts an archived product back on sale (the reverse of `archiveProduct`, same rules). */
    async unarchiveProduct(tx: DbExecutor, productId: string): Promise<ArchiveChange> {
      return setArchived(tx, productId, null);
    },

    /** After a commit that changed products: the micro-cache and the other instances drop their answers (decision 009). */
    productsChanged(productIds: readonly string[]): void {
      changes.productsChanged(productIds);
    },

    async listRelatedProducts(options: {
      productId: string;
      subCatId: string | null;
      catId: string;
      location?: string | undefined;
      limit: number;
    }): Promise<Product[]> {
      const scope = options.subCatId ? { subCatId: options.subCatId } : { catId: options.catId };
      // The list's own prepared statement, one longer, so leaving the product out still fills the row.
      const items = await prepared.first({ ...scope, location: options.location, page: 1, perPage: options.limit + 1 });
      return items.filter((product) => product.id !== options.productId).slice(0, options.limit);
    },

    async setStock(productId: string, countInStock: number): Promise<void> {
      if (!Number.isInteger(countInStock) || countInStock < 0) {
        throw new AppError("BAD_REQUEST", catalogMessages.stockWhole);
      }
      const updated = await db
        .update(products)
        .set({ countInStock })
        .where(eq(products.id, productId))
        .returning({ id: products.id });
      if (updated.length === 0) throw notFound(catalogMessages.productNotFound);
      changes.productsChanged([productId]);
    },

    /**
     * Takes stock in the caller's transaction with a guarded update per product, so concurrent buyers never oversell.
     * All or nothing: the first product short gives back what was taken and is returned as `short` (decision 015).
     * Products go in id order so two checkouts never wait on each other in a circle.
     */
    async reserveStock(
      tx: DbExecutor,
      items: readonly { productId: string; quantity: number }[],
    ): Promise<
      | { ok: true; products: Map<string, { pricePaise: number; name: string; image: string }> }
      | { ok: false; short: { productId: string; name: string; countInStock: number; unavailable: boolean } }
    > {
      const wanted = sumByProduct(items);
      const taken = new Map<string, { pricePaise: number; name: string; image: string }>();
      for (const [productId, quantity] of wanted) {
        const [row] = await takeStock(tx, [productId, quantity]);
        if (!row) {
          await releaseStock(
            tx,
            [...taken.keys()].map((id) => ({ productId: id, quantity: wanted.get(id) ?? 0 })),
          );
          const [product] = await tx
            .select({ name: products.name, countInStock: products.countInStock, archivedAt: products.archivedAt })
            .from(products)
            .where(eq(products.id, productId));
          return {
            ok: false,
            short: {
              productId,
              name: product?.name ?? "A product",
              countInStock: product?.countInStock ?? 0,
              unavailable: !product || product.archivedAt !== null,
            },
          };
        }
        taken.set(productId, row);
      }
      return { ok: true, products: taken };
    },

    releaseStock,

    /** In the review's transaction (decision 011), the row locked first: concurrent reviews count one after another. */
    async applyReviewAggregate(tx: DbExecutor, productId: string): Promise<{ rating: number; reviewCount: number }> {
      const locked = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("no key update");
      if (locked.length === 0) throw notFound(catalogMessages.productNotFound);
      const [row] = await tx
        .select({ total: sql<number>`coalesce(sum(${reviews.customerRating}::float8), 0)`.mapWith(Number), count: count() })
        .from(reviews)
        .where(and(eq(reviews.productId, productId), isNull(reviews.hiddenAt)));
      const reviewCount = row?.count ?? 0;
      const rating = ratingFromReviews({ total: row?.total ?? 0, count: reviewCount });
      await tx.update(products).set({ rating }).where(eq(products.id, productId));
      return { rating, reviewCount };
    },

    /** Those inside their window now: kept answers expire within API_CACHE_TTL_MS, so a banner starts without an edit. */
    async listBanners(kind: BannerKind): Promise<Banner[]> {
      return db
        .select({ id: banners.id, kind: banners.kind, images: banners.images, catId: banners.catId, subCatId: banners.subCatId })
        .from(banners)
        .where(
          sql`${banners.kind} = ${kind} and (${banners.startsAt} is null or ${banners.startsAt} <= now()) and (${banners.endsAt} is null or ${banners.endsAt} > now())`,
        )
        .orderBy(asc(banners.position), asc(banners.id))
        .limit(50);
    },
  };
}

/** What archiving or unarchiving did: `archivedAt` is the product's value afterwards (null: on sale). */
export interface ArchiveChange {
  changed: boolean;
  archivedAt: Date | null;
}

/** Quantities per product, in id order: a fixed lock order for concurrent checkouts. */
function sumByProduct(items: readonly { productId: string; quantity: number }[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const { productId, quantity } of items) sums.set(productId, (sums.get(productId) ?? 0) + quantity);
  return new Map([...sums].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
