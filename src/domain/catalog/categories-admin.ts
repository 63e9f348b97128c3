// Categories in the back office, and the revert helper banners share with them: one context's admin, one room.
import { asc, count, eq, isNull, or, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { type Db, type DbExecutor, withTransaction } from "#db/client.ts";
import { categories, categoryCounts, products } from "#db/schema/catalog.ts";
import { catalogAdminMessages as m, productAdminMessages as pm } from "#shared/back-office-messages.ts";
import { type Actor, type AuditEntry, type AuditEvent, fieldsChangedBy, laterTouching } from "../back-office/audit.ts";
import { AppError, notFound } from "../errors.ts";
import type { CatalogChanges } from "../ports.ts";
import { movedOnePlace } from "./positions.ts";

/** What the back office changes through the catalogue takes from outside it. */
export interface CatalogAdminDeps {
  db: Db;
  audit: {
    record(tx: DbExecutor, actor: Actor, entry: AuditEntry): Promise<unknown>;
    get(id: string, tx?: DbExecutor): Promise<AuditEvent | undefined>;
    laterThan(event: AuditEvent, tx?: DbExecutor): Promise<AuditEvent[]>;
  };
  changes: CatalogChanges;
  /** Whether a picture of this name is stored (the image store). */
  pictureExists(name: string): Promise<boolean>;
}

export interface AdminCategory {
  id: string;
  name: string;
  color: string;
  image: string | null;
  parentId: string | null;
  position: number;
  /** Products whose category or sub-category it is (category_counts, kept by triggers). */
  products: number;
}

export interface AdminCategoryTree extends AdminCategory {
  children: AdminCategory[];
}

export type CategoriesAdmin = ReturnType<typeof createCategoriesAdmin>;

export interface RevertOptions {
  confirm: boolean;
  reason?: string | undefined;
}

/**
 * The fields of an update event a revert puts back, or a refusal: only updates revert, and later events that changed
 * the same fields are listed (409) unless confirmed. Shared by categories and banners.
 */
export async function revertibleFields(
  audit: CatalogAdminDeps["audit"],
  tx: DbExecutor,
  event: AuditEvent,
  fields: readonly string[],
  options: RevertOptions,
): Promise<string[]> {
  const changed = fieldsChangedBy(event).filter((field) => fields.includes(field));
  if (changed.length === 0) throw new AppError("BAD_REQUEST", pm.revertNotPossible);
  const later = laterTouching(await audit.laterThan(event, tx), changed);
  if (later.length > 0 && !options.confirm) {
    const described = later.map((entry) => `${entry.action} by ${entry.actorEmail} at ${entry.at.toISOString()}`).join("; ");
    throw new AppError("CONFLICT", pm.revertLater(described), {
      later: later.map((entry) => ({ id: entry.id, at: entry.at.toISOString(), action: entry.action, actor: entry.actorEmail })),
    });
  }
  return changed;
}

const AUDITED_IDS = 1000;

const columns = {
  id: categories.id,
  name: categories.name,
  color: categories.color,
  images: categories.images,
  parentId: categories.parentId,
  position: categories.position,
};

type Row = { id: string; name: string; color: string; images: string[]; parentId: string | null; position: number };

const snapshot = (row: Row) => ({
  name: row.name,
  color: row.color,
  images: row.images,
  parentId: row.parentId,
  position: row.position,
});

/** Categories and sub-categories for the back office: each change in one transaction with its audit event (decision 031). */
export function createCategoriesAdmin({ db, audit, changes, pictureExists }: CatalogAdminDeps) {
  async function checkPicture(image: string | null) {
    if (image !== null && !(await pictureExists(image))) {
      throw new AppError("BAD_REQUEST", m.pictureMissing(image), { field: "image" });
    }
  }

  async function locked(tx: DbExecutor, id: string, missing: () => Error = () => notFound(m.categoryNotFound)): Promise<Row> {
    const [row] = await tx.select(columns).from(categories).where(eq(categories.id, id)).for("update");
    if (!row) throw missing();
    return row;
  }

  /** Siblings under `parentId` in shown order (position, then name, as the menu sorts them). */
  async function siblings(tx: DbExecutor, parentId: string | null) {
    return tx
      .select({ id: categories.id, position: categories.position })
      .from(categories)
      .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId))
      .orderBy(asc(categories.position), asc(categories.name))
      .for("update");
  }

  async function writeOrder(tx: DbExecutor, ids: readonly string[]) {
    for (const [position, id] of ids.entries()) {
      await tx.update(categories).set({ position }).where(eq(categories.id, id));
    }
  }

  /** After commit only (decision 009): a rolled-back change must not evict. */
  async function change<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
    const result = await withTransaction(db, work);
    changes.catalogChanged();
    return result;
  }

  return {
    async tree(): Promise<AdminCategoryTree[]> {
      const rows = await db
        .select({ ...columns, products: sql<number>`coalesce(${categoryCounts.products}, 0)`.mapWith(Number) })
        .from(categories)
        .leftJoin(categoryCounts, eq(categoryCounts.categoryId, categories.id))
        .orderBy(asc(categories.position), asc(categories.name));
      const shown = (row: (typeof rows)[number]): AdminCategory => ({
        id: row.id,
        name: row.name,
        color: row.color,
        image: row.images[0] ?? null,
        parentId: row.parentId,
        position: row.position,
        products: row.products,
      });
      const tops = rows.filter((row) => row.parentId === null).map((row) => ({ ...shown(row), children: [] as AdminCategory[] }));
      const byId = new Map(tops.map((top) => [top.id, top]));
      for (const row of rows) if (row.parentId !== null) byId.get(row.parentId)?.children.push(shown(row));
      return tops;
    },

    async create(
      actor: Actor,
      input: { name: string; color: string; image: string | null; parentId: string | null; reason?: string | undefined },
    ): Promise<{ id: string }> {
      await checkPicture(input.image);
      return change(async (tx) => {
        if (input.parentId !== null) {
          const parent = await locked(
            tx,
            input.parentId,
            () => new AppError("BAD_REQUEST", m.parentNotFound, { field: "parentId" }),
          );
          if (parent.parentId !== null) throw new AppError("BAD_REQUEST", m.parentNotTop, { field: "parentId" });
        }
        const position = (await siblings(tx, input.parentId)).length;
        const [row] = await tx
          .insert(categories)
          .values({
            id: uuidv7(),
            name: input.name,
            color: input.color,
            images: input.image ? [input.image] : [],
            parentId: input.parentId,
            position,
          })
          .returning(columns);
        if (!row) throw new Error("category not written");
        await audit.record(tx, actor, {
          action: "category.create",
          entityType: "category",
          entityId: row.id,
          before: null,
          after: snapshot(row),
          reason: input.reason,
        });
        return { id: row.id };
      });
    },

    /** Rename, recolour and picture in one save. */
    async update(
      actor: Actor,
      id: string,
      input: { name: string; color: string; image: string | null; reason?: string | undefined },
    ): Promise<void> {
      await checkPicture(input.image);
      await change(async (tx) => {
        const before = await locked(tx, id);
        const images = input.image ? [input.image, ...before.images.slice(1).filter((name) => name !== input.image)] : [];
        const [after] = await tx
          .update(categories)
          .set({ name: input.name, color: input.color, images })
          .where(eq(categories.id, id))
          .returning(columns);
        if (!after) throw notFound(m.categoryNotFound);
        await audit.record(tx, actor, {
          action: "category.update",
          entityType: "category",
          entityId: id,
          before: snapshot(before),
          after: snapshot(after),
          reason: input.reason,
        });
      });
    },

    /** Puts back what a `category.update` changed (name, colour, pictures), recorded with `revertOf`. */
    async revert(actor: Actor, id: string, eventId: string, options: RevertOptions): Promise<void> {
      const event = await audit.get(eventId);
      if (event?.entityType !== "category" || event.action !== "category.update") throw notFound(pm.revertNotPossible);
      if (event.entityId !== id) throw new AppError("BAD_REQUEST", m.revertOtherEntry);
      await change(async (tx) => {
        const current = await locked(tx, event.entityId);
        const fields = await revertibleFields(audit, tx, event, ["name", "color", "images"], options);
        const before = event.before as Pick<Row, "name" | "color" | "images">;
        const put = Object.fromEntries(fields.map((field) => [field, before[field as keyof typeof before]]));
        if (fields.every((field) => JSON.stringify(current[field as keyof Row]) === JSON.stringify(put[field]))) {
          throw new AppError("CONFLICT", m.revertNothing);
        }
        const [after] = await tx.update(categories).set(put).where(eq(categories.id, current.id)).returning(columns);
        if (!after) throw notFound(m.categoryNotFound);
        await audit.record(tx, actor, {
          action: "category.revert",
          entityType: "category",
          entityId: current.id,
          before: snapshot(current),
          after: snapshot(after),
          reason: options.reason,
          revertOf: event.id,
        });
      });
    },

    /** One place up or down among its siblings. */
    async move(actor: Actor, id: string, direction: "up" | "down", reason?: string): Promise<void> {
      await change(async (tx) => {
        const row = await locked(tx, id);
        const ids = (await siblings(tx, row.parentId)).map((sibling) => sibling.id);
        const order = movedOnePlace(ids, id, direction);
        if (!order) return;
        await writeOrder(tx, order);
        await audit.record(tx, actor, {
          action: "category.reorder",
          entityType: "category",
          entityId: id,
          before: { parentId: row.parentId, order: ids },
          after: { parentId: row.parentId, order },
          reason,
        });
      });
    },

    /** The whole order of the categories under one parent (null: the top level). */
    async setOrder(actor: Actor, parentId: string | null, ids: readonly string[], reason?: string): Promise<void> {
      await change(async (tx) => {
        const current = (await siblings(tx, parentId)).map((sibling) => sibling.id);
        if (ids.length !== current.length || new Set(ids).size !== ids.length || !ids.every((one) => current.includes(one))) {
          throw new AppError("BAD_REQUEST", m.orderMismatch);
        }
        await writeOrder(tx, ids);
        await audit.record(tx, actor, {
          action: "category.reorder",
          entityType: "category",
          entityId: parentId ?? ids[0] ?? "",
          before: { parentId, order: current },
          after: { parentId, order: ids },
          reason,
        });
      });
    },

    /** Refused while products or sub-categories name it (banners linking to it lose the link). */
    async delete(actor: Actor, id: string, reason?: string): Promise<void> {
      await change(async (tx) => {
        const row = await locked(tx, id);
        const [children] = await tx.select({ n: count() }).from(categories).where(eq(categories.parentId, id));
        if ((children?.n ?? 0) > 0) throw new AppError("CONFLICT", m.deleteHasChildren(row.name, children?.n ?? 0));
        const [used] = await tx
          .select({ n: count() })
          .from(products)
          .where(or(eq(products.catId, id), eq(products.subCatId, id)));
        if ((used?.n ?? 0) > 0) throw new AppError("CONFLICT", m.deleteHasProducts(row.name, used?.n ?? 0));
        await tx.delete(categories).where(eq(categories.id, id));
        await audit.record(tx, actor, {
          action: "category.delete",
          entityType: "category",
          entityId: id,
          before: snapshot(row),
          after: null,
          reason,
        });
      });
    },

    /**
     * Every product of `from` (its category or sub-category) into `to`; into a top-level category they have no
     * sub-category. Triggers keep category_counts and the products' category names (migrations 0008, 0009).
     */
    async moveProducts(actor: Actor, from: string, to: string, reason?: string): Promise<{ moved: number; to: string }> {
      if (from === to) throw new AppError("BAD_REQUEST", m.moveSame, { field: "to" });
      return change(async (tx) => {
        const source = await locked(tx, from);
        const target = await locked(tx, to, () => new AppError("BAD_REQUEST", m.moveTargetNotFound, { field: "to" }));
        const set =
          target.parentId === null ? { catId: target.id, subCatId: null } : { catId: target.parentId, subCatId: target.id };
        const moved = await tx
          .update(products)
          .set({ ...set, updatedAt: sql`now()` })
          .where(source.parentId === null ? eq(products.catId, from) : eq(products.subCatId, from))
          .returning({ id: products.id });
        await audit.record(tx, actor, {
          action: "category.move-products",
          entityType: "category",
          entityId: from,
          before: { categoryId: from, products: moved.length },
          // Enough to find them again in the history; a huge move keeps its count and its first ids.
          after: { categoryId: to, ...set, productIds: moved.slice(0, AUDITED_IDS).map((product) => product.id) },
          reason,
        });
        return { moved: moved.length, to: target.name };
      });
    },
  };
}

/** A category id's place in a banner link: a top-level category, or a sub-category with its parent. */
export async function categoryLink(tx: DbExecutor, id: string): Promise<{ catId: string; subCatId: string | null } | undefined> {
  const [row] = await tx
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.id, id));
  if (!row) return undefined;
  return row.parentId === null ? { catId: row.id, subCatId: null } : { catId: row.parentId, subCatId: row.id };
}
