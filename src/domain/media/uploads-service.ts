import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db, DbExecutor } from "#db/client.ts";
import { uploads } from "#db/schema/accounts.ts";
import { photoTooLarge } from "#shared/messages.ts";
import { AppError } from "../errors.ts";
import { reencodeProfileImage } from "./image-upload.ts";
import type { ImageStore } from "./ports.ts";

export interface Upload {
  id: string;
  fileName: string;
  width: number;
  height: number;
  createdAt: Date;
}

export type UploadsService = ReturnType<typeof createUploadsService>;

export const UNKNOWN_UPLOAD_MESSAGE = "That image was not uploaded by you. Please upload the photo again.";

export interface UploadsDeps {
  db: Db;
  store: ImageStore;
  now: () => Date;
  /** Largest photo accepted (UPLOAD_MAX_BYTES). */
  maxBytes: number;
  /** Largest decoded photo (UPLOAD_MAX_PIXELS), against decompression bombs. */
  maxPixels: number;
}

/**
 * Profile photos: validated and re-encoded, stored under a random name, pending until saved on the profile. The
 * `uploads` table is written only here; the accounts service marks photos saved through `markSaved(tx, ...)`.
 */
export function createUploadsService(deps: UploadsDeps) {
  const { db, store, now } = deps;
  return {
    /** Stores a photo (at most `maxBytes`; JPEG, PNG or WebP by content) as a pending upload of the user. */
    async upload(input: { userId: string; data: Uint8Array }): Promise<Upload> {
      if (input.data.byteLength > deps.maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", photoTooLarge(deps.maxBytes));
      const image = await reencodeProfileImage(input.data, { maxPixels: deps.maxPixels });
      const fileName = `u-${randomBytes(16).toString("hex")}.webp`;
      await store.put(fileName, image.data);
      const row = { id: uuidv7(), fileName, width: image.width, height: image.height, createdAt: now() };
      try {
        await db.insert(uploads).values({
          ...row,
          userId: input.userId,
          contentType: image.contentType,
          bytes: image.data.byteLength,
          pending: true,
        });
      } catch (error) {
        await store.delete(fileName).catch(() => {});
        throw error;
      }
      return row;
    },

    /**
     * Inside the caller's transaction: takes `fileNames` out of the user's pending list (they are on the profile now).
     * Every name must be one of the user's own uploads, pending or saved; otherwise nothing changes and it throws.
     */
    async markSaved(tx: DbExecutor, input: { userId: string; fileNames: readonly string[] }): Promise<void> {
      const fileNames = [...new Set(input.fileNames)];
      if (fileNames.length === 0) return;
      const owned = and(eq(uploads.userId, input.userId), inArray(uploads.fileName, fileNames));
      const rows = await tx.select({ fileName: uploads.fileName }).from(uploads).where(owned);
      if (rows.length !== fileNames.length) throw new AppError("BAD_REQUEST", UNKNOWN_UPLOAD_MESSAGE);
      await tx.update(uploads).set({ pending: false }).where(owned);
    },

    /** The caller's uploads not yet saved on the profile. */
    async listPending(userId: string): Promise<Upload[]> {
      return db
        .select({
          id: uploads.id,
          fileName: uploads.fileName,
          width: uploads.width,
          height: uploads.height,
          createdAt: uploads.createdAt,
        })
        .from(uploads)
        .where(and(eq(uploads.userId, userId), eq(uploads.pending, true)))
        .orderBy(uploads.createdAt, uploads.id);
    },

    /** Deletes the caller's pending uploads (rows, then files); saved photos and other people's are untouched. */
    async deletePending(userId: string): Promise<number> {
      const deleted = await db
        .delete(uploads)
        .where(and(eq(uploads.userId, userId), eq(uploads.pending, true)))
        .returning({ fileName: uploads.fileName });
      await Promise.all(deleted.map((row) => store.delete(row.fileName).catch(() => {})));
      return deleted.length;
    },
  };
}
