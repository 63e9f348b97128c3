import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

// Tables the catalog context owns; `category_counts` is kept by triggers on `products`
// (docs/decisions/011-transactions-and-table-owners.md).

const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});

/** Top-level categories and their sub-categories (one level deep: `parentId` set). */
export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    color: text("color").notNull().default("#f3f4f6"),
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    parentId: uuid("parent_id").references((): AnyPgColumn => categories.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("categories_parent_position_idx").on(t.parentId, t.position),
    index("categories_lower_name_idx").on(sql`lower(${t.name})`),
  ],
);

/** Products. Money is integer paise (docs/architecture.md, invariant 4). */
export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    brand: text("brand").notNull().default(""),
    description: text("description").notNull().default(""),
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    pricePaise: integer("price_paise").notNull(),
    oldPricePaise: integer("old_price_paise"),
    discount: integer("discount").notNull().default(0),
    rating: real("rating").notNull().default(0),
    countInStock: integer("count_in_stock").notNull().default(0),
    catId: uuid("cat_id")
      .notNull()
      .references(() => categories.id),
    subCatId: uuid("sub_cat_id").references(() => categories.id),
    productRam: text("product_ram").array().notNull().default(sql`'{}'::text[]`),
    size: text("size").array().notNull().default(sql`'{}'::text[]`),
    productWeight: text("product_weight").array().notNull().default(sql`'{}'::text[]`),
    /** Countries where the product is sold; matched against the shopper's chosen location. */
    locations: text("locations").array().notNull().default(sql`'{}'::text[]`),
    isFeatured: boolean("is_featured").notNull().default(false),
    /** The shop's own stock-keeping unit; unique. Rows made without one get a random `SKU-…` (migration 0011). */
    sku: text("sku").notNull().default(sql`('SKU-' || upper(replace(gen_random_uuid()::text, '-', '')))`),
    /** GST rate in basis points (hundredths of a per cent); prices stay tax-inclusive. */
    taxRateBasisPoints: integer("tax_rate_basis_points").notNull().default(1800),
    /** HSN code (4, 6 or 8 digits) printed on tax invoices; "" when the shop has not given one. */
    hsnCode: text("hsn_code").notNull().default(""),
    /** Alt text of each picture, by position in `images`. */
    imageAlts: text("image_alts").array().notNull().default(sql`'{}'::text[]`),
    /** Set when the owner archives a product once ordered: it leaves the shop, past orders keep it. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Kept by triggers `products_category_names` and `categories_renamed`, so search finds a product by its category. */
    categoryNames: text("category_names").notNull().default(""),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(brand, '')), 'B') || setweight(to_tsvector('english', coalesce(category_names, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
      ),
  },
  (t) => [
    // Listings are newest first; (created_at, id) is the stable order for every list. NULLS FIRST matches what
    // `order by ... desc` means: drizzle's bare .desc() writes NULLS LAST, which the planner cannot use for that order.
    // Only products on sale: a list's offset then skips index entries without reading rows (decision 032).
    index("products_created_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.archivedAt} is null`),
    index("products_cat_created_idx")
      .on(t.catId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.archivedAt} is null`),
    index("products_subcat_created_idx")
      .on(t.subCatId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.archivedAt} is null`),
    index("products_featured_created_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isFeatured} and ${t.archivedAt} is null`),
    // A category's lists by price (storefront and back office), name and stock, with the id for keyset pages.
    index("products_cat_price_idx").on(t.catId, t.pricePaise, t.id),
    index("products_subcat_price_idx").on(t.subCatId, t.pricePaise, t.id),
    index("products_cat_name_idx").on(t.catId, t.name, t.id),
    index("products_subcat_name_idx").on(t.subCatId, t.name, t.id),
    index("products_cat_stock_idx").on(t.catId, t.countInStock, t.id),
    index("products_subcat_stock_idx").on(t.subCatId, t.countInStock, t.id),
    index("products_locations_idx").using("gin", t.locations),
    index("products_search_idx").using("gin", t.search),
    index("products_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    uniqueIndex("products_sku_idx").on(t.sku),
    // The back office's lists: every product, archived too, in each of its sorts; an SKU typed in its search (decision 032).
    index("products_all_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("products_name_idx").on(t.name, t.id),
    index("products_price_idx").on(t.pricePaise, t.id),
    index("products_stock_idx").on(t.countInStock, t.id),
    index("products_lower_sku_idx").on(sql`lower(${t.sku})`),
    // The picture library: which products still show a picture it is asked to delete.
    index("products_images_idx").using("gin", t.images),
  ],
);

/** Kept exact by triggers on products (migration 0009), so a category listing's total is one row read (decision 020). */
export const categoryCounts = pgTable("category_counts", {
  categoryId: uuid("category_id")
    .primaryKey()
    .references(() => categories.id, { onDelete: "cascade" }),
  products: integer("products").notNull(),
});

export const bannerKinds = ["home", "row", "side", "bottom"] as const;
export type BannerKind = (typeof bannerKinds)[number];

/** Kinds: `home` (/api/homeBanner), `row` (/api/banners), `side` (/api/homeSideBanners), `bottom` (/api/homeBottomBanners). */
export const banners = pgTable(
  "banners",
  {
    id: uuid("id").primaryKey(),
    kind: text("kind", { enum: bannerKinds }).notNull(),
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    catId: uuid("cat_id").references(() => categories.id, { onDelete: "set null" }),
    subCatId: uuid("sub_cat_id").references(() => categories.id, { onDelete: "set null" }),
    position: integer("position").notNull().default(0),
    alt: text("alt").notNull().default(""),
    /** Optional window in which the banner is shown. */
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("banners_kind_position_idx").on(t.kind, t.position)],
);
