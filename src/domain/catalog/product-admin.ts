// The back office's products (issue 33, item 3): lists with search and keyset pages, every field written in one
// transaction with its audit event, archive instead of delete once ordered, history and revert (decision 031).
// One file: every write goes through the same lock, check, write-with-audit and eviction steps defined here.
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { v7 as uuidv7 } from "uuid";
import { type Db, type DbExecutor, type DbTransaction, withTransaction } from "#db/client.ts";
import { categories, products } from "#db/schema/catalog.ts";
import { orderItems } from "#db/schema/orders.ts";
import { productAdminMessages as messages } from "#shared/back-office-messages.ts";
import { catalogMessages } from "#shared/messages.ts";
import {
  discountOf,
  type FieldErrors,
  isPriceChange,
  type ProductInput,
  type ProductListQuery,
  type ProductSort,
} from "#shared/schemas/back-office-products.ts";
import type { Actor, AuditEvent } from "../back-office/audit.ts";
import type { AuditTrail } from "../back-office/back-office-service.ts";
import { AppError, notFound } from "../errors.ts";
import { findCountry } from "../locations/countries.ts";
import type { CatalogChanges } from "../ports.ts";
import { correctedText, correctionsFor } from "../search/corrections.ts";
import { queryWords } from "../search/spelling.ts";
import { arrayAsJson } from "./product-query.ts";

export { isPriceChange };

const subCategories = alias(categories, "sub_categories");

/** The fields the audit trail keeps of a product, money in paise: what history shows and a revert puts back. */
export interface ProductSnapshot {
  name: string;
  brand: string;
  description: string;
  pricePaise: number;
  oldPricePaise: number | null;
  discount: number;
  catId: string;
  subCatId: string | null;
  productRam: string[];
  size: string[];
  productWeight: string[];
  countInStock: number;
  isFeatured: boolean;
  locations: string[];
  sku: string;
  taxRateBasisPoints: number;
  hsnCode: string;
  images: string[];
  imageAlts: string[];
  archivedAt: string | null;
}
export type SnapshotField = keyof ProductSnapshot;

export interface AdminProduct extends ProductSnapshot {
  id: string;
  catName: string;
  subCatName: string | null;
  rating: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface AdminProductPage {
  items: AdminProduct[];
  /** Cursors of the neighbouring pages, null at either end. */
  next: string | null;
  previous: string | null;
}

/** What the media context answers about the picture library (decision 011: it owns `catalog_pictures`). */
export interface PictureLibrary {
  unknownFiles(tx: DbExecutor, files: readonly string[]): Promise<string[]>;
}

const columns = {
  id: products.id,
  name: products.name,
  brand: products.brand,
  description: products.description,
  pricePaise: products.pricePaise,
  oldPricePaise: products.oldPricePaise,
  discount: products.discount,
  rating: products.rating,
  catId: products.catId,
  catName: categories.name,
  subCatId: products.subCatId,
  subCatName: subCategories.name,
  productRam: arrayAsJson(products.productRam),
  size: arrayAsJson(products.size),
  productWeight: arrayAsJson(products.productWeight),
  countInStock: products.countInStock,
  isFeatured: products.isFeatured,
  locations: arrayAsJson(products.locations),
  sku: products.sku,
  taxRateBasisPoints: products.taxRateBasisPoints,
  hsnCode: products.hsnCode,
  images: arrayAsJson(products.images),
  imageAlts: arrayAsJson(products.imageAlts),
  archivedAt: products.archivedAt,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

type Row = Omit<AdminProduct, "archivedAt"> & { archivedAt: Date | null };

function toAdminProduct(row: Row): AdminProduct {
  // Alt texts by position: a picture without one has "".
  const imageAlts = row.images.map((_, index) => row.imageAlts[index] ?? "");
  return { ...row, imageAlts, archivedAt: row.archivedAt?.toISOString() ?? null };
}

const SNAPSHOT_FIELDS: readonly SnapshotField[] = [
  "name",
  "brand",
  "description",
  "pricePaise",
  "oldPricePaise",
  "discount",
  "catId",
  "subCatId",
  "productRam",
  "size",
  "productWeight",
  "countInStock",
  "isFeatured",
  "locations",
  "sku",
  "taxRateBasisPoints",
  "hsnCode",
  "images",
  "imageAlts",
  "archivedAt",
];

export function snapshotOf(product: ProductSnapshot): ProductSnapshot {
  return Object.fromEntries(SNAPSHOT_FIELDS.map((field) => [field, product[field]])) as unknown as ProductSnapshot;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only the fields that differ, on both sides: what an update's audit event records and what its revert puts back. */
export function changedOnly(before: ProductSnapshot, after: ProductSnapshot) {
  const fields = SNAPSHOT_FIELDS.filter((field) => !same(before[field], after[field]));
  const pick = (snapshot: ProductSnapshot) => Object.fromEntries(fields.map((field) => [field, snapshot[field]]));
  return { fields, before: pick(before), after: pick(after) };
}

/** A product field's value as its column takes it. */
function columnValues(values: Partial<ProductSnapshot>): Partial<typeof products.$inferInsert> {
  const { archivedAt, ...rest } = values;
  return { ...rest, ...(archivedAt === undefined ? {} : { archivedAt: archivedAt === null ? null : new Date(archivedAt) }) };
}

/** A product input as the snapshot it writes (the CSV import builds its rows so). */
export function fromInput(input: ProductInput, current: ProductSnapshot | null): ProductSnapshot {
  const images = input.images?.map((picture) => picture.file) ?? current?.images ?? [];
  const imageAlts = input.images?.map((picture) => picture.alt) ?? current?.imageAlts ?? [];
  return {
    name: input.name,
    brand: input.brand,
    description: input.description,
    pricePaise: input.price,
    oldPricePaise: input.oldPrice,
    discount: discountOf(input.price, input.oldPrice),
    catId: input.catId,
    subCatId: input.subCatId,
    productRam: input.productRam,
    size: input.size,
    productWeight: input.productWeight,
    countInStock: input.countInStock,
    isFeatured: input.isFeatured,
    locations: input.locations.map((name) => findCountry(name)?.country ?? name),
    sku: input.sku,
    taxRateBasisPoints: input.taxRate,
    hsnCode: input.hsnCode ?? current?.hsnCode ?? "",
    images,
    imageAlts,
    archivedAt: current?.archivedAt ?? null,
  };
}

const SORTS: Record<ProductSort, { key: SQL | typeof products.name; descending: boolean }> = {
  newest: { key: sql`${products.createdAt}`, descending: true },
  name: { key: sql`${products.name}`, descending: false },
  price: { key: sql`${products.pricePaise}`, descending: false },
  stock: { key: sql`${products.countInStock}`, descending: false },
};

const CURSOR_KEYS: Record<ProductSort, string> = {
  newest: "created_at",
  name: "name",
  price: "price_paise",
  stock: "count_in_stock",
};

const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code;
  return code === "23505" || (error as { cause?: { code?: unknown } } | null)?.cause?.code === "23505";
};

export function fieldError(fieldErrors: FieldErrors): AppError {
  return new AppError("BAD_REQUEST", Object.values(fieldErrors)[0] ?? messages.fixFields, { fieldErrors });
}

export type ProductAdmin = ReturnType<typeof createProductAdmin>;
export type ProductFilter = Pick<ProductListQuery, "q" | "catId" | "inStock" | "onSale" | "archived">;

export function createProductAdmin(deps: {
  db: Db;
  now: () => Date;
  changes: CatalogChanges;
  audit: AuditTrail;
  pictures: PictureLibrary;
}) {
  const { db, now, changes, audit, pictures } = deps;

  const select = (executor: DbExecutor) =>
    executor
      .select(columns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.catId))
      .leftJoin(subCategories, eq(subCategories.id, products.subCatId));

  async function read(executor: DbExecutor, id: string, lock = false): Promise<AdminProduct> {
    if (lock) await executor.select({ id: products.id }).from(products).where(eq(products.id, id)).for("update");
    const [row] = await select(executor).where(eq(products.id, id));
    if (!row) throw notFound(catalogMessages.productNotFound);
    return toAdminProduct(row);
  }

  /** The database's rules for a product: categories, countries, a free SKU, pictures from the library. */
  async function check(tx: DbExecutor, next: ProductSnapshot, id: string | null, current: ProductSnapshot | null) {
    const errors: FieldErrors = {};
    const ids = [next.catId, ...(next.subCatId ? [next.subCatId] : [])];
    const found = await tx
      .select({ id: categories.id, parentId: categories.parentId })
      .from(categories)
      .where(inArray(categories.id, ids));
    const category = found.find((row) => row.id === next.catId);
    if (!category || category.parentId !== null) errors.catId = messages.categoryNotTop;
    if (next.subCatId && found.find((row) => row.id === next.subCatId)?.parentId !== next.catId) {
      errors.subCatId = messages.subCategoryNotChild;
    }
    const unknownCountry = next.locations.find((name) => !findCountry(name));
    if (unknownCountry !== undefined) errors.locations = messages.unknownCountry(unknownCountry);
    const taken = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.sku, next.sku), id ? ne(products.id, id) : undefined))
      .limit(1);
    if (taken.length > 0) errors.sku = messages.skuTaken(next.sku);
    const added = next.images.filter((file) => !current?.images.includes(file));
    const unknown = await pictures.unknownFiles(tx, added);
    if (unknown[0] !== undefined) errors.images = messages.pictureUnknown(unknown[0]);
    if (Object.keys(errors).length > 0) throw fieldError(errors);
  }

  /** Writes the changed fields of a product and records them, in the caller's transaction; false when nothing changed. */
  async function write(
    tx: DbTransaction,
    actor: Actor,
    current: AdminProduct,
    next: ProductSnapshot,
    event: { action: string; reason?: string | undefined; revertOf?: string },
  ): Promise<boolean> {
    const diff = changedOnly(snapshotOf(current), next);
    if (diff.fields.length === 0) return false;
    try {
      await tx
        .update(products)
        .set({ ...columnValues(diff.after as Partial<ProductSnapshot>), updatedAt: now() })
        .where(eq(products.id, current.id));
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError({ sku: messages.skuTaken(next.sku) });
      throw error;
    }
    await audit.record(tx, actor, {
      action: event.action,
      entityType: "product",
      entityId: current.id,
      before: diff.before,
      after: diff.after,
      reason: event.reason,
      revertOf: event.revertOf,
    });
    return true;
  }

  /** Runs a change of one product: locked, its `updatedAt` checked when given, evicted from caches after commit. */
  async function change<T>(
    id: string,
    expectedUpdatedAt: string | undefined,
    work: (tx: DbTransaction, current: AdminProduct) => Promise<T>,
  ): Promise<T> {
    const result = await withTransaction(db, async (tx) => {
      const current = await read(tx, id, true);
      if (expectedUpdatedAt !== undefined && current.updatedAt.getTime() !== new Date(expectedUpdatedAt).getTime()) {
        throw new AppError("CONFLICT", messages.stale);
      }
      return work(tx, current);
    });
    changes.productsChanged([id]);
    return result;
  }

  /** Whether any order names the product: then it can only be archived. */
  async function wasOrdered(id: string, executor: DbExecutor): Promise<boolean> {
    const [row] = await executor.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productId, id)).limit(1);
    return row !== undefined;
  }

  async function searchCondition(query: string): Promise<SQL> {
    const { corrections } = await correctionsFor(db, queryWords(query));
    const corrected = correctedText(query, corrections);
    const typed = sql`${products.search} @@ websearch_to_tsquery('english', ${query})`;
    const fixed = corrected === null ? sql`false` : sql`${products.search} @@ websearch_to_tsquery('english', ${corrected})`;
    return sql`(${typed} or ${fixed} or lower(${products.sku}) = lower(${query}))`;
  }

  /** One column per level, so each sort walks its own (category, key, id) index (migration 0015). */
  async function categoryCondition(id: string): Promise<SQL> {
    const [category] = await db.select({ parentId: categories.parentId }).from(categories).where(eq(categories.id, id)).limit(1);
    if (!category) return sql`false`;
    return category.parentId === null ? eq(products.catId, id) : eq(products.subCatId, id);
  }

  /** The list's filter as one condition: bulk edits and the export take "all that match" with it. */
  async function filterCondition(query: ProductFilter): Promise<SQL | undefined> {
    const where: (SQL | undefined)[] = [];
    if (query.q) where.push(await searchCondition(query.q));
    if (query.catId) where.push(await categoryCondition(query.catId));
    if (query.inStock) where.push(gt(products.countInStock, 0));
    if (query.onSale) where.push(sql`${products.oldPricePaise} > ${products.pricePaise}`);
    if (query.archived === "active") where.push(isNull(products.archivedAt));
    if (query.archived === "archived") where.push(isNotNull(products.archivedAt));
    return and(...where);
  }

  return {
    filterCondition,

    /** Products by id in the caller's transaction, locked for update when asked (bulk edits). */
    async readMany(tx: DbExecutor, ids: readonly string[], options: { lock: boolean }): Promise<AdminProduct[]> {
      if (ids.length === 0) return [];
      if (options.lock) {
        await tx
          .select({ id: products.id })
          .from(products)
          .where(inArray(products.id, [...ids]))
          .orderBy(asc(products.id))
          .for("update");
      }
      const rows = await select(tx)
        .where(inArray(products.id, [...ids]))
        .orderBy(asc(products.id));
      return rows.map(toAdminProduct);
    },

    /** Writes a product's changed fields with its audit event in the caller's transaction; false when nothing changed. */
    writeIn: write,

    /** Newest first, by name, price or stock; a page continues after (or before) a product id, at any depth. */
    async list(query: ProductListQuery): Promise<AdminProductPage> {
      const where: (SQL | undefined)[] = [await filterCondition(query)];
      const sort = SORTS[query.sort];
      const backwards = query.before !== undefined && query.after === undefined;
      const cursor = query.after ?? query.before;
      if (cursor !== undefined) {
        if (!/^[0-9a-f-]{36}$/.test(cursor)) throw new AppError("BAD_REQUEST", messages.cursorInvalid);
        // Further along the sort: a row comparison on (key, id), read from the cursor's own row.
        const further = sort.descending !== backwards ? sql`<` : sql`>`;
        const key = sql.raw(CURSOR_KEYS[query.sort]);
        where.push(
          sql`(${sort.key}, ${products.id}) ${further} (select p.${key}, p.id from ${products} p where p.id = ${cursor})`,
        );
      }
      const ascending = sort.descending === backwards;
      const order = ascending ? [asc(sort.key), asc(products.id)] : [desc(sort.key), desc(products.id)];
      const rows = await select(db)
        .where(and(...where))
        .orderBy(...order)
        .limit(query.perPage + 1);
      const more = rows.length > query.perPage;
      const page = rows.slice(0, query.perPage).map(toAdminProduct);
      if (backwards) page.reverse();
      const first = page[0]?.id ?? null;
      const last = page.at(-1)?.id ?? null;
      return {
        items: page,
        next: backwards || more ? last : null,
        previous: backwards ? (more ? first : null) : cursor !== undefined ? first : null,
      };
    },

    get: (id: string) => read(db, id),

    /** The database's checks alone, writing nothing (the CSV import's dry run). */
    async validate(input: ProductInput, id: string | null = null): Promise<void> {
      const current = id ? await read(db, id) : null;
      await check(db, fromInput(input, current), id, current);
    },

    async create(actor: Actor, input: ProductInput, reason?: string): Promise<AdminProduct> {
      const id = uuidv7();
      const next = fromInput(input, null);
      await withTransaction(db, async (tx) => {
        await check(tx, next, null, null);
        const at = now();
        try {
          const row = { ...columnValues(next), name: next.name, pricePaise: next.pricePaise, catId: next.catId };
          await tx.insert(products).values({ ...row, id, createdAt: at, updatedAt: at });
        } catch (error) {
          if (isUniqueViolation(error)) throw fieldError({ sku: messages.skuTaken(next.sku) });
          throw error;
        }
        await audit.record(tx, actor, {
          action: "product.create",
          entityType: "product",
          entityId: id,
          before: null,
          after: next,
          reason,
        });
      });
      changes.productsChanged([id]);
      return read(db, id);
    },

    /** Every field at once (`images` too when given); refused when the product changed since `expectedUpdatedAt`. */
    async update(
      actor: Actor,
      id: string,
      input: ProductInput,
      options: { expectedUpdatedAt?: string | undefined; reason?: string | undefined; action?: string },
    ): Promise<AdminProduct> {
      await change(id, options.expectedUpdatedAt, async (tx, current) => {
        const next = fromInput(input, snapshotOf(current));
        await check(tx, next, id, snapshotOf(current));
        await write(tx, actor, current, next, { action: options.action ?? "product.update", reason: options.reason });
      });
      return read(db, id);
    },

    /** The pictures alone, in order with their alt texts (reorder, alt texts, remove, add from the library). */
    async setPictures(
      actor: Actor,
      id: string,
      pictureList: readonly { file: string; alt: string }[],
      options: { expectedUpdatedAt?: string | undefined; reason?: string | undefined; action: string },
    ): Promise<AdminProduct> {
      await change(id, options.expectedUpdatedAt, async (tx, current) => {
        const next = {
          ...snapshotOf(current),
          images: pictureList.map((picture) => picture.file),
          imageAlts: pictureList.map((picture) => picture.alt),
        };
        const unknown = await pictures.unknownFiles(
          tx,
          next.images.filter((file) => !current.images.includes(file)),
        );
        if (unknown[0] !== undefined) throw fieldError({ images: messages.pictureUnknown(unknown[0]) });
        await write(tx, actor, current, next, options);
      });
      return read(db, id);
    },

    async archive(actor: Actor, id: string, reason?: string): Promise<AdminProduct> {
      await change(id, undefined, async (tx, current) => {
        if (current.archivedAt !== null) throw new AppError("CONFLICT", messages.alreadyArchived);
        await write(
          tx,
          actor,
          current,
          { ...snapshotOf(current), archivedAt: now().toISOString() },
          { action: "product.archive", reason },
        );
      });
      return read(db, id);
    },

    async unarchive(actor: Actor, id: string, reason?: string): Promise<AdminProduct> {
      await change(id, undefined, async (tx, current) => {
        if (current.archivedAt === null) throw new AppError("CONFLICT", messages.notArchived);
        await write(tx, actor, current, { ...snapshotOf(current), archivedAt: null }, { action: "product.unarchive", reason });
      });
      return read(db, id);
    },

    wasOrdered: (id: string) => wasOrdered(id, db),

    /** Only a product never ordered; the row is locked first, so an order placed meanwhile waits and then fails. */
    async delete(actor: Actor, id: string, reason?: string): Promise<void> {
      await change(id, undefined, async (tx, current) => {
        if (await wasOrdered(id, tx)) throw new AppError("CONFLICT", messages.orderedCannotDelete);
        await tx.delete(products).where(eq(products.id, id));
        await audit.record(tx, actor, {
          action: "product.delete",
          entityType: "product",
          entityId: id,
          before: snapshotOf(current),
          after: null,
          reason,
        });
      });
    },

    /** The product's audit events, newest first; price history is those whose price changed. */
    async history(id: string, options: { limit: number; before?: { at: Date; id: string } | undefined }) {
      return audit.list({ entityType: "product", entityId: id, limit: options.limit, before: options.before });
    },

    /**
     * Puts back the values an event changed. Later events that changed any of the same fields would be overwritten:
     * refused (409, listing them) unless `confirm`. The revert is recorded with `revertOf`.
     */
    async revert(actor: Actor, productId: string, eventId: string, options: { confirm: boolean; reason?: string | undefined }) {
      const event = await audit.get(eventId);
      if (event?.entityType !== "product") throw notFound(messages.revertNotPossible);
      if (event.entityId !== productId) throw new AppError("BAD_REQUEST", messages.revertOtherProduct);
      const before = event.before as Partial<ProductSnapshot> | null;
      if (!before || event.after === null || event.action === "product.create") {
        throw new AppError("BAD_REQUEST", messages.revertNotPossible);
      }
      const fields = Object.keys(before).filter((field): field is SnapshotField =>
        SNAPSHOT_FIELDS.includes(field as SnapshotField),
      );
      await change(productId, undefined, async (tx, current) => {
        const later = laterOnFields(await audit.laterThan(event, tx), fields);
        if (later.length > 0 && !options.confirm) {
          throw new AppError("CONFLICT", messages.revertLater(describeLater(later, fields)), {
            later: later.map((entry) => ({
              id: entry.id,
              at: entry.at.toISOString(),
              action: entry.action,
              actor: entry.actorEmail,
            })),
          });
        }
        const next = {
          ...snapshotOf(current),
          ...Object.fromEntries(fields.map((field) => [field, before[field]])),
        } as ProductSnapshot;
        // Money moves together: the discount follows the prices put back.
        next.discount = discountOf(next.pricePaise, next.oldPricePaise);
        await check(tx, next, productId, snapshotOf(current));
        const written = await write(tx, actor, current, next, {
          action: "product.revert",
          reason: options.reason,
          revertOf: event.id,
        });
        if (!written) throw new AppError("CONFLICT", messages.revertNothing);
      });
      return read(db, productId);
    },
  };
}

/** Later events that changed one of `fields`. */
function laterOnFields(events: AuditEvent[], fields: readonly string[]): AuditEvent[] {
  return events.filter((event) => {
    const changed = { ...(event.before as object | null), ...(event.after as object | null) };
    return fields.some((field) => field in changed);
  });
}

function describeLater(events: AuditEvent[], fields: readonly string[]): string {
  return events
    .map((event) => {
      const changed = { ...(event.before as object | null), ...(event.after as object | null) };
      const touched = fields.filter((field) => field in changed).join(", ");
      return `${event.action} by ${event.actorEmail} at ${event.at.toISOString()}: ${touched}`;
    })
    .join("; ");
}
