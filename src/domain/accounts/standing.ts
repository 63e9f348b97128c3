import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbExecutor } from "#db/client.ts";
import { oneTimeCodes, passwordResetGrants, sessions, users } from "#db/schema/accounts.ts";
import { accountDataMessages } from "#shared/messages/account-data.ts";
import { customerAdminMessages as m } from "#shared/messages/back-office-customers.ts";
import { AppError } from "../errors.ts";
import { eraseAccountEmail } from "./emails.ts";
import type { AccountInternals, UserRow } from "./internals.ts";
import { verifyPassword } from "./passwords.ts";
import { sameHash } from "./secrets.ts";

/** Every way in (passwords, Google, sign-up, codes, resets) refuses a blocked account with one sentence. */
export function refuseBlocked(user: Pick<UserRow, "blockedAt"> | undefined): void {
  if (user?.blockedAt) throw new AppError("FORBIDDEN", accountDataMessages.blocked);
}

/** The e-mail an erased account keeps: unique, undeliverable (RFC 6761 `.invalid`), so the address may sign up again. */
export const erasedEmail = (id: string) => `erased-${id}@invalid`;

/** Blocking and erasure of an account (issue 34, item 3): the accounts context's own tables, in the caller's transaction. */
const ERASE_WINDOW_MS = 15 * 60 * 1000;

/**
 * A Google-only account proves its mailbox with a code derived from the secret, the account and a 15-minute window:
 * nothing is stored (the table's purposes are fixed by the schema) and erasure makes it useless.
 */
function eraseCode(secret: string, userId: string, window: number): string {
  const digest = createHmac("sha256", secret).update(`erase-account:${userId}:${window}`).digest();
  return String(digest.readUInt32BE(0) % 1_000_000).padStart(6, "0");
}

export function createStanding(internals: AccountInternals) {
  const { now, limiter, secret } = internals;
  const proofPolicy = { limit: 5, windowSeconds: 900, message: accountDataMessages.eraseCodeLimit };

  async function lockedCustomer(tx: DbExecutor, userId: string): Promise<UserRow> {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw new AppError("NOT_FOUND", m.notFound);
    if (user.role !== null) throw new AppError("CONFLICT", m.staffCannotBeBlocked);
    return user;
  }

  /** Nothing the person held opens the account again: sessions, codes and reset grants go. */
  async function endEverything(tx: DbExecutor, userId: string) {
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
    await tx.delete(passwordResetGrants).where(eq(passwordResetGrants.userId, userId));
  }

  return {
    /** The account's own proof before it erases itself: its password, or (without one) the e-mailed code. */
    async proveErasure(userId: string, proof: { password?: string | undefined; code?: string | undefined }): Promise<void> {
      const user = await internals.getUser(userId);
      if (user.role !== null) throw new AppError("CONFLICT", accountDataMessages.staffCannotErase);
      await limiter.consume(`erase:account:${userId}`, proofPolicy);
      if (user.passwordHash) {
        if (!proof.password) throw new AppError("BAD_REQUEST", accountDataMessages.eraseNeedsPassword);
        if (!(await verifyPassword(user.passwordHash, proof.password))) {
          throw new AppError("BAD_REQUEST", accountDataMessages.erasePasswordWrong);
        }
        return;
      }
      if (!proof.code) throw new AppError("BAD_REQUEST", accountDataMessages.eraseNeedsCode);
      const window = Math.floor(now().getTime() / ERASE_WINDOW_MS);
      const given = Buffer.from(proof.code.padEnd(6, " ")).toString("hex");
      const fits = [window, window - 1].some((w) => sameHash(Buffer.from(eraseCode(secret, userId, w)).toString("hex"), given));
      if (!fits) throw new AppError("BAD_REQUEST", accountDataMessages.eraseCodeWrong);
    },

    /** E-mails the code a Google-only account erases itself with; at most one a minute. */
    async sendErasureCode(userId: string): Promise<{ email: string }> {
      const user = await internals.getUser(userId);
      if (user.role !== null) throw new AppError("CONFLICT", accountDataMessages.staffCannotErase);
      await limiter.consume(internals.sendCodeKey(user.email), internals.policy.sendCodeAccount);
      const code = eraseCode(secret, userId, Math.floor(now().getTime() / ERASE_WINDOW_MS));
      await internals.send(eraseAccountEmail({ to: user.email, name: user.name, code, minutes: 15 }));
      return { email: user.email };
    },

    /** Blocks a shopper; every session ends in the same transaction. */
    async blockAccount(tx: DbExecutor, userId: string, reason: string): Promise<UserRow> {
      const user = await lockedCustomer(tx, userId);
      if (user.erasedAt) throw new AppError("CONFLICT", m.erasedCannotBlock);
      if (user.blockedAt) throw new AppError("CONFLICT", m.alreadyBlocked);
      const at = now();
      await tx.update(users).set({ blockedAt: at, blockedReason: reason, updatedAt: at }).where(eq(users.id, userId));
      await endEverything(tx, userId);
      return user;
    },

    async unblockAccount(tx: DbExecutor, userId: string): Promise<UserRow> {
      const user = await lockedCustomer(tx, userId);
      if (!user.blockedAt) throw new AppError("CONFLICT", m.notBlocked);
      await tx.update(users).set({ blockedAt: null, blockedReason: null, updatedAt: now() }).where(eq(users.id, userId));
      return user;
    },

    /**
     * Replaces the account's personal data (DPDP): the row stays so orders keep their owner. Returns the row as it
     * was; its photos are the caller's to delete after commit.
     */
    async eraseAccount(tx: DbExecutor, userId: string): Promise<UserRow> {
      const user = await lockedCustomer(tx, userId);
      if (user.erasedAt) throw new AppError("CONFLICT", m.alreadyErased);
      const at = now();
      await tx
        .update(users)
        .set({
          name: m.erasedName,
          email: erasedEmail(user.id),
          phone: "",
          images: [],
          passwordHash: null,
          googleSub: null,
          isVerified: false,
          blockedReason: null,
          erasedAt: at,
          updatedAt: at,
        })
        .where(eq(users.id, userId));
      await endEverything(tx, userId);
      return user;
    },
  };
}
