import { accountErrors } from "#shared/messages.ts";
import { AppError } from "../errors.ts";
import { type AccountInternals, normalizeEmail, toAccount } from "./internals.ts";
import { verifyPassword } from "./passwords.ts";
import { refuseBlocked } from "./standing.ts";
import type { Authenticated, Requester, SignedIn } from "./types.ts";

/** Password sign-in, the session behind a token, and signing out. */
export function createSignIn(internals: AccountInternals) {
  const { limiter, policy, sessionStore, findByEmail } = internals;

  return {
    /** E-mail and password; the same answer for an unknown e-mail and a wrong password. */
    async signIn(input: { email: string; password: string } & Requester): Promise<SignedIn> {
      const email = normalizeEmail(input.email);
      await limiter.consume(`signin:ip:${input.ip}`, policy.signinIp);
      await limiter.consume(`signin:account:${email}`, policy.signinAccount);
      const user = await findByEmail(email);
      refuseBlocked(user);
      const valid = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !valid) throw new AppError("UNAUTHORIZED", accountErrors.badCredentials);
      await limiter.reset(`signin:account:${email}`);
      if (!user.isVerified) throw new AppError("FORBIDDEN", accountErrors.notVerified, { isVerify: false });
      return internals.startSession(user, input, undefined, { passwordGiven: true });
    },

    async authenticate(token: string): Promise<Authenticated | undefined> {
      const found = await sessionStore.find(token);
      if (!found) return undefined;
      const { id, backOfficeSeenAt, passwordConfirmedAt } = found.session;
      return { sessionId: id, user: toAccount(found.user), backOffice: { seenAt: backOfficeSeenAt, passwordConfirmedAt } };
    },

    signOut: (sessionId: string) => sessionStore.revoke(sessionId),
  };
}
