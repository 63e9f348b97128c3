import { and, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db, DbExecutor } from "#db/client.ts";
import { oneTimeCodes } from "#db/schema/accounts.ts";
import { hashCode, randomCode, sameHash } from "./secrets.ts";

export type CodePurpose = (typeof oneTimeCodes.$inferSelect)["purpose"];

export type CodeCheck = { ok: true; purpose: CodePurpose } | { ok: false; reason: "wrong" | "exhausted" };

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;

/** E-mailed codes (decision 008): keyed-hashed, short-lived, few tries; a new code of a purpose replaces the last. */
export function createOneTimeCodes(deps: { db: Db; secret: string; now: () => Date; ttlSeconds: number; maxAttempts: number }) {
  const { db, secret, now, ttlSeconds, maxAttempts } = deps;
  return {
    async issue(userId: string, purpose: CodePurpose, tx: DbExecutor = db): Promise<string> {
      const at = now();
      await tx
        .update(oneTimeCodes)
        .set({ consumedAt: at })
        .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)));
      const id = uuidv7();
      const code = randomCode();
      await tx.insert(oneTimeCodes).values({
        id,
        userId,
        purpose,
        codeHash: hashCode(secret, id, code),
        createdAt: at,
        expiresAt: new Date(at.getTime() + ttlSeconds * 1000),
      });
      return code;
    },

    /** Spends an attempt of each live code BEFORE comparing, in one guarded UPDATE: concurrent guesses stay bounded. */
    async check(userId: string, code: string, tx: DbExecutor = db): Promise<CodeCheck> {
      const at = now();
      const live = and(eq(oneTimeCodes.userId, userId), isNull(oneTimeCodes.consumedAt), gt(oneTimeCodes.expiresAt, at));
      const spent = await tx
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(and(live, lt(oneTimeCodes.attempts, maxAttempts)))
        .returning({ id: oneTimeCodes.id, codeHash: oneTimeCodes.codeHash, purpose: oneTimeCodes.purpose });
      const match = spent.find((row) => sameHash(row.codeHash, hashCode(secret, row.id, code)));
      if (match) {
        const [consumed] = await tx
          .update(oneTimeCodes)
          .set({ consumedAt: at })
          .where(and(eq(oneTimeCodes.id, match.id), isNull(oneTimeCodes.consumedAt)))
          .returning({ id: oneTimeCodes.id });
        if (consumed) return { ok: true, purpose: match.purpose };
      }
      if (spent.length === 0) {
        const [exhausted] = await tx.select({ id: oneTimeCodes.id }).from(oneTimeCodes).where(live).limit(1);
        return { ok: false, reason: exhausted ? "exhausted" : "wrong" };
      }
      return { ok: false, reason: "wrong" };
    },

    async revokeAll(userId: string, tx: DbExecutor = db, purposes: CodePurpose[] = ["verify-email", "reset-password"]) {
      await tx
        .update(oneTimeCodes)
        .set({ consumedAt: now() })
        .where(and(eq(oneTimeCodes.userId, userId), inArray(oneTimeCodes.purpose, purposes), isNull(oneTimeCodes.consumedAt)));
    },
  };
}
