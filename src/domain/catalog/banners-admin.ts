import { asc, eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { type DbExecutor, withTransaction } from "#db/client.ts";
import { type BannerKind, banners } from "#db/schema/catalog.ts";
import { catalogAdminMessages as m, productAdminMessages as pm } from "#shared/back-office-messages.ts";
import type { Actor } from "../back-office/audit.ts";
import { AppError, notFound } from "../errors.ts";
import { type CatalogAdminDeps, categoryLink, type RevertOptions, revertibleFields } from "./categories-admin.ts";
import { movedOnePlace } from "./positions.ts";

export interface AdminBanner {
  id: string;
  kind: BannerKind;
  image: string | null;
  alt: string;
  catId: string | null;
  subCatId: string | null;
  position: number;
  startsAt: Date | null;
  endsAt: Date | null;
}

export interface BannerChange {
  kind: BannerKind;
  image: string | null;
  alt: string;
  /** A category or sub-category id; null: no link. */
  link: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  reason?: string | undefined;
}

export type BannersAdmin = ReturnType<typeof createBannersAdmin>;

const columns = {
  id: banners.id,
  kind: banners.kind,
  images: banners.images,
  alt: banners.alt,
  catId: banners.catId,
  subCatId: banners.subCatId,
  position: banners.position,
  startsAt: banners.startsAt,
  endsAt: banners.endsAt,
};

type Row = {
  id: string;
  kind: BannerKind;
  images: string[];
  alt: string;
  catId: string | null;
  subCatId: string | null;
  position: number;
  startsAt: Date | null;
  endsAt: Date | null;
};

const shown = (row: Row): AdminBanner => ({
  id: row.id,
  kind: row.kind,
  image: row.images[0] ?? null,
  alt: row.alt,
  catId: row.catId,
  subCatId: row.subCatId,
  position: row.position,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
});

/** Plain JSON for the audit trail. */
const snapshot = (row: Row) => ({
  kind: row.kind,
  images: row.images,
  alt: row.alt,
  catId: row.catId,
  subCatId: row.subCatId,
  position: row.position,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
});

const REVERTIBLE = ["kind", "images", "alt", "catId", "subCatId", "startsAt", "endsAt"];

/** The home page's banners for the back office; the shop shows each only inside its window (catalog-service.ts). */
export function createBannersAdmin({ db, audit, changes, pictureExists }: CatalogAdminDeps) {
  // Before the transaction: the image store may be a bucket across the network.
  async function checkPicture(image: string | null): Promise<string> {
    if (image === null) throw new AppError("BAD_REQUEST", m.bannerPictureRequired, { field: "image" });
    if (!(await pictureExists(image))) throw new AppError("BAD_REQUEST", m.pictureMissing(image), { field: "image" });
    return image;
  }

  async function checked(tx: DbExecutor, input: BannerChange, image: string) {
    if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt) {
      throw new AppError("BAD_REQUEST", m.windowBackwards, { field: "endsAt" });
    }
    const link = input.link === null ? { catId: null, subCatId: null } : await categoryLink(tx, input.link);
    if (!link) throw new AppError("BAD_REQUEST", m.linkNotFound, { field: "link" });
    return {
      kind: input.kind,
      images: [image],
      alt: input.alt,
      ...link,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
    };
  }

  async function locked(tx: DbExecutor, id: string): Promise<Row> {
    const [row] = await tx.select(columns).from(banners).where(eq(banners.id, id)).for("update");
    if (!row) throw notFound(m.bannerNotFound);
    return row;
  }

  async function ofKind(tx: DbExecutor, kind: BannerKind) {
    return tx
      .select({ id: banners.id })
      .from(banners)
      .where(eq(banners.kind, kind))
      .orderBy(asc(banners.position), asc(banners.id))
      .for("update");
  }

  async function writeOrder(tx: DbExecutor, ids: readonly string[]) {
    for (const [position, id] of ids.entries()) await tx.update(banners).set({ position }).where(eq(banners.id, id));
  }

  async function change<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
    const result = await withTransaction(db, work);
    changes.catalogChanged();
    return result;
  }

  return {
    /** Every banner, by kind and shown order, whatever its window. */
    async list(): Promise<AdminBanner[]> {
      const rows = await db.select(columns).from(banners).orderBy(asc(banners.kind), asc(banners.position), asc(banners.id));
      return rows.map(shown);
    },

    async get(id: string): Promise<AdminBanner> {
      const [row] = await db.select(columns).from(banners).where(eq(banners.id, id));
      if (!row) throw notFound(m.bannerNotFound);
      return shown(row);
    },

    async create(actor: Actor, input: BannerChange): Promise<AdminBanner> {
      const image = await checkPicture(input.image);
      return change(async (tx) => {
        const values = await checked(tx, input, image);
        const position = (await ofKind(tx, input.kind)).length;
        const [row] = await tx
          .insert(banners)
          .values({ id: uuidv7(), ...values, position })
          .returning(columns);
        if (!row) throw new Error("banner not written");
        await audit.record(tx, actor, {
          action: "banner.create",
          entityType: "banner",
          entityId: row.id,
          before: null,
          after: snapshot(row),
          reason: input.reason,
        });
        return shown(row);
      });
    },

    /** A banner moved to another kind goes last there. */
    async update(actor: Actor, id: string, input: BannerChange): Promise<AdminBanner> {
      const image = await checkPicture(input.image);
      return change(async (tx) => {
        const before = await locked(tx, id);
        const values = await checked(tx, input, image);
        const position = before.kind === input.kind ? before.position : (await ofKind(tx, input.kind)).length;
        const [after] = await tx
          .update(banners)
          .set({ ...values, position })
          .where(eq(banners.id, id))
          .returning(columns);
        if (!after) throw notFound(m.bannerNotFound);
        await audit.record(tx, actor, {
          action: "banner.update",
          entityType: "banner",
          entityId: id,
          before: snapshot(before),
          after: snapshot(after),
          reason: input.reason,
        });
        return shown(after);
      });
    },

    /** Puts back what a `banner.update` changed; a banner put back into another kind goes last there. */
    async revert(actor: Actor, id: string, eventId: string, options: RevertOptions): Promise<AdminBanner> {
      const event = await audit.get(eventId);
      if (event?.entityType !== "banner" || event.action !== "banner.update") throw notFound(pm.revertNotPossible);
      if (event.entityId !== id) throw new AppError("BAD_REQUEST", m.revertOtherEntry);
      return change(async (tx) => {
        const current = await locked(tx, event.entityId);
        const fields = await revertibleFields(audit, tx, event, REVERTIBLE, options);
        const before = event.before as ReturnType<typeof snapshot>;
        const now = snapshot(current);
        if (
          fields.every(
            (field) => JSON.stringify(now[field as keyof typeof now]) === JSON.stringify(before[field as keyof typeof before]),
          )
        ) {
          throw new AppError("CONFLICT", m.revertNothing);
        }
        const put = { ...now, ...Object.fromEntries(fields.map((field) => [field, before[field as keyof typeof before]])) };
        const linked = put.subCatId ?? put.catId;
        if (linked !== null && !(await categoryLink(tx, linked))) throw new AppError("BAD_REQUEST", m.linkNotFound);
        const position = put.kind === current.kind ? current.position : (await ofKind(tx, put.kind)).length;
        const [after] = await tx
          .update(banners)
          .set({
            kind: put.kind,
            images: put.images,
            alt: put.alt,
            catId: put.catId,
            subCatId: put.subCatId,
            startsAt: put.startsAt ? new Date(put.startsAt) : null,
            endsAt: put.endsAt ? new Date(put.endsAt) : null,
            position,
          })
          .where(eq(banners.id, current.id))
          .returning(columns);
        if (!after) throw notFound(m.bannerNotFound);
        await audit.record(tx, actor, {
          action: "banner.revert",
          entityType: "banner",
          entityId: current.id,
          before: snapshot(current),
          after: snapshot(after),
          reason: options.reason,
          revertOf: event.id,
        });
        return shown(after);
      });
    },

    async move(actor: Actor, id: string, direction: "up" | "down", reason?: string): Promise<void> {
      await change(async (tx) => {
        const row = await locked(tx, id);
        const ids = (await ofKind(tx, row.kind)).map((banner) => banner.id);
        const order = movedOnePlace(ids, id, direction);
        if (!order) return;
        await writeOrder(tx, order);
        await audit.record(tx, actor, {
          action: "banner.reorder",
          entityType: "banner",
          entityId: id,
          before: { kind: row.kind, order: ids },
          after: { kind: row.kind, order },
          reason,
        });
      });
    },

    async setOrder(actor: Actor, kind: BannerKind, ids: readonly string[], reason?: string): Promise<void> {
      await change(async (tx) => {
        const current = (await ofKind(tx, kind)).map((banner) => banner.id);
        if (ids.length !== current.length || new Set(ids).size !== ids.length || !ids.every((one) => current.includes(one))) {
          throw new AppError("BAD_REQUEST", m.bannerOrderMismatch);
        }
        await writeOrder(tx, ids);
        await audit.record(tx, actor, {
          action: "banner.reorder",
          entityType: "banner",
          entityId: ids[0] ?? "",
          before: { kind, order: current },
          after: { kind, order: ids },
          reason,
        });
      });
    },

    async delete(actor: Actor, id: string, reason?: string): Promise<void> {
      await change(async (tx) => {
        const row = await locked(tx, id);
        await tx.delete(banners).where(eq(banners.id, id));
        await audit.record(tx, actor, {
          action: "banner.delete",
          entityType: "banner",
          entityId: id,
          before: snapshot(row),
          after: null,
          reason,
        });
      });
    },
  };
}
