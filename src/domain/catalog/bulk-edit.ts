// Bulk edits of products (issue 33, item 5): a preview (count and examples, before → after), then one transaction with an
// audit event per product changed. Prices round to the rupee; the old price rule is in decision 033.
import { and, asc, count, gt, inArray, type SQL } from "drizzle-orm";
import { type Db, type DbExecutor, type DbTransaction, withTransaction } from "#db/client.ts";
import { categories, products } from "#db/schema/catalog.ts";
import { catalogBulkMessages as messages, productAdminMessages } from "#shared/back-office-messages.ts";
import { formatRupees } from "#shared/money.ts";
import type { BulkChange, BulkTarget } from "#shared/schemas/back-office-bulk.ts";
import { discountOf } from "#shared/schemas/back-office-products.ts";
import type { Actor } from "../back-office/audit.ts";
import { AppError } from "../errors.ts";
import type { CatalogChanges } from "../ports.ts";
import {
  type AdminProduct,
  changedOnly,
  fieldError,
  type ProductAdmin,
  type ProductSnapshot,
  snapshotOf,
} from "./product-admin.ts";

const PAGE = 500;
const MIN_PRICE_PAISE = 100;

export interface BulkPreview {
  count: number;
  /** The first products and what would change on each (only the fields that differ). */
  examples: { id: string; name: string; sku: string; before: Record<string, unknown>; after: Record<string, unknown> }[];
}

/** The product after the change: new price rounded to the rupee; an old price at or below it is dropped. */
export function applyChange(current: ProductSnapshot, change: BulkChange, now: Date): ProductSnapshot {
  const next = { ...current };
  if (change.price) {
    const price = change.price;
    const raw =
      price.mode === "set"
        ? price.rupees
        : price.mode === "add"
          ? current.pricePaise + price.rupees
          : current.pricePaise * (1 + price.percent / 100);
    next.pricePaise = Math.round(raw / 100) * 100;
    if (next.oldPricePaise !== null && next.oldPricePaise <= next.pricePaise) next.oldPricePaise = null;
    next.discount = discountOf(next.pricePaise, next.oldPricePaise);
  }
  if (change.countInStock !== undefined) next.countInStock = change.countInStock;
  if (change.category) {
    next.catId = change.category.catId;
    next.subCatId = change.category.subCatId;
  }
  if (change.isFeatured !== undefined) next.isFeatured = change.isFeatured;
  if (change.archived !== undefined) {
    next.archivedAt = change.archived ? (current.archivedAt ?? now.toISOString()) : null;
  }
  return next;
}

export type BulkEdit = ReturnType<typeof createBulkEdit>;

export function createBulkEdit(deps: { db: Db; now: () => Date; changes: CatalogChanges; productAdmin: ProductAdmin }) {
  const { db, now, changes, productAdmin } = deps;

  async function targetCondition(target: BulkTarget): Promise<SQL | undefined> {
    return "ids" in target ? inArray(products.id, target.ids) : productAdmin.filterCondition(target.filter);
  }

  /** The target's products in pages of PAGE by id (locked when writing). */
  async function* pages(executor: DbExecutor, where: SQL | undefined, lock: boolean): AsyncGenerator<AdminProduct[]> {
    let after: string | null = null;
    for (;;) {
      const ids = await executor
        .select({ id: products.id })
        .from(products)
        .where(and(where, after === null ? undefined : gt(products.id, after)))
        .orderBy(asc(products.id))
        .limit(PAGE);
      if (ids.length === 0) return;
      yield await productAdmin.readMany(
        executor,
        ids.map((row) => row.id),
        { lock },
      );
      if (ids.length < PAGE) return;
      after = ids.at(-1)?.id ?? null;
    }
  }

  async function checkCategory(executor: DbExecutor, change: BulkChange) {
    if (!change.category) return;
    const { catId, subCatId } = change.category;
    const found = await executor
      .select({ id: categories.id, parentId: categories.parentId })
      .from(categories)
      .where(inArray(categories.id, subCatId ? [catId, subCatId] : [catId]));
    if (found.find((row) => row.id === catId)?.parentId !== null) {
      throw fieldError({ catId: productAdminMessages.categoryNotTop });
    }
    if (subCatId && found.find((row) => row.id === subCatId)?.parentId !== catId) {
      throw fieldError({ subCatId: productAdminMessages.subCategoryNotChild });
    }
  }

  function refuseCheap(product: AdminProduct, next: ProductSnapshot) {
    if (next.pricePaise < MIN_PRICE_PAISE) {
      throw new AppError("BAD_REQUEST", messages.priceBelowOne(product.name, formatRupees(next.pricePaise)), {
        fieldErrors: { price: messages.priceBelowOne(product.name, formatRupees(next.pricePaise)) },
      });
    }
  }

  async function countOf(executor: DbExecutor, where: SQL | undefined): Promise<number> {
    const [row] = await executor.select({ count: count() }).from(products).where(where);
    return Number(row?.count ?? 0);
  }

  return {
    /** How many products a target names (the bulk page's heading). */
    count: async (target: BulkTarget) => countOf(db, await targetCondition(target)),

    /** How many products the change names, and the first `limit` with before → after; refused as the apply would be. */
    async preview(target: BulkTarget, change: BulkChange, limit = 20): Promise<BulkPreview> {
      await checkCategory(db, change);
      const where = await targetCondition(target);
      const total = await countOf(db, where);
      const examples: BulkPreview["examples"] = [];
      const at = now();
      for await (const page of pages(db, where, false)) {
        for (const product of page) {
          const next = applyChange(snapshotOf(product), change, at);
          refuseCheap(product, next);
          if (examples.length < limit) {
            const diff = changedOnly(snapshotOf(product), next);
            examples.push({ id: product.id, name: product.name, sku: product.sku, before: diff.before, after: diff.after });
          }
        }
        // Every price is checked (a refusal found at apply would be a surprise); other changes need only the examples.
        if (!change.price && examples.length >= limit) break;
      }
      return { count: total, examples };
    },

    /**
     * One transaction: every product locked, changed and audited (`product.bulk-update`, the same reason on each), or
     * none when one is refused; refused too when the target's count is not the preview's.
     */
    async apply(
      actor: Actor,
      target: BulkTarget,
      change: BulkChange,
      options: { expectedCount: number; reason?: string | undefined },
    ): Promise<{ count: number; changed: number }> {
      const where = await targetCondition(target);
      const result = await withTransaction(db, async (tx: DbTransaction) => {
        await checkCategory(tx, change);
        const total = await countOf(tx, where);
        if (total === 0) throw new AppError("BAD_REQUEST", messages.noneMatch);
        if (total !== options.expectedCount) {
          throw new AppError("CONFLICT", messages.matchChanged(options.expectedCount, total));
        }
        const at = now();
        let changed = 0;
        for await (const page of pages(tx, where, true)) {
          for (const product of page) {
            const next = applyChange(snapshotOf(product), change, at);
            refuseCheap(product, next);
            const written = await productAdmin.writeIn(tx, actor, product, next, {
              action: "product.bulk-update",
              reason: options.reason,
            });
            if (written) changed++;
          }
        }
        return { count: total, changed };
      });
      if (result.changed > 0) changes.catalogChanged();
      return result;
    },
  };
}
