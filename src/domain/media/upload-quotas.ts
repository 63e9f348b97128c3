import { and, count, eq, sql, sum } from "drizzle-orm";
import type { Db, DbExecutor } from "#db/client.ts";
import { uploads } from "#db/schema/media.ts";
import { uploadMessages } from "#shared/messages.ts";
import { AppError } from "../errors.ts";
import type { RateLimiter, RateLimitPolicy } from "../rate-limit/rate-limiter.ts";

export interface UploadQuotas {
  pendingMaxFiles: number;
  pendingMaxBytes: number;
  /** Deleting photos gives nothing back. */
  dailyMaxFiles: number;
}

const DAY_SECONDS = 24 * 60 * 60;

export type QuotaGuard = ReturnType<typeof createQuotaGuard>;

/** Checked before decoding and again under a per-user lock; the daily cap counts stored photos on every instance. */
export function createQuotaGuard({ db, limiter, quotas }: { db: Db; limiter: RateLimiter; quotas: UploadQuotas }) {
  const dailyKey = (userId: string) => `upload-daily:user:${userId}`;
  const dailyPolicy = (limit: number): RateLimitPolicy => ({
    limit,
    windowSeconds: DAY_SECONDS,
    message: uploadMessages.dailyCap(quotas.dailyMaxFiles),
  });

  async function pending(userId: string, tx: DbExecutor = db): Promise<{ files: number; bytes: number }> {
    const [row] = await tx
      .select({ files: count(), bytes: sum(uploads.bytes) })
      .from(uploads)
      .where(and(eq(uploads.userId, userId), eq(uploads.pending, true)));
    return { files: row?.files ?? 0, bytes: Number(row?.bytes ?? 0) };
  }

  function assertFits(current: { files: number; bytes: number }, files: number, bytes = 0) {
    if (current.files + files > quotas.pendingMaxFiles) {
      throw new AppError("CONFLICT", uploadMessages.pendingFull(quotas.pendingMaxFiles));
    }
    if (current.bytes + bytes > quotas.pendingMaxBytes) throw new AppError("CONFLICT", uploadMessages.pendingTooLarge);
  }

  return {
    pending,
    assertFits,

    /** Before any work, counting nothing. */
    async precheck(userId: string, files: number) {
      assertFits(await pending(userId), files);
      if (files > quotas.dailyMaxFiles) throw dailyCapReached(quotas.dailyMaxFiles);
      // `check` refuses once the window's count reaches its limit: a limit of max - files + 1 refuses exactly when
      // count + files would pass max.
      await limiter.check(dailyKey(userId), dailyPolicy(quotas.dailyMaxFiles - files + 1)).catch(rethrowDaily);
    },

    countDaily: (userId: string) => limiter.consume(dailyKey(userId), dailyPolicy(quotas.dailyMaxFiles)).catch(rethrowDaily),

    /** Waits for the user's other uploads to finish writing, then answers the pending totals they left. */
    async lockPending(tx: DbExecutor, userId: string) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${userId}`}, 0))`);
      return pending(userId, tx);
    },
  };
}

function dailyCapReached(max: number): AppError {
  return new AppError("TOO_MANY_REQUESTS", uploadMessages.dailyCap(max));
}

/** The limiter says "in N minutes"; a wait of hours reads better in hours. */
function rethrowDaily(error: unknown): never {
  const retryAfter = error instanceof AppError ? error.details?.retryAfter : undefined;
  if (error instanceof AppError && typeof retryAfter === "number" && retryAfter >= 3600) {
    const hours = Math.ceil(retryAfter / 3600);
    const [sentence] = error.message.split(" Please try again");
    const wait = hours === 1 ? "an hour" : `${hours} hours`;
    throw new AppError(error.code, `${sentence} Please try again in ${wait}.`, error.details);
  }
  throw error;
}
