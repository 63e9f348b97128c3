import type { Db } from "#db/client.ts";
import type { StaffRole } from "#db/schema/accounts.ts";
import type { UploadsService } from "../media/uploads-service.ts";
import type { RateLimiter } from "../rate-limit/rate-limiter.ts";
import type { IdentityVerifier, Mailer } from "./ports.ts";

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
  secret: string;
  /** It owns the `uploads` table. */
  uploads: Pick<UploadsService, "upload" | "markSaved">;
}

/** An account as adapters may show it: never a hash or a secret. `images` are stored file names. */
export interface Account {
  id: string;
  name: string;
  email: string;
  phone: string;
  images: string[];
  /** The contract's flag: true for staff and owners. */
  isAdmin: boolean;
  /** Back-office role; null for a shopper. */
  role: StaffRole | null;
  isVerified: boolean;
}

/** A session found by its token: the account, and the session's back-office clock (decision 031). */
export interface Authenticated {
  sessionId: string;
  user: Account;
  backOffice: { seenAt: Date | null; passwordConfirmedAt: Date | null };
}

export interface SignedIn {
  token: string;
  expiresAt: Date;
  sessionId: string;
  user: Account;
}

export type { Requester } from "../requester.ts";
