import { and, count, eq, isNotNull } from "drizzle-orm";
import type { DbExecutor } from "#db/client.ts";
import { type StaffRole, sessions, users } from "#db/schema/accounts.ts";
import { backOfficeMessages } from "#shared/back-office-messages.ts";
import { accountErrors, accountMessages } from "#shared/messages.ts";
import { AppError } from "../errors.ts";
import { type AccountInternals, toAccount } from "./internals.ts";
import { verifyPassword } from "./passwords.ts";
import type { Account, Requester } from "./types.ts";

const GOOGLE_TOKEN_FRESH_MS = 5 * 60_000;

/** Roles and the back-office clock of a session (decision 031); the accounts context owns both tables. */
export function createStaffAccess(internals: AccountInternals) {
  const { db, now, limiter, policy, findByEmail, getUser, identity } = internals;

  const ownerCount = async (tx: DbExecutor = db): Promise<number> => {
    const [row] = await tx.select({ owners: count() }).from(users).where(eq(users.role, "owner"));
    return row?.owners ?? 0;
  };
  const confirmed = async (sessionId: string, userId: string) => {
    const at = now();
    await db
      .update(sessions)
      .set({ backOfficeSeenAt: at, passwordConfirmedAt: at })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  };
  const endBackOffice = (userId: string, tx: DbExecutor) =>
    tx.update(sessions).set({ backOfficeSeenAt: null, passwordConfirmedAt: null }).where(eq(sessions.userId, userId));

  return {
    /** Grants (or with null, revokes) a role by e-mail; a role taken away or lowered ends the person's back office. */
    async setRole(
      email: string,
      role: StaffRole | null,
      tx: DbExecutor = db,
    ): Promise<{ before: StaffRole | null; account: Account }> {
      const user = await findByEmail(email, tx);
      if (!user) throw new AppError("NOT_FOUND", backOfficeMessages.noSuchAccount(email.trim().toLowerCase()));
      if (role && !user.isVerified) throw new AppError("CONFLICT", backOfficeMessages.notVerified(user.email));
      if (user.role === "owner" && role !== "owner" && (await ownerCount(tx)) <= 1) {
        throw new AppError("CONFLICT", backOfficeMessages.lastOwner);
      }
      if (user.role === role) return { before: role, account: toAccount(user) };
      const [updated] = await tx.update(users).set({ role, updatedAt: now() }).where(eq(users.id, user.id)).returning();
      // Taken away or lowered: whatever back office the person had open ends now (a grant keeps the session's clock).
      if (role === null || user.role === "owner") await endBackOffice(user.id, tx);
      return { before: user.role, account: toAccount(updated ?? user) };
    },

    ownerCount,

    /** The role of the account using `email`: undefined when no account does. */
    async roleByEmail(email: string, tx: DbExecutor = db): Promise<StaffRole | null | undefined> {
      return (await findByEmail(email, tx))?.role;
    },

    async staffMembers(): Promise<Account[]> {
      const rows = await db.select().from(users).where(isNotNull(users.role)).orderBy(users.email);
      return rows.map(toAccount);
    },

    /** The password again, within this session: it restarts the back-office clock and the re-authentication window. */
    async confirmPassword(input: { sessionId: string; userId: string; password: string } & Requester): Promise<void> {
      const user = await getUser(input.userId);
      await limiter.consume(`signin:ip:${input.ip}`, policy.signinIp);
      await limiter.consume(`signin:account:${user.email}`, policy.signinAccount);
      if (!user.passwordHash) throw new AppError("FORBIDDEN", backOfficeMessages.noPasswordToConfirm);
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        throw new AppError("UNAUTHORIZED", accountErrors.oldPasswordWrong);
      }
      await limiter.reset(`signin:account:${user.email}`);
      await confirmed(input.sessionId, user.id);
    },

    /** For an account that signs in with Google: a fresh ID token of the same Google account stands for the password. */
    async confirmWithGoogle(input: { sessionId: string; userId: string; idToken: string } & Requester): Promise<void> {
      const user = await getUser(input.userId);
      await limiter.consume(`signin:ip:${input.ip}`, policy.signinIp);
      if (!identity.configured) throw new AppError("UNAVAILABLE", accountMessages.googleUnavailable);
      const verified = await identity.verify(input.idToken);
      if (user.googleSub === null || verified.subject !== user.googleSub) {
        throw new AppError("UNAUTHORIZED", backOfficeMessages.googleNotThisAccount);
      }
      if (now().getTime() - verified.issuedAt.getTime() > GOOGLE_TOKEN_FRESH_MS) {
        throw new AppError("UNAUTHORIZED", backOfficeMessages.googleTokenStale);
      }
      await confirmed(input.sessionId, user.id);
    },

    /** A back-office request: the session's back-office clock moves on. */
    async touchBackOffice(sessionId: string): Promise<void> {
      await db.update(sessions).set({ backOfficeSeenAt: now() }).where(eq(sessions.id, sessionId));
    },
  };
}
