import { eq } from "drizzle-orm";
import type { DbExecutor } from "#db/client.ts";
import { users } from "#db/schema/accounts.ts";
import { accountErrors, accountLimitMessages } from "#shared/messages.ts";
import { AppError } from "../errors.ts";
import type { RateLimitPolicy } from "../rate-limit/rate-limiter.ts";
import { createOneTimeCodes } from "./one-time-codes.ts";
import { passwordPolicyProblem } from "./password-policy.ts";
import type { Mailer } from "./ports.ts";
import { createSessionStore } from "./sessions.ts";
import type { Account, AccountsDeps, Requester, SignedIn } from "./types.ts";

/** What the accounts service's use cases share: the codes, sessions, abuse limits and small steps they all take. */
export type AccountInternals = ReturnType<typeof createAccountInternals>;

export type UserRow = typeof users.$inferSelect;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toAccount(user: UserRow): Account {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    images: user.images,
    isAdmin: user.role !== null,
    role: user.role,
    isVerified: user.isVerified,
  };
}

export function createAccountInternals(deps: AccountsDeps) {
  const { db, mailer, limiter, now, limits } = deps;
  const codes = createOneTimeCodes({
    db,
    secret: deps.secret,
    now,
    ttlSeconds: limits.otpTtlSeconds,
    maxAttempts: limits.otpMaxAttempts,
  });
  const sessionStore = createSessionStore({ db, now, ttlDays: limits.sessionTtlDays });

  const policy = {
    signinAccount: {
      limit: limits.signinMaxFailures,
      windowSeconds: limits.signinWindowSeconds,
      message: accountLimitMessages.signinAccount,
    },
    signinIp: {
      limit: limits.signinMaxFailures * 5,
      windowSeconds: limits.signinWindowSeconds,
      message: accountLimitMessages.signinIp,
    },
    signupIp: { limit: 10, windowSeconds: 3600, message: accountLimitMessages.signupIp },
    verifyIp: { limit: 30, windowSeconds: 900, message: accountLimitMessages.verifyIp },
    verifyAccount: { limit: limits.otpMaxAttempts * 3, windowSeconds: 900, message: accountLimitMessages.verifyAccount },
    sendCodeAccount: {
      limit: 1,
      windowSeconds: limits.otpResendSeconds,
      message: accountLimitMessages.sendCodeAccount,
    },
    sendCodeIp: { limit: 20, windowSeconds: 900, message: accountLimitMessages.sendCodeIp },
    forgotIp: { limit: 10, windowSeconds: 900, message: accountLimitMessages.forgotIp },
    changePasswordAccount: {
      limit: limits.signinMaxFailures,
      windowSeconds: limits.signinWindowSeconds,
      message: accountLimitMessages.changePasswordAccount,
    },
  } satisfies Record<string, RateLimitPolicy>;

  const sendCodeKey = (email: string) => `send-code:account:${email}`;

  return {
    ...deps,
    codes,
    sessionStore,
    policy,
    sendCodeKey,

    async findByEmail(email: string, tx: DbExecutor = db): Promise<UserRow | undefined> {
      const [user] = await tx
        .select()
        .from(users)
        .where(eq(users.email, normalizeEmail(email)));
      return user;
    },

    async getUser(userId: string, tx: DbExecutor = db): Promise<UserRow> {
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      if (!user) throw new AppError("NOT_FOUND", accountErrors.noAccount);
      return user;
    },

    assertPolicy(password: string) {
      const problem = passwordPolicyProblem(password);
      if (problem) throw new AppError("BAD_REQUEST", problem);
    },

    async send(message: Parameters<Mailer["send"]>[0]) {
      try {
        await mailer.send(message);
      } catch {
        // The mailer logs the failure itself; people get a message they can act on, never the SMTP server's answer.
        throw new AppError("UNAVAILABLE", accountErrors.mailFailed);
      }
    },

    async limitCodeSending(email: string, ip: string, ipPolicy: RateLimitPolicy, ipKey: string) {
      await limiter.consume(`${ipKey}:ip:${ip}`, ipPolicy);
      await limiter.consume(sendCodeKey(email), policy.sendCodeAccount);
    },

    /** `passwordGiven`: the password was just checked, which the back office counts as a recent confirmation. */
    async startSession(
      user: UserRow,
      requester: Requester,
      tx: DbExecutor = db,
      opts = { passwordGiven: false },
    ): Promise<SignedIn> {
      const session = await sessionStore.create(
        { userId: user.id, ip: requester.ip, userAgent: requester.userAgent ?? "", passwordGiven: opts.passwordGiven },
        tx,
      );
      return { token: session.token, expiresAt: session.expiresAt, sessionId: session.id, user: toAccount(user) };
    },
  };
}
