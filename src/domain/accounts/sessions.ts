import { and, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db, DbExecutor } from "#db/client.ts";
import { sessions, users } from "#db/schema/accounts.ts";
import { hashToken, randomToken } from "./secrets.ts";

/** last_seen_at / expires_at are written at most this often, so reading a page is not a write. */
const REFRESH_EVERY_MS = 60 * 60 * 1000;

export type SessionStore = ReturnType<typeof createSessionStore>;

/** Sessions: a random 32-byte token the client holds; only its SHA-256 is stored. Sliding expiry. */
export function createSessionStore({ db, now, ttlDays }: { db: Db; now: () => Date; ttlDays: number }) {
  const ttlMs = ttlDays * 24 * 60 * 60 * 1000;
  // Every signed-in request reads its session: one prepared statement (built and planned once; decision 020).
  const live = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // A blocked account's sessions are deleted when it is blocked; this keeps one made in a race from working.
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        gt(sessions.expiresAt, sql.placeholder("at")),
        isNull(users.blockedAt),
      ),
    )
    .prepare("accounts_live_session");
  return {
    async create(input: { userId: string; ip: string; userAgent: string; passwordGiven?: boolean }, tx: DbExecutor = db) {
      const token = randomToken();
      const at = now();
      const expiresAt = new Date(at.getTime() + ttlMs);
      const id = uuidv7();
      await tx.insert(sessions).values({
        id,
        userId: input.userId,
        tokenHash: hashToken(token),
        ip: input.ip.slice(0, 64),
        userAgent: input.userAgent.slice(0, 512),
        createdAt: at,
        lastSeenAt: at,
        expiresAt,
        passwordConfirmedAt: input.passwordGiven ? at : null,
      });
      return { id, token, expiresAt };
    },

    async find(token: string) {
      if (token.length < 20 || token.length > 200) return undefined;
      const at = now();
      const [row] = await live.execute({ tokenHash: hashToken(token), at });
      if (!row) return undefined;
      if (at.getTime() - row.session.lastSeenAt.getTime() >= REFRESH_EVERY_MS) {
        const expiresAt = new Date(at.getTime() + ttlMs);
        await db.update(sessions).set({ lastSeenAt: at, expiresAt }).where(eq(sessions.id, row.session.id));
        row.session.expiresAt = expiresAt;
      }
      return row;
    },

    async revoke(sessionId: string) {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    /** `exceptSessionId`: the one changing the password keeps working. */
    async revokeAllOfUser(userId: string, tx: DbExecutor = db, exceptSessionId?: string) {
      await tx
        .delete(sessions)
        .where(
          exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId),
        );
    },

    async deleteExpired() {
      await db.delete(sessions).where(lt(sessions.expiresAt, now()));
    },
  };
}
