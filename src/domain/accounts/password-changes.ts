import { and, eq, gt, isNull } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { type DbExecutor, withTransaction } from "#db/client.ts";
import { passwordResetGrants, users } from "#db/schema/accounts.ts";
import { accountErrors } from "#shared/messages.ts";
import { AppError } from "../errors.ts";
import { consumeWrite } from "../rate-limit/policies.ts";
import { requesterHash } from "../requester.ts";
import { passwordResetEmail } from "./emails.ts";
import { type AccountInternals, normalizeEmail } from "./internals.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { hashToken, randomToken } from "./secrets.ts";
import { refuseBlocked } from "./standing.ts";
import type { Requester } from "./types.ts";

const RESET_GRANT_TTL_MS = 15 * 60 * 1000;
/** How long the requester who verified the code may use the grant with the e-mail alone (the original API). */
const REQUESTER_GRANT_TTL_MS = 10 * 60 * 1000;

export function resetRequesterHash(secret: string, userId: string, requester: Requester): string {
  return requesterHash(secret, `reset-grant:${userId}`, requester);
}

/** The single-use grant a verified reset code earns (decision 008); the account's earlier unused grants stop. */
export async function issueResetGrant(
  tx: DbExecutor,
  input: { userId: string; at: Date; requesterHash: string },
): Promise<{ token: string; expiresAt: Date }> {
  const { userId, at } = input;
  const token = randomToken();
  const expiresAt = new Date(at.getTime() + RESET_GRANT_TTL_MS);
  await tx
    .update(passwordResetGrants)
    .set({ usedAt: at })
    .where(and(eq(passwordResetGrants.userId, userId), isNull(passwordResetGrants.usedAt)));
  await tx.insert(passwordResetGrants).values({
    id: uuidv7(),
    userId,
    tokenHash: hashToken(token),
    requesterHash: input.requesterHash,
    createdAt: at,
    expiresAt,
  });
  return { token, expiresAt };
}

export interface ResetPasswordInput {
  newPassword: string;
  /** Without it, the grant of `email` verified by `requester` is used. */
  resetToken?: string | undefined;
  email?: string | undefined;
  requester: Requester;
}

export function createPasswordChanges(internals: AccountInternals) {
  const { db, limiter, now, codes, policy, sessionStore, limits, findByEmail, send } = internals;

  return {
    /** The same answer whether the account exists or not. */
    async requestPasswordReset(input: { email: string } & Requester): Promise<void> {
      const email = normalizeEmail(input.email);
      const user = await findByEmail(email);
      refuseBlocked(user);
      await internals.limitCodeSending(email, input.ip, policy.forgotIp, "forgot");
      if (!user) return;
      const code = await codes.issue(user.id, "reset-password");
      await send(passwordResetEmail({ to: user.email, name: user.name, code, ttlSeconds: limits.otpTtlSeconds }));
    },

    /**
     * Every session of the account ends. The original API sends only `{ email, newPass, confirmPass }`: then the grant
     * is the one whose code this same requester verified moments ago.
     */
    async resetPassword(input: ResetPasswordInput): Promise<void> {
      const { resetToken, requester } = input;
      if (resetToken === undefined && input.email === undefined) {
        throw new AppError("FORBIDDEN", accountErrors.resetNeedsCode);
      }
      internals.assertPolicy(input.newPassword);
      // Before the hash, which costs far more than the grant's lookup that a guessed token would fail.
      await consumeWrite(limiter, "passwordReset", { network: requester.ip });
      const passwordHash = await hashPassword(input.newPassword);
      await withTransaction(db, async (tx) => {
        const at = now();
        const live = and(isNull(passwordResetGrants.usedAt), gt(passwordResetGrants.expiresAt, at));
        let userId: string | undefined;
        if (resetToken !== undefined) {
          const [grant] = await tx
            .update(passwordResetGrants)
            .set({ usedAt: at })
            .where(and(eq(passwordResetGrants.tokenHash, hashToken(resetToken)), live))
            .returning({ userId: passwordResetGrants.userId });
          if (!grant) throw new AppError("FORBIDDEN", accountErrors.resetExpired);
          userId = grant.userId;
        } else if (input.email !== undefined) {
          const owner = await findByEmail(input.email, tx);
          const [grant] = owner
            ? await tx
                .update(passwordResetGrants)
                .set({ usedAt: at })
                .where(
                  and(
                    eq(passwordResetGrants.userId, owner.id),
                    eq(passwordResetGrants.requesterHash, resetRequesterHash(internals.secret, owner.id, requester)),
                    gt(passwordResetGrants.createdAt, new Date(at.getTime() - REQUESTER_GRANT_TTL_MS)),
                    live,
                  ),
                )
                .returning({ userId: passwordResetGrants.userId })
            : [];
          // The same answer for an unknown e-mail and for one without a grant from this requester.
          if (!grant) throw new AppError("FORBIDDEN", accountErrors.resetNeedsCode);
          userId = grant.userId;
        }
        const [user] = userId === undefined ? [] : await tx.select().from(users).where(eq(users.id, userId));
        if (!user || (input.email !== undefined && normalizeEmail(input.email) !== user.email)) {
          throw new AppError("FORBIDDEN", accountErrors.resetExpired);
        }
        refuseBlocked(user);
        await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, user.id));
        await sessionStore.revokeAllOfUser(user.id, tx);
        await codes.revokeAll(user.id, tx, ["reset-password"]);
      });
    },

    /** The account's other sessions end. */
    async changePassword(input: { userId: string; sessionId?: string | undefined; oldPassword: string; newPassword: string }) {
      await limiter.consume(`change-password:account:${input.userId}`, policy.changePasswordAccount);
      const user = await internals.getUser(input.userId);
      if (!user.passwordHash) throw new AppError("BAD_REQUEST", accountErrors.noPassword);
      if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
        throw new AppError("BAD_REQUEST", accountErrors.oldPasswordWrong);
      }
      internals.assertPolicy(input.newPassword);
      const passwordHash = await hashPassword(input.newPassword);
      await withTransaction(db, async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: now() }).where(eq(users.id, user.id));
        await sessionStore.revokeAllOfUser(user.id, tx, input.sessionId);
      });
      await limiter.reset(`change-password:account:${input.userId}`);
    },
  };
}
