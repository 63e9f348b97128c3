import { eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { withTransaction } from "#db/client.ts";
import { users } from "#db/schema/accounts.ts";
import { accountErrors } from "#shared/messages.ts";
import { AppError } from "../errors.ts";
import { verificationEmail } from "./emails.ts";
import { type AccountInternals, normalizeEmail } from "./internals.ts";
import { issueResetGrant, resetRequesterHash } from "./password-changes.ts";
import { hashPassword } from "./passwords.ts";
import { refuseBlocked } from "./standing.ts";
import type { Requester } from "./types.ts";

/** Sign-up, a new verification code, and checking an e-mailed code (decision 008). */
export function createRegistration(internals: AccountInternals) {
  const { db, limiter, now, codes, policy, sendCodeKey, limits, findByEmail, send } = internals;

  return {
    /**
     * Signing up again with an unverified e-mail replaces the pending details (only the mailbox owner can verify them);
     * a verified e-mail is refused. `isAdmin` is never taken from a client.
     */
    async signUp(input: { name: string; email: string; phone: string; password: string } & Requester) {
      const email = normalizeEmail(input.email);
      await limiter.consume(`signup:ip:${input.ip}`, policy.signupIp);
      internals.assertPolicy(input.password);
      const existing = await findByEmail(email);
      refuseBlocked(existing);
      if (existing?.isVerified) throw new AppError("CONFLICT", accountErrors.emailTaken);
      await limiter.consume(sendCodeKey(email), policy.sendCodeAccount);
      const passwordHash = await hashPassword(input.password);
      const at = now();
      const { user, code } = await withTransaction(db, async (tx) => {
        let id = existing?.id;
        if (id) {
          await tx
            .update(users)
            .set({ name: input.name, phone: input.phone, passwordHash, updatedAt: at })
            .where(eq(users.id, id));
        } else {
          id = uuidv7();
          await tx.insert(users).values({
            id,
            name: input.name,
            email,
            phone: input.phone,
            passwordHash,
            isVerified: false,
            createdAt: at,
            updatedAt: at,
          });
        }
        return { user: { id, name: input.name, email }, code: await codes.issue(id, "verify-email", tx) };
      });
      await send(verificationEmail({ to: user.email, name: user.name, code, ttlSeconds: limits.otpTtlSeconds }));
      return { userId: user.id, email: user.email, resent: Boolean(existing) };
    },

    /** The same answer whatever the e-mail. */
    async resendCode(input: { email: string } & Requester): Promise<void> {
      const email = normalizeEmail(input.email);
      const user = await findByEmail(email);
      refuseBlocked(user);
      await internals.limitCodeSending(email, input.ip, policy.sendCodeIp, "resend");
      if (!user || user.isVerified) return;
      const code = await codes.issue(user.id, "verify-email");
      await send(verificationEmail({ to: user.email, name: user.name, code, ttlSeconds: limits.otpTtlSeconds }));
    },

    codeResendAvailableAt: (email: string) => limiter.availableAt(sendCodeKey(normalizeEmail(email)), policy.sendCodeAccount),

    /** A reset code proves the mailbox too, and earns the grant that alone can set a new password. */
    async verifyCode(
      input: { email: string; code: string; userId?: string | undefined } & Requester,
    ): Promise<{ purpose: "verify-email" | "reset-password"; resetToken?: string; resetExpiresAt?: Date }> {
      const email = normalizeEmail(input.email);
      await limiter.consume(`verify:ip:${input.ip}`, policy.verifyIp);
      await limiter.consume(`verify:account:${email}`, policy.verifyAccount);
      const user = await findByEmail(email);
      refuseBlocked(user);
      if (!user || (input.userId !== undefined && input.userId !== user.id)) {
        throw new AppError("BAD_REQUEST", accountErrors.wrongCode);
      }
      // A failed check is committed (its spent attempt must count), so it returns instead of throwing in the transaction.
      const result = await withTransaction(db, async (tx) => {
        const check = await codes.check(user.id, input.code, tx);
        if (!check.ok) return check;
        if (!user.isVerified) await tx.update(users).set({ isVerified: true, updatedAt: now() }).where(eq(users.id, user.id));
        if (check.purpose === "verify-email") return { purpose: check.purpose } as const;
        const grant = await issueResetGrant(tx, {
          userId: user.id,
          at: now(),
          requesterHash: resetRequesterHash(internals.secret, user.id, input),
        });
        return { purpose: check.purpose, resetToken: grant.token, resetExpiresAt: grant.expiresAt };
      });
      if ("ok" in result) {
        throw new AppError("BAD_REQUEST", result.reason === "exhausted" ? accountErrors.deadCode : accountErrors.wrongCode);
      }
      return result;
    },
  };
}
