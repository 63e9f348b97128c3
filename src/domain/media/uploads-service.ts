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
  /** Largest photo accepted (UPLOAD_MAX_BYTES). */
  maxBytes: number;
  /** Largest decoded photo (UPLOAD_MAX_PIXELS), against decompression bombs. */
  maxPixels: number;
  /** Per-user limits of pending uploads and the daily cap (UPLOAD_PENDING_*, UPLOAD_DAILY_MAX_FILES). */
  quotas: UploadQuotas;
  /** Abuse limits: the daily cap, uploads without a session per network, upload requests and deletions per account. */
  limiter: RateLimiter;
  /** Server secret keying the requester hashes of staged uploads (SESSION_SECRET). */
  secret: string;
  /** Origins whose pages may upload without a session: the shop's own and CORS_ORIGINS. */
  trustedOrigins: readonly string[];
}

/**
 * Profile photos: validated and re-encoded, stored under a random name, pending until saved on the profile, within
 * the user's quotas. Photos uploaded without a session wait in a staging table until claimed (staged-uploads.ts). The
 * `uploads` and `staged_uploads` tables are written only here; the accounts service marks photos saved through
 * `markSaved(tx, ...)`.
 */
export function createUploadsService(deps: UploadsDeps) {
  const { db, store, now } = deps;
  const quota = createQuotaGuard({ db, limiter: deps.limiter, quotas: deps.quotas });

  /** Every photo checked (size, kind by content, pixels) and re-encoded, one at a time, before any is stored. */
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

  /**
   * Stores photos as pending uploads of the user: all of them or none. Quotas are checked before any photo is decoded,
   * again with the re-encoded sizes, and a last time under the user's lock in the transaction that writes the rows.
   */
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

    /** Stores one photo (at most `maxBytes`; JPEG, PNG or WebP by content) as a pending upload of the user. */
    async upload(input: { userId: string; data: Uint8Array }): Promise<Upload> {
      const [upload] = await uploadMany({ userId: input.userId, files: [input.data] });
      if (!upload) throw new Error("upload was not stored");
      return upload;
    },

    stage: staged.stage,
    claimStaged: staged.claimStaged,
    deleteExpiredStaged: staged.deleteExpiredStaged,

    /**
     * Inside the caller's transaction: takes `fileNames` out of the user's pending list (they are on the profile now).
     * Every name must be one of the user's own uploads, pending or saved; otherwise nothing changes and it throws.
     */
    async markSaved(tx: DbExecutor, input: { userId: string; fileNames: readonly string[] }): Promise<void> {
      const fileNames = [...new Set(input.fileNames)];
      if (fileNames.length === 0) return;
      const owned = and(eq(uploads.userId, input.userId), inArray(uploads.fileName, fileNames));
      const rows = await tx.select({ fileName: uploads.fileName }).from(uploads).where(owned);
      if (rows.length !== fileNames.length) throw new AppError("BAD_REQUEST", uploadMessages.notOwnUpload);
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
