import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { type Db, type DbExecutor, withTransaction } from "#db/client.ts";
import { uploads } from "#db/schema/media.ts";
import { accountMessages, photoTooLarge, uploadMessages } from "#shared/messages.ts";
import { AppError } from "../errors.ts";
import { consumeWrite } from "../rate-limit/policies.ts";
import type { RateLimiter } from "../rate-limit/rate-limiter.ts";
import { reencodeProfileImage } from "./image-upload.ts";
import type { ImageStore } from "./ports.ts";
import { createStagedUploads, type EncodedImage } from "./staged-uploads.ts";
import { createQuotaGuard, type UploadQuotas } from "./upload-quotas.ts";

export interface Upload {
  id: string;
  fileName: string;
  width: number;
  height: number;
  createdAt: Date;
}

export type UploadsService = ReturnType<typeof createUploadsService>;

export interface UploadsDeps {
  db: Db;
  store: ImageStore;
  now: () => Date;
  maxBytes: number;
  /** Against decompression bombs. */
  maxPixels: number;
  quotas: UploadQuotas;
  limiter: RateLimiter;
  /** Keys the requester hashes of staged uploads. */
  secret: string;
  trustedOrigins: readonly string[];
}

/** Profile photos, pending until saved on the profile; owns `uploads` and `staged_uploads` (decision 011). */
export function createUploadsService(deps: UploadsDeps) {
  const { db, store, now } = deps;
  const quota = createQuotaGuard({ db, limiter: deps.limiter, quotas: deps.quotas });

  /** Every photo checked and re-encoded before any is stored. */
  async function encode(files: readonly Uint8Array[]): Promise<EncodedImage[]> {
    const images: EncodedImage[] = [];
    for (const data of files) {
      if (data.byteLength > deps.maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", photoTooLarge(deps.maxBytes));
      const image = await reencodeProfileImage(data, { maxPixels: deps.maxPixels });
      images.push({ ...image, fileName: `u-${randomBytes(16).toString("hex")}.webp` });
    }
    return images;
  }

  const staged = createStagedUploads({ ...deps, quota, encode });

  /** All or none. Quotas are checked before decoding, with the re-encoded sizes, and under the user's lock. */
  async function uploadMany(input: { userId: string; files: readonly Uint8Array[] }): Promise<Upload[]> {
    const { userId, files } = input;
    if (files.length === 0) throw new AppError("BAD_REQUEST", accountMessages.imageType);
    await quota.precheck(userId, files.length);
    // Every request counts, stored or refused, before the costly decoding (the daily cap counts only stored photos).
    await consumeWrite(deps.limiter, "photoUpload", { account: userId });
    const images = await encode(files);
    const bytes = images.reduce((total, image) => total + image.data.byteLength, 0);
    quota.assertFits(await quota.pending(userId), images.length, bytes);
    for (const _image of images) await quota.countDaily(userId);
    const at = now();
    const rows = images.map((image) => ({
      id: uuidv7(),
      userId,
      fileName: image.fileName,
      contentType: image.contentType,
      bytes: image.data.byteLength,
      width: image.width,
      height: image.height,
      pending: true,
      createdAt: at,
    }));
    // Files first, then the rows that name them; the files go again if the rows are not written (decision 011).
    const written: string[] = [];
    try {
      for (const image of images) {
        await store.put(image.fileName, image.data);
        written.push(image.fileName);
      }
      await withTransaction(db, async (tx) => {
        quota.assertFits(await quota.lockPending(tx, userId), images.length, bytes);
        await tx.insert(uploads).values(rows);
      });
    } catch (error) {
      await Promise.all(written.map((name) => store.delete(name).catch(() => {})));
      throw error;
    }
    return rows.map(({ id, fileName, width, height, createdAt }) => ({ id, fileName, width, height, createdAt }));
  }

  return {
    uploadMany,

    async upload(input: { userId: string; data: Uint8Array }): Promise<Upload> {
      const [upload] = await uploadMany({ userId: input.userId, files: [input.data] });
      if (!upload) throw new Error("upload was not stored");
      return upload;
    },

    stage: staged.stage,
    claimStaged: staged.claimStaged,
    deleteExpiredStaged: staged.deleteExpiredStaged,

    /** In the caller's transaction; every name must be one of the user's own uploads, else nothing changes. */
    async markSaved(tx: DbExecutor, input: { userId: string; fileNames: readonly string[] }): Promise<void> {
      const fileNames = [...new Set(input.fileNames)];
      if (fileNames.length === 0) return;
      const owned = and(eq(uploads.userId, input.userId), inArray(uploads.fileName, fileNames));
      const rows = await tx.select({ fileName: uploads.fileName }).from(uploads).where(owned);
      if (rows.length !== fileNames.length) throw new AppError("BAD_REQUEST", uploadMessages.notOwnUpload);
      await tx.update(uploads).set({ pending: false }).where(owned);
    },

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

    /** Every photo row of an account, in the caller's transaction; its files go with `deleteFiles` after commit. */
    async forgetUser(tx: DbExecutor, userId: string): Promise<string[]> {
      const deleted = await tx.delete(uploads).where(eq(uploads.userId, userId)).returning({ fileName: uploads.fileName });
      return deleted.map((row) => row.fileName);
    },

    /** A file already gone is fine: its row is gone too. */
    async deleteFiles(fileNames: readonly string[]): Promise<void> {
      await Promise.all([...new Set(fileNames)].map((name) => store.delete(name).catch(() => {})));
    },

    /** Rows, then files. */
    async deletePending(userId: string): Promise<number> {
      await consumeWrite(deps.limiter, "photoDelete", { account: userId });
      const deleted = await db
        .delete(uploads)
        .where(and(eq(uploads.userId, userId), eq(uploads.pending, true)))
        .returning({ fileName: uploads.fileName });
      await Promise.all(deleted.map((row) => store.delete(row.fileName).catch(() => {})));
      return deleted.length;
    },
  };
}
