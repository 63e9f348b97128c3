import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { idempotencyKeys } from "#db/schema/idempotency.ts";
import { idempotencyMessages } from "#shared/messages.ts";
import { AppError } from "../errors.ts";

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;

const KEEP_MS = 24 * 60 * 60 * 1000;

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

const hashOf = (request: unknown) =>
  createHash("sha256")
    .update(JSON.stringify(canonical(request) ?? null))
    .digest("hex");

/**
 * A client retrying after a lost answer gets the first answer again, not a second order. The same key with another body
 * is refused (422); only successful answers are kept, so a refused request may be retried with its key.
 */
export function createIdempotencyService({ db, now }: { db: Db; now: () => Date }) {
  return {
    async run<T>(
      { owner, scope, key, request }: { owner: string; scope: string; key: string | undefined; request: unknown },
      work: () => Promise<{ status: number; body: T }>,
    ): Promise<{ status: number; body: T; replayed: boolean }> {
      if (key === undefined) return { ...(await work()), replayed: false };
      const requestHash = hashOf(request);
      const where = and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ owner, scope, key, requestHash, createdAt: now() })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        const [first] = await db.select().from(idempotencyKeys).where(where);
        if (!first) throw new AppError("CONFLICT", idempotencyMessages.tooFast);
        if (first.requestHash !== requestHash) {
          throw new AppError("UNPROCESSABLE", idempotencyMessages.otherRequest);
        }
        if (first.status === null) {
          throw new AppError("CONFLICT", idempotencyMessages.inFlight);
        }
        return { status: first.status, body: first.body as T, replayed: true };
      }
      try {
        const answer = await work();
        await db.update(idempotencyKeys).set({ status: answer.status, body: answer.body }).where(where);
        return { ...answer, replayed: false };
      } catch (error) {
        await db.delete(idempotencyKeys).where(where);
        throw error;
      }
    },

    async prune(): Promise<void> {
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now().getTime() - KEEP_MS)));
    },
  };
}
