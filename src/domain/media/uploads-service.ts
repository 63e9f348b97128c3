import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "#db/client.ts";
import { uploads } from "#db/schema/accounts.ts";
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

/** Profile photos: validated and re-encoded, stored under a random name, pending until saved on the profile. */
export function createUploadsService(deps: { db: Db; store: ImageStore; now: () => Date; maxPixels: number }) {
  const { db, store, now } = deps;
  return {
    async upload(input: { userId: string; data: Uint8Array }): Promise<Upload> {
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
