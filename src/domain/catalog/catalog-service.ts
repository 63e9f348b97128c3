import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "#db/client.ts";
import { type BannerKind, banners, categories, products } from "#db/schema/catalog.ts";
import { AppError, notFound } from "../errors.ts";
import type { CatalogChanges } from "../ports.ts";
import type { Banner, Category, Page, Pagination, Product, ProductFilter } from "./types.ts";

const subCategories = alias(categories, "sub_categories");

/** Columns of a product with its category names, as every product query returns them. */
const productColumns = {
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

/** Typo tolerance of search: share of the query's trigrams found in a product name (pg_trgm word similarity). 0.3 lets
 * one transposition in a short word through ("realxed" → "Relaxed"); exact and stemmed matches still rank first. */
const SEARCH_WORD_SIMILARITY = 0.3;

export type CatalogService = ReturnType<typeof createCatalogService>;

export function createCatalogService({ db, changes }: { db: Db; changes: CatalogChanges }) {
  function selectProducts() {
    return db
      .select(productColumns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.catId))
      .leftJoin(subCategories, eq(subCategories.id, products.subCatId));
  }

  function filterConditions(filter: ProductFilter): SQL | undefined {
    const conditions: SQL[] = [];
    if (filter.catId) conditions.push(eq(products.catId, filter.catId));
    if (filter.subCatId) conditions.push(eq(products.subCatId, filter.subCatId));
    if (filter.catName) {
      conditions.push(
        inArray(
          products.catId,
          db
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
    return conditions.length > 0 ? and(...conditions) : undefined;
  }

  async function countProducts(where: SQL | undefined): Promise<number> {
    const [row] = await db.select({ total: count() }).from(products).where(where);
    return row?.total ?? 0;
  }

  return {
    /** Top-level categories in display order, each with its sub-categories. */
    async listCategories(): Promise<Category[]> {
      const rows = await db
        .select({
          id: categories.id,
          name: categories.name,
          color: categories.color,
          images: categories.images,
          parentId: categories.parentId,
        })
        .from(categories)
        .orderBy(asc(categories.position), asc(categories.name));
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

    /** A category or sub-category by id, or NOT_FOUND. */
    async getCategory(id: string): Promise<{ id: string; name: string; parentId: string | null }> {
      const [row] = await db
        .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
        .from(categories)
        .where(eq(categories.id, id));
      if (!row) throw notFound("Category not found");
      return row;
    },

    /** Newest first; every filter combines and applies to the whole result, then the page is cut. */
    async listProducts(filter: ProductFilter): Promise<Page<Product>> {
      const where = filterConditions(filter);
      const [items, total] = await Promise.all([
        selectProducts()
          .where(where)
          .orderBy(desc(products.createdAt), desc(products.id))
          .limit(filter.perPage)
          .offset((filter.page - 1) * filter.perPage),
        countProducts(where),
      ]);
      return toPage(items, total, filter);
    },

    async getProduct(id: string): Promise<Product> {
      const [product] = await selectProducts().where(eq(products.id, id));
      if (!product) throw notFound("Product not found");
      return product;
    },

    /**
     * Products like this one for its RELATED PRODUCTS row: the same sub-category (the category when it has none),
     * sold in the shopper's location, newest first, never the product itself.
     */
    async listRelatedProducts(options: {
      productId: string;
      subCatId: string | null;
      catId: string;
      location?: string | undefined;
      limit: number;
    }): Promise<Product[]> {
      const scope = options.subCatId ? { subCatId: options.subCatId } : { catId: options.catId };
      const where = and(
        ne(products.id, options.productId),
        filterConditions({ ...scope, location: options.location, page: 1, perPage: options.limit }),
      );
      return selectProducts().where(where).orderBy(desc(products.createdAt), desc(products.id)).limit(options.limit);
    },

    /**
     * Sets a product's stock (the shop owner's count after a delivery or a stock-take). Cached answers showing the old
     * count are evicted once the change is committed.
     */
    async setStock(productId: string, countInStock: number): Promise<void> {
      if (!Number.isInteger(countInStock) || countInStock < 0) {
        throw new AppError("BAD_REQUEST", "Stock must be a whole number, 0 or more.");
      }
      const updated = await db
        .update(products)
        .set({ countInStock })
        .where(eq(products.id, productId))
        .returning({ id: products.id });
      if (updated.length === 0) throw notFound("Product not found");
      changes.productsChanged([productId]);
    },

    async listBanners(kind: BannerKind): Promise<Banner[]> {
      return db
        .select({ id: banners.id, kind: banners.kind, images: banners.images, catId: banners.catId, subCatId: banners.subCatId })
        .from(banners)
        .where(eq(banners.kind, kind))
        .orderBy(asc(banners.position), asc(banners.id))
        .limit(50);
    },

    /**
     * Full-text match on name, brand and description (stemmed: "sweaters" finds "sweater") or a close match of the
     * query inside the name (typos: "lapotp" finds "Laptop"), best matches first.
     */
    async searchProducts(options: ProductFilter & { query: string }): Promise<Page<Product>> {
      const query = options.query.trim();
      const tsQuery = sql`websearch_to_tsquery('english', ${query})`;
      const matches = sql`(${products.search} @@ ${tsQuery} or ${query} <% ${products.name})`;
      const where = and(matches, filterConditions({ ...options, page: 1 }));
      const rank = sql`ts_rank(${products.search}, ${tsQuery}) + word_similarity(${query}, ${products.name})`;
      return db.transaction(async (tx) => {
        // The threshold of `<%` is a setting; set it for this transaction only (works on PostgreSQL and PGlite).
        await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SEARCH_WORD_SIMILARITY)}, true)`);
        const items = await tx
          .select(productColumns)
          .from(products)
          .innerJoin(categories, eq(categories.id, products.catId))
          .leftJoin(subCategories, eq(subCategories.id, products.subCatId))
          .where(where)
          .orderBy(desc(rank), desc(products.createdAt), desc(products.id))
          .limit(options.perPage)
          .offset((options.page - 1) * options.perPage);
        const [row] = await tx.select({ total: count() }).from(products).where(where);
        return toPage(items, row?.total ?? 0, options);
      });
    },
  };
}

function toPage<T>(items: T[], total: number, { page, perPage }: Pagination): Page<T> {
  return { items, total, page, perPage, totalPages: Math.ceil(total / perPage) };
}
