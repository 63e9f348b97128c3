import { createHash } from "node:crypto";
import { writeLimitMessages } from "#shared/messages.ts";
import { AppError } from "../errors.ts";
import type { RateLimitStore } from "./ports.ts";

export interface RateLimitPolicy {
  limit: number;
  windowSeconds: number;
  /** The wait is appended. */
  message: string;
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * Fixed-window limits shared by every instance (the database, or Redis with REDIS_URL). Keys are
 * `<action>:<scope>:<value>`; the value comes from the client, so the store only sees `storeKey(key)`.
 */
export function createRateLimiter({ store, now }: { store: RateLimitStore; now: () => Date }) {
  return {
    async consume(key: string, policy: RateLimitPolicy): Promise<void> {
      const at = now();
      const { count, resetAt } = await store.hit(storeKey(key), policy.windowSeconds * 1000, at);
      if (count > policy.limit) throw tooMany(policy.message, resetAt, at);
    },

    /** Throws like `consume` when the limit is already reached, without counting. */
    async check(key: string, policy: RateLimitPolicy): Promise<void> {
      const at = now();
      const window = await store.peek(storeKey(key), at);
      if (window && window.count >= policy.limit) throw tooMany(policy.message, window.resetAt, at);
    },

    async availableAt(key: string, policy: Pick<RateLimitPolicy, "limit">): Promise<Date | undefined> {
      const window = await store.peek(storeKey(key), now());
      return window && window.count >= policy.limit ? window.resetAt : undefined;
    },

    reset: (key: string) => store.reset(storeKey(key)),
  };
}

const KEY_PREFIX = /^[a-z0-9-]{1,40}:[a-z0-9-]{1,40}:/i;

/**
 * The readable prefix kept, the client's value replaced by its SHA-256, so no client can make a key longer than the
 * database's index allows. A key without the prefix is hashed whole.
 */
export function storeKey(key: string): string {
  const prefix = KEY_PREFIX.exec(key)?.[0] ?? "";
  return `${prefix}${createHash("sha256").update(key.slice(prefix.length)).digest("base64url")}`;
}

export function retryAfterSeconds(resetAt: Date, at: Date): number {
  return Math.max(1, Math.ceil((resetAt.getTime() - at.getTime()) / 1000));
}

function tooMany(message: string, resetAt: Date, at: Date): AppError {
  const retryAfter = retryAfterSeconds(resetAt, at);
  return new AppError("TOO_MANY_REQUESTS", `${message} ${writeLimitMessages.tryAgainIn(formatWait(retryAfter))}`, { retryAfter });
}

export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
