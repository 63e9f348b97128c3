import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { type Db, type DbExecutor, withTransaction } from "#db/client.ts";
import { passwordResetGrants, uploads, users } from "#db/schema/accounts.ts";
import { AppError } from "../errors.ts";
import type { RateLimiter, RateLimitPolicy } from "../rate-limit/rate-limiter.ts";
import { passwordResetEmail, verificationEmail } from "./emails.ts";
import { createOneTimeCodes } from "./one-time-codes.ts";
import { passwordPolicyProblem } from "./password-policy.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import type { IdentityVerifier, Mailer } from "./ports.ts";
import { hashToken, randomToken } from "./secrets.ts";
import { createSessionStore } from "./sessions.ts";

export interface AccountLimits {
  otpTtlSeconds: number;
  otpMaxAttempts: number;
  otpResendSeconds: number;
  signinMaxFailures: number;
  signinWindowSeconds: number;
  sessionTtlDays: number;
}

export interface AccountsDeps {
  db: Db;
  mailer: Mailer;
  identity: IdentityVerifier;
  limiter: RateLimiter;
  now: () => Date;
  limits: AccountLimits;
  /** Server secret keying the code hashes (SESSION_SECRET). */
  secret: string;
}

/** An account as adapters may show it: never a hash or a secret. `images` are stored file names. */
export interface Account {
  id: string;
  name: string;
  email: string;
  phone: string;
  images: string[];
  isAdmin: boolean;
  isVerified: boolean;
}

export interface SignedIn {
  token: string;
  expiresAt: Date;
  sessionId: string;
  user: Account;
}

/** Who is asking: rate limits are per IP as well as per account. */
export interface Requester {
  ip: string;
  userAgent?: string;
}

const RESET_GRANT_TTL_MS = 15 * 60 * 1000;

export const accountErrors = {
  badCredentials: "Invalid email or password.",
  notVerified: "Your e-mail is not verified yet. Verify it with the code we e-mail you, then sign in.",
  emailTaken: "An account with this e-mail already exists. Please sign in, or use Forgot Password.",
  wrongCode: "The code is wrong or has expired. Check the latest e-mail we sent, or ask for a new code.",
  deadCode: "Too many wrong codes. Please ask for a new code.",
  resetExpired: "Your password reset has expired or was already used. Please ask for a new code with Forgot Password.",
  oldPasswordWrong: "The old password is not correct.",
  noPassword: "This account signs in with Google and has no password yet. Use Forgot Password to set one.",
  googleUnavailable: "Google sign-in is not configured on this shop. Please sign in with your e-mail and password.",
  googleEmailUnverified: "Your Google account's e-mail is not verified, so it cannot be used to sign in here.",
  unknownImage: "That image was not uploaded by you. Please upload the photo again.",
} as const;

export type AccountsService = ReturnType<typeof createAccountsService>;

export function createAccountsService(deps: AccountsDeps) {
  const { db, mailer, identity, limiter, now, limits } = deps;
  const codes = createOneTimeCodes({
    db,
    secret: deps.secret,
    now,
    ttlSeconds: limits.otpTtlSeconds,
    maxAttempts: limits.otpMaxAttempts,
  });
  const sessionStore = createSessionStore({ db, now, ttlDays: limits.sessionTtlDays });
  const codeMinutes = Math.max(1, Math.round(limits.otpTtlSeconds / 60));

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

  async function findByEmail(email: string, tx: DbExecutor = db) {
    const [user] = await tx
      .select()
      .from(users)
      .where(eq(users.email, normalizeEmail(email)));
    return user;
  }

  async function getUser(userId: string) {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new AppError("NOT_FOUND", "This account does not exist.");
    return user;
  }

  function assertPolicy(password: string) {
    const problem = passwordPolicyProblem(password);
    if (problem) throw new AppError("BAD_REQUEST", problem);
  }

  async function send(message: Parameters<Mailer["send"]>[0]) {
    try {
      await mailer.send(message);
    } catch {
      // The mailer logs the failure itself; people get a message they can act on, never the SMTP server's answer.
      throw new AppError("UNAVAILABLE", "We could not send the e-mail right now. Please try again in a few minutes.");
    }
  }

  /** Counts one code e-mail for this address and network (at most one per OTP_RESEND_SECONDS per address). */
  async function limitCodeSending(email: string, ip: string, ipPolicy: RateLimitPolicy, ipKey: string) {
    await limiter.consume(`${ipKey}:ip:${ip}`, ipPolicy);
    await limiter.consume(sendCodeKey(email), policy.sendCodeAccount);
  }

  async function startSession(user: typeof users.$inferSelect, requester: Requester, tx: DbExecutor = db): Promise<SignedIn> {
    const session = await sessionStore.create({ userId: user.id, ip: requester.ip, userAgent: requester.userAgent ?? "" }, tx);
    return { token: session.token, expiresAt: session.expiresAt, sessionId: session.id, user: toAccount(user) };
  }

  return {
    /**
     * Creates an unverified account and e-mails it a code. Signing up again with an unverified e-mail replaces the
     * pending details (the last person to sign up chooses the password; only the mailbox owner can verify it) and
     * sends a new code; a verified e-mail is refused. `isAdmin` is never taken from a client.
     */
    async signUp(input: { name: string; email: string; phone: string; password: string } & Requester) {
      const email = normalizeEmail(input.email);
      await limiter.consume(`signup:ip:${input.ip}`, policy.signupIp);
      assertPolicy(input.password);
      const existing = await findByEmail(email);
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
            isAdmin: false,
            isVerified: false,
            createdAt: at,
            updatedAt: at,
          });
        }
        return { user: { id, name: input.name, email }, code: await codes.issue(id, "verify-email", tx) };
      });
      await send(verificationEmail({ to: user.email, name: user.name, code, minutes: codeMinutes }));
      return { userId: user.id, email: user.email, resent: Boolean(existing) };
    },

    /** E-mail and password; the same answer for an unknown e-mail and a wrong password. */
    async signIn(input: { email: string; password: string } & Requester): Promise<SignedIn> {
      const email = normalizeEmail(input.email);
      await limiter.consume(`signin:ip:${input.ip}`, policy.signinIp);
      await limiter.consume(`signin:account:${email}`, policy.signinAccount);
      const user = await findByEmail(email);
      const valid = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !valid) throw new AppError("UNAUTHORIZED", accountErrors.badCredentials);
      await limiter.reset(`signin:account:${email}`);
      if (!user.isVerified) throw new AppError("FORBIDDEN", accountErrors.notVerified, { isVerify: false });
      return startSession(user, input);
    },

    /** E-mails a new verification code to an unverified account; answers the same whatever the e-mail. */
    async resendCode(input: { email: string } & Requester): Promise<void> {
      const email = normalizeEmail(input.email);
      await limitCodeSending(email, input.ip, policy.sendCodeIp, "resend");
      const user = await findByEmail(email);
      if (!user || user.isVerified) return;
      const code = await codes.issue(user.id, "verify-email");
      await send(verificationEmail({ to: user.email, name: user.name, code, minutes: codeMinutes }));
    },

    /** When the next code may be sent to `email` (undefined: now). */
    codeResendAvailableAt: (email: string) => limiter.availableAt(sendCodeKey(normalizeEmail(email)), policy.sendCodeAccount),

    /**
     * Checks an e-mailed code. A verification code verifies the e-mail; a reset code (which proves the mailbox too)
     * also issues the single-use reset grant that alone can set a new password. `userId` (the contract's path id) must
     * be the e-mail's account when given.
     */
    async verifyCode(
      input: { email: string; code: string; userId?: string | undefined } & Requester,
    ): Promise<{ purpose: "verify-email" | "reset-password"; resetToken?: string; resetExpiresAt?: Date }> {
      const email = normalizeEmail(input.email);
      await limiter.consume(`verify:ip:${input.ip}`, policy.verifyIp);
      await limiter.consume(`verify:account:${email}`, policy.verifyAccount);
      const user = await findByEmail(email);
      if (!user || (input.userId !== undefined && input.userId !== user.id)) {
        throw new AppError("BAD_REQUEST", accountErrors.wrongCode);
      }
      // A failed check is committed (its spent attempt must count), so it returns instead of throwing in the transaction.
      const result = await withTransaction(db, async (tx) => {
        const check = await codes.check(user.id, input.code, tx);
        if (!check.ok) return check;
        if (!user.isVerified) await tx.update(users).set({ isVerified: true, updatedAt: now() }).where(eq(users.id, user.id));
        if (check.purpose === "verify-email") return { purpose: check.purpose } as const;
        const resetToken = randomToken();
        const resetExpiresAt = new Date(now().getTime() + RESET_GRANT_TTL_MS);
        await tx
          .update(passwordResetGrants)
          .set({ usedAt: now() })
          .where(and(eq(passwordResetGrants.userId, user.id), isNull(passwordResetGrants.usedAt)));
        await tx.insert(passwordResetGrants).values({
          id: uuidv7(),
          userId: user.id,
          tokenHash: hashToken(resetToken),
          createdAt: now(),
          expiresAt: resetExpiresAt,
        });
        return { purpose: check.purpose, resetToken, resetExpiresAt };
      });
      if ("ok" in result) {
        throw new AppError("BAD_REQUEST", result.reason === "exhausted" ? accountErrors.deadCode : accountErrors.wrongCode);
      }
      return result;
    },

    /** Forgot password: e-mails a reset code when the account exists; the same answer when it does not. */
    async requestPasswordReset(input: { email: string } & Requester): Promise<void> {
      const email = normalizeEmail(input.email);
      await limitCodeSending(email, input.ip, policy.forgotIp, "forgot");
      const user = await findByEmail(email);
      if (!user) return;
      const code = await codes.issue(user.id, "reset-password");
      await send(passwordResetEmail({ to: user.email, name: user.name, code, minutes: codeMinutes }));
    },

    /** Sets a new password with a reset grant (single use); every session of the account ends. */
    async resetPassword(input: { resetToken: string; newPassword: string; email?: string | undefined }): Promise<void> {
      assertPolicy(input.newPassword);
      const passwordHash = await hashPassword(input.newPassword);
      await withTransaction(db, async (tx) => {
        const at = now();
        const [grant] = await tx
          .update(passwordResetGrants)
          .set({ usedAt: at })
          .where(
            and(
              eq(passwordResetGrants.tokenHash, hashToken(input.resetToken)),
              isNull(passwordResetGrants.usedAt),
              gt(passwordResetGrants.expiresAt, at),
            ),
          )
          .returning({ userId: passwordResetGrants.userId });
        if (!grant) throw new AppError("FORBIDDEN", accountErrors.resetExpired);
        const [user] = await tx.select().from(users).where(eq(users.id, grant.userId));
        if (!user || (input.email !== undefined && normalizeEmail(input.email) !== user.email)) {
          throw new AppError("FORBIDDEN", accountErrors.resetExpired);
        }
        await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, user.id));
        await sessionStore.revokeAllOfUser(user.id, tx);
        await codes.revokeAll(user.id, tx, ["reset-password"]);
      });
    },

    /** Changes the password after checking the old one; the account's other sessions end. */
    async changePassword(input: { userId: string; sessionId?: string | undefined; oldPassword: string; newPassword: string }) {
      await limiter.consume(`change-password:account:${input.userId}`, policy.changePasswordAccount);
      const user = await getUser(input.userId);
      if (!user.passwordHash) throw new AppError("BAD_REQUEST", accountErrors.noPassword);
      if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
        throw new AppError("BAD_REQUEST", accountErrors.oldPasswordWrong);
      }
      assertPolicy(input.newPassword);
      const passwordHash = await hashPassword(input.newPassword);
      await withTransaction(db, async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: now() }).where(eq(users.id, user.id));
        await sessionStore.revokeAllOfUser(user.id, tx, input.sessionId);
      });
      await limiter.reset(`change-password:account:${input.userId}`);
    },

    async getProfile(userId: string): Promise<Account> {
      return toAccount(await getUser(userId));
    },

    /**
     * Name, phone and photo (e-mail is read-only). `images` must be the caller's own uploads (pending or already on the
     * profile); saving them takes them out of the pending list.
     */
    async updateProfile(input: { userId: string; name: string; phone: string; images: string[] }): Promise<Account> {
      const images = [...new Set(input.images)];
      return withTransaction(db, async (tx) => {
        if (images.length > 0) {
          const owned = await tx
            .select({ fileName: uploads.fileName })
            .from(uploads)
            .where(and(eq(uploads.userId, input.userId), inArray(uploads.fileName, images)));
          if (owned.length !== images.length) throw new AppError("BAD_REQUEST", accountErrors.unknownImage);
          await tx
            .update(uploads)
            .set({ pending: false })
            .where(and(eq(uploads.userId, input.userId), inArray(uploads.fileName, images)));
        }
        const [user] = await tx
          .update(users)
          .set({ name: input.name, phone: input.phone, images, updatedAt: now() })
          .where(eq(users.id, input.userId))
          .returning();
        if (!user) throw new AppError("NOT_FOUND", "This account does not exist.");
        return toAccount(user);
      });
    },

    /**
     * Signs in with a Google ID token the provider signed for this shop. Links to the account with that verified e-mail
     * (dropping a password nobody proved, so an account pre-registered by someone else cannot be entered with it) or
     * creates one. Name and e-mail sent beside the token are never trusted.
     */
    async signInWithGoogle(input: { idToken: string } & Requester): Promise<SignedIn> {
      if (!identity.configured) throw new AppError("UNAVAILABLE", accountErrors.googleUnavailable);
      await limiter.consume(`signin:ip:${input.ip}`, policy.signinIp);
      const verified = await identity.verify(input.idToken);
      if (!verified.emailVerified) throw new AppError("UNAUTHORIZED", accountErrors.googleEmailUnverified);
      const email = normalizeEmail(verified.email);
      return withTransaction(db, async (tx) => {
        const at = now();
        const [bySubject] = await tx.select().from(users).where(eq(users.googleSub, verified.subject));
        if (bySubject) return startSession(bySubject, input, tx);
        const existing = await findByEmail(email, tx);
        if (existing) {
          const [linked] = await tx
            .update(users)
            .set({
              googleSub: verified.subject,
              isVerified: true,
              passwordHash: existing.isVerified ? existing.passwordHash : null,
              updatedAt: at,
            })
            .where(eq(users.id, existing.id))
            .returning();
          if (!existing.isVerified) await sessionStore.revokeAllOfUser(existing.id, tx);
          return startSession(linked ?? existing, input, tx);
        }
        const [created] = await tx
          .insert(users)
          .values({
            id: uuidv7(),
            name: (verified.name ?? email.split("@")[0] ?? "Shopper").slice(0, 100),
            email,
            googleSub: verified.subject,
            isVerified: true,
            isAdmin: false,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        if (!created) throw new Error("account was not created");
        return startSession(created, input, tx);
      });
    },

    /** The session of a bearer token or cookie, sliding its expiry; undefined when unknown or expired. */
    async authenticate(token: string): Promise<{ sessionId: string; user: Account } | undefined> {
      const found = await sessionStore.find(token);
      return found && { sessionId: found.session.id, user: toAccount(found.user) };
    },

    signOut: (sessionId: string) => sessionStore.revoke(sessionId),

    /** Whether Google sign-in can be offered. */
    googleConfigured: identity.configured,
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function toAccount(user: typeof users.$inferSelect): Account {
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
