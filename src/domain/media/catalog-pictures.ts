import { randomBytes } from "node:crypto";
import { and, arrayContains, asc, desc, eq, gt, inArray, lt, or, type SQL } from "drizzle-orm";
import { type Db, type DbExecutor, withTransaction } from "#db/client.ts";
import { banners, categories, products } from "#db/schema/catalog.ts";
import { catalogPictures } from "#db/schema/media.ts";
import { orderItems } from "#db/schema/orders.ts";
import { productAdminMessages } from "#shared/back-office-messages.ts";
import { photoTooLarge } from "#shared/messages.ts";
import { CATALOG_PICTURES_PER_UPLOAD } from "#shared/schemas/back-office-products.ts";
import { hasControlCharacters } from "#shared/schemas/text.ts";
import type { Actor } from "../back-office/audit.ts";
import type { AuditTrail } from "../back-office/back-office-service.ts";
import { AppError, notFound } from "../errors.ts";
import { CATALOG_IMAGE_MAX_PX, reencodeImage } from "./image-upload.ts";
import type { ImageStore } from "./ports.ts";

export { CATALOG_PICTURES_PER_UPLOAD };

export interface CatalogPicture {
  fileName: string;
  originalName: string;
  bytes: number;
  width: number;
  height: number;
  createdAt: Date;
}

export type CatalogPictures = ReturnType<typeof createCatalogPictures>;

/** The file's own name as the sender gave it, kept for people (and the import) to find it by; never used as a path. */
function originalNameOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  return hasControlCharacters(base) ? "" : base.trim().slice(0, 200);
}

/**
 * The back office's picture library (owns `catalog_pictures`, decision 011): uploads go through the profile photos'
 * pipeline (limits, re-encoding to WebP behind the decode gate, decision 028), are stored under names the shop makes in
 * the image store (disk or S3, decision 018), and are served by /download with its narrower WebP copies.
 */
export function createCatalogPictures(deps: {
  db: Db;
  store: ImageStore;
  now: () => Date;
  maxBytes: number;
  maxPixels: number;
  audit: AuditTrail;
  /** Drops the narrower copies `/download` made of a deleted picture (image-variants.ts). */
  forgetCopies: (file: string) => Promise<void>;
}) {
  const { db, store, now, audit } = deps;

  /** "2 products, 1 banner": what still shows the picture, read after the delete locked its row. */
  async function usesOf(tx: DbExecutor, file: string): Promise<string> {
    const named = async (table: typeof products | typeof categories | typeof banners, one: string, many: string) => {
      const n = await tx.$count(table, arrayContains(table.images, [file]));
      return n === 0 ? "" : n === 1 ? `1 ${one}` : `${n} ${many}`;
    };
    const ordered = await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.image, file)).limit(1);
    const uses = [
      await named(products, "product", "products"),
      await named(categories, "category", "categories"),
      await named(banners, "banner", "banners"),
      ordered.length > 0 ? "past orders" : "",
    ];
    return uses.filter(Boolean).join(", ");
  }

  return {
    /** The largest file an upload may carry (UPLOAD_MAX_BYTES), for the adapters' body limits. */
    maxBytes: deps.maxBytes,

    /** All or none: every file checked and re-encoded before any is stored; one audit event per picture. */
    async upload(actor: Actor, files: readonly { name: string; data: Uint8Array }[]): Promise<CatalogPicture[]> {
      if (files.length === 0) throw new AppError("BAD_REQUEST", productAdminMessages.noPicturesChosen);
      if (files.length > CATALOG_PICTURES_PER_UPLOAD) {
        throw new AppError("PAYLOAD_TOO_LARGE", productAdminMessages.tooManyFiles(CATALOG_PICTURES_PER_UPLOAD));
      }
      const encoded = [];
      for (const file of files) {
        if (file.data.byteLength > deps.maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", photoTooLarge(deps.maxBytes));
        const image = await reencodeImage(file.data, { maxPixels: deps.maxPixels, maxSide: CATALOG_IMAGE_MAX_PX });
        encoded.push({
          ...image,
          fileName: `c-${randomBytes(12).toString("hex")}.webp`,
          originalName: originalNameOf(file.name),
        });
      }
      const at = now();
      const rows = encoded.map((image) => ({
        fileName: image.fileName,
        originalName: image.originalName,
        bytes: image.data.byteLength,
        width: image.width,
        height: image.height,
        uploadedBy: actor.id,
        createdAt: at,
      }));
      // Files first, then the rows that name them; the files go again if the rows are not written (decision 011).
      const written: string[] = [];
      try {
        for (const image of encoded) {
          await store.put(image.fileName, image.data);
          written.push(image.fileName);
        }
        await withTransaction(db, async (tx) => {
          await tx.insert(catalogPictures).values(rows);
          for (const { uploadedBy: _by, createdAt: _at, ...picture } of rows) {
            await audit.record(tx, actor, {
              action: "picture.upload",
              entityType: "picture",
              entityId: picture.fileName,
              before: null,
              after: picture,
            });
          }
        });
      } catch (error) {
        await Promise.all(written.map((name) => store.delete(name).catch(() => {})));
        throw error;
      }
      return rows.map(({ uploadedBy: _by, ...picture }) => picture);
    },

    /** Newest first; `after` is the last file name of the previous page. */
    async list(options: { limit: number; after?: string | undefined }): Promise<CatalogPicture[]> {
      let where: SQL | undefined;
      if (options.after) {
        const [cursor] = await db
          .select({ createdAt: catalogPictures.createdAt })
          .from(catalogPictures)
          .where(eq(catalogPictures.fileName, options.after));
        if (!cursor) return [];
        where = or(
          lt(catalogPictures.createdAt, cursor.createdAt),
          and(eq(catalogPictures.createdAt, cursor.createdAt), gt(catalogPictures.fileName, options.after)),
        );
      }
      return db
        .select({
          fileName: catalogPictures.fileName,
          originalName: catalogPictures.originalName,
          bytes: catalogPictures.bytes,
          width: catalogPictures.width,
          height: catalogPictures.height,
          createdAt: catalogPictures.createdAt,
        })
        .from(catalogPictures)
        .where(where)
        .orderBy(desc(catalogPictures.createdAt), asc(catalogPictures.fileName))
        .limit(options.limit);
    },

    /**
     * An unused picture out of the library, its file and copies with it. The row is deleted first, so a save that
     * adds the picture (it key-share locks the rows it names, `unknownFiles`) either commits before the check or fails.
     */
    async remove(actor: Actor, file: string): Promise<void> {
      await withTransaction(db, async (tx) => {
        const [row] = await tx.delete(catalogPictures).where(eq(catalogPictures.fileName, file)).returning();
        if (!row) throw notFound(productAdminMessages.pictureNotInLibrary);
        const uses = await usesOf(tx, file);
        if (uses) throw new AppError("CONFLICT", productAdminMessages.pictureInUse(uses));
        const { uploadedBy: _by, createdAt: _at, ...picture } = row;
        await audit.record(tx, actor, {
          action: "picture.delete",
          entityType: "picture",
          entityId: file,
          before: picture,
          after: null,
        });
      });
      await store.delete(file).catch(() => {});
      await deps.forgetCopies(file);
    },

    /** The names among `files` that are not in the library (read in the caller's transaction). */
    async unknownFiles(tx: DbExecutor, files: readonly string[]): Promise<string[]> {
      if (files.length === 0) return [];
      const found = await tx
        .select({ fileName: catalogPictures.fileName })
        .from(catalogPictures)
        .where(inArray(catalogPictures.fileName, [...files]))
        .for("key share");
      const known = new Set(found.map((row) => row.fileName));
      return files.filter((file) => !known.has(file));
    },

    /** The newest library picture uploaded under each original file name (the CSV import names pictures so). */
    async byOriginalNames(names: readonly string[]): Promise<Map<string, string>> {
      if (names.length === 0) return new Map();
      const rows = await db
        .select({ fileName: catalogPictures.fileName, originalName: catalogPictures.originalName })
        .from(catalogPictures)
        .where(inArray(catalogPictures.originalName, [...names]))
        .orderBy(asc(catalogPictures.createdAt));
      return new Map(rows.map((row) => [row.originalName, row.fileName]));
    },
  };
}
