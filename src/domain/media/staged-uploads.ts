import { and, asc, eq, gt, inArray, lte } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { type Db, withTransaction } from "#db/client.ts";
import { stagedUploads, uploads } from "#db/schema/media.ts";
import { accountMessages, uploadMessages } from "#shared/messages.ts";
import { AppError } from "../errors.ts";
import type { RateLimiter } from "../rate-limit/rate-limiter.ts";
import { type Requester, requesterHash } from "../requester.ts";
import type { ImageStore } from "./ports.ts";
import type { QuotaGuard, UploadQuotas } from "./upload-quotas.ts";

export const STAGED_TTL_MS = 15 * 60 * 1000;
export const STAGED_PER_NETWORK_PER_HOUR = 20;

export interface EncodedImage {
  fileName: string;
  data: Uint8Array;
  width: number;
  height: number;
  contentType: string;
}

export interface StagedUpload {
  fileName: string;
  width: number;
  height: number;
  expiresAt: Date;
}

export interface StagedUploadsDeps {
  db: Db;
  store: ImageStore;
  now: () => Date;
  limiter: RateLimiter;
  secret: string;
  quotas: UploadQuotas;
  quota: QuotaGuard;
  trustedOrigins: readonly string[];
  /** The one pipeline of every upload. */
  encode: (files: readonly Uint8Array[]) => Promise<EncodedImage[]>;
}

/** Held by a keyed hash of the requester until their next signed-in request claims them (decision 012). */
export function createStagedUploads(deps: StagedUploadsDeps) {
  const { db, store, now, limiter, quota, quotas } = deps;
  const hashOf = (requester: Requester) => requesterHash(deps.secret, "staged-upload", requester);
  const networkPolicy = {
    limit: STAGED_PER_NETWORK_PER_HOUR,
    windowSeconds: 3600,
    message: uploadMessages.stagedPerNetwork,
  };

  async function deleteExpired(): Promise<number> {
    const deleted = await db.delete(stagedUploads).where(lte(stagedUploads.expiresAt, now())).returning({ id: stagedUploads.id });
    return deleted.length;
  }

  return {
    deleteExpiredStaged: deleteExpired,

    /** Refused from another site's page, which could plant a photo for the visitor's next claim. */
    async stage(input: { requester: Requester; origin?: string | undefined; files: readonly Uint8Array[] }) {
      if (input.origin !== undefined && !deps.trustedOrigins.includes(input.origin)) {
        throw new AppError("FORBIDDEN", uploadMessages.stagedOrigin);
      }
      if (input.files.length === 0) throw new AppError("BAD_REQUEST", accountMessages.imageType);
      await deleteExpired();
      for (const _file of input.files) await limiter.consume(`upload-staged:ip:${input.requester.ip}`, networkPolicy);
      const images = await deps.encode(input.files);
      const at = now();
      const expiresAt = new Date(at.getTime() + STAGED_TTL_MS);
      const requester = hashOf(input.requester);
      await db.insert(stagedUploads).values(
        images.map((image) => ({
          id: uuidv7(),
          requesterHash: requester,
          fileName: image.fileName,
          data: image.data,
          contentType: image.contentType,
          bytes: image.data.byteLength,
          width: image.width,
          height: image.height,
          createdAt: at,
          expiresAt,
        })),
      );
      return images.map(
        (image): StagedUpload => ({ fileName: image.fileName, width: image.width, height: image.height, expiresAt }),
      );
    },

    /** As many as the user's quotas take, oldest first; the rest stay staged until they expire. */
    async claimStaged(input: { userId: string; requester: Requester }): Promise<number> {
      const { userId } = input;
      await deleteExpired();
      const requester = hashOf(input.requester);
      const live = and(eq(stagedUploads.requesterHash, requester), gt(stagedUploads.expiresAt, now()));
      const candidates = await db
        .select({ id: stagedUploads.id, bytes: stagedUploads.bytes })
        .from(stagedUploads)
        .where(live)
        .orderBy(asc(stagedUploads.createdAt), asc(stagedUploads.id));
      if (candidates.length === 0) return 0;

      const fits = (taken: { files: number; bytes: number }, bytes: number) =>
        taken.files + 1 <= quotas.pendingMaxFiles && taken.bytes + bytes <= quotas.pendingMaxBytes;
      const chosen: typeof candidates = [];
      const totals = await quota.pending(userId);
      for (const candidate of candidates) {
        if (!fits(totals, candidate.bytes)) break;
        const counted = await quota.countDaily(userId).then(
          () => true,
          (error: unknown) => {
            if (error instanceof AppError && error.code === "TOO_MANY_REQUESTS") return false;
            throw error;
          },
        );
        if (!counted) break;
        chosen.push(candidate);
        totals.files += 1;
        totals.bytes += candidate.bytes;
      }
      if (chosen.length === 0) return 0;

      const written: string[] = [];
      try {
        return await withTransaction(db, async (tx) => {
          // Under the user's lock, keep only what still fits (another upload may have finished meanwhile).
          const locked = await quota.lockPending(tx, userId);
          const ids = chosen
            .filter((candidate) => {
              if (!fits(locked, candidate.bytes)) return false;
              locked.files += 1;
              locked.bytes += candidate.bytes;
              return true;
            })
            .map((candidate) => candidate.id);
          if (ids.length === 0) return 0;
          // Taken out of the staging table in the same statement that reads them: two claims never take one photo.
          const taken = await tx
            .delete(stagedUploads)
            .where(and(inArray(stagedUploads.id, ids), live))
            .returning();
          for (const row of taken) {
            await store.put(row.fileName, row.data);
            written.push(row.fileName);
          }
          if (taken.length > 0) {
            await tx.insert(uploads).values(
              taken.map((row) => ({
                id: uuidv7(),
                userId,
                fileName: row.fileName,
                contentType: row.contentType,
                bytes: row.bytes,
                width: row.width,
                height: row.height,
                pending: true,
                createdAt: row.createdAt,
              })),
            );
          }
          return taken.length;
        });
      } catch (error) {
        // A file is written before the row that names it, and deleted again when the row is not (decision 011).
        await Promise.all(written.map((name) => store.delete(name).catch(() => {})));
        throw error;
      }
    },
  };
}
