import { and, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db, DbExecutor } from "#db/client.ts";
import { oneTimeCodes } from "#db/schema/accounts.ts";
import { hashCode, randomCode, sameHash } from "./secrets.ts";

export type CodePurpose = (typeof oneTimeCodes.$inferSelect)["purpose"];

export type CodeCheck = { ok: true; purpose: CodePurpose } | { ok: false; reason: "wrong" | "exhausted" };

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;

/**
 * E-mailed six-digit codes (docs/decisions/008-one-time-codes.md): HMAC-hashed at rest, valid `ttlSeconds`, dead after
 * `maxAttempts` tries, and a new code of a purpose replaces the previous one.
 */
export function createOneTimeCodes(deps: { db: Db; secret: string; now: () => Date; ttlSeconds: number; maxAttempts: number }) {
  const { db, secret, now, ttlSeconds, maxAttempts } = deps;
  return {
    /** Issues a new code for `purpose` (earlier ones of that purpose stop working) and returns it, to be e-mailed. */
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

    /**
     * Checks `code` against the user's live codes (one per purpose). Every check spends one attempt of each live code
     * BEFORE comparing, in one guarded UPDATE, so concurrent guesses can never exceed `maxAttempts`.
     */
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

    /** Ends every live code of the user (e.g. after the password was reset). */
    async revokeAll(userId: string, tx: DbExecutor = db, purposes: CodePurpose[] = ["verify-email", "reset-password"]) {
      await tx
        .update(oneTimeCodes)
        .set({ consumedAt: now() })
        .where(and(eq(oneTimeCodes.userId, userId), inArray(oneTimeCodes.purpose, purposes), isNull(oneTimeCodes.consumedAt)));
    },
  };
}
