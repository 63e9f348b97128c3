import { eq } from "drizzle-orm";
import type { DbExecutor } from "#db/client.ts";
import { users } from "#db/schema/accounts.ts";
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

export const accountErrors = {
  badCredentials: "Invalid email or password.",
  notVerified: "Your e-mail is not verified yet. Verify it with the code we e-mail you, then sign in.",
  emailTaken: "An account with this e-mail already exists. Please sign in, or use Forgot Password.",
  wrongCode: "The code is wrong or has expired. Check the latest e-mail we sent, or ask for a new code.",
  deadCode: "Too many wrong codes. Please ask for a new code.",
  resetExpired: "Your password reset has expired or was already used. Please ask for a new code with Forgot Password.",
  resetNeedsCode: "Please verify the code we e-mailed you before choosing a new password.",
  oldPasswordWrong: "The old password is not correct.",
  noPassword: "This account signs in with Google and has no password yet. Use Forgot Password to set one.",
  googleNoToken: "Google sign-in did not finish: the ID token Google returned (credential) is missing. Please try again.",
  googleEmailUnverified: "Your Google account's e-mail is not verified, so it cannot be used to sign in here.",
  noAccount: "This account does not exist.",
  mailFailed: "We could not send the e-mail right now. Please try again in a few minutes.",
} as const;

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
    isAdmin: user.isAdmin,
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
      message: "Too many sign-in attempts for this account.",
    },
    signinIp: {
      limit: limits.signinMaxFailures * 5,
      windowSeconds: limits.signinWindowSeconds,
      message: "Too many sign-in attempts from your network.",
    },
    signupIp: { limit: 10, windowSeconds: 3600, message: "Too many sign-ups from your network." },
    verifyIp: { limit: 30, windowSeconds: 900, message: "Too many codes tried from your network." },
    verifyAccount: { limit: limits.otpMaxAttempts * 3, windowSeconds: 900, message: "Too many codes tried for this e-mail." },
    sendCodeAccount: {
      limit: 1,
      windowSeconds: limits.otpResendSeconds,
      message: "We sent a code to this e-mail a moment ago.",
    },
    sendCodeIp: { limit: 20, windowSeconds: 900, message: "Too many codes requested from your network." },
    forgotIp: { limit: 10, windowSeconds: 900, message: "Too many password resets requested from your network." },
    changePasswordAccount: {
      limit: limits.signinMaxFailures,
      windowSeconds: limits.signinWindowSeconds,
      message: "Too many password changes tried.",
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

    /** Counts one code e-mail for this address and network (at most one per OTP_RESEND_SECONDS per address). */
    async limitCodeSending(email: string, ip: string, ipPolicy: RateLimitPolicy, ipKey: string) {
      await limiter.consume(`${ipKey}:ip:${ip}`, ipPolicy);
      await limiter.consume(sendCodeKey(email), policy.sendCodeAccount);
    },

    async startSession(user: UserRow, requester: Requester, tx: DbExecutor = db): Promise<SignedIn> {
      const session = await sessionStore.create({ userId: user.id, ip: requester.ip, userAgent: requester.userAgent ?? "" }, tx);
      return { token: session.token, expiresAt: session.expiresAt, sessionId: session.id, user: toAccount(user) };
    },
  };
}
