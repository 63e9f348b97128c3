import { createHash } from "node:crypto";
import { writeLimitMessages } from "#shared/messages.ts";
import { AppError } from "../errors.ts";
import type { RateLimitStore } from "./ports.ts";

export interface RateLimitPolicy {
  limit: number;
  windowSeconds: number;
  /** What the person is told when the limit is reached; the wait is appended. */
  message: string;
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * Fixed-window abuse limits shared by the web actions and the API (they call the same services). The counters live
 * behind a store port (ports.ts): the database by default (every instance shares it), or Redis when REDIS_URL is set.
 *
 * Keys are `<action>:<scope>:<value>` (`signin:ip:203.0.113.9`, `signin:account:asha@example.com`); the value comes
 * from the client (an address from a trusted proxy's X-Forwarded-For, an e-mail) and may be any length, so the store
 * only ever sees `storeKey(key)`: the readable prefix and a fixed-size hash of the value.
 */
export function createRateLimiter({ store, now }: { store: RateLimitStore; now: () => Date }) {
  return {
    /** Counts one attempt; throws TOO_MANY_REQUESTS (with `retryAfter` seconds) once `limit` is exceeded. */
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

    /** When `key` may be used again (undefined: now). */
    async availableAt(key: string, policy: Pick<RateLimitPolicy, "limit">): Promise<Date | undefined> {
      const window = await store.peek(storeKey(key), now());
      return window && window.count >= policy.limit ? window.resetAt : undefined;
    },

    reset: (key: string) => store.reset(storeKey(key)),
  };
}

/** `<action>:<scope>:` as the services write it; whatever follows is the client's value. */
const KEY_PREFIX = /^[a-z0-9-]{1,40}:[a-z0-9-]{1,40}:/i;

/**
 * The key a store sees: the prefix kept as it is (an operator can still tell `signin:ip:` rows from `verify:account:`
 * ones) and the value replaced by its SHA-256 (43 characters), so no client can make a key longer than the database's
 * index allows (a 3,000-character X-Forwarded-For used to be a 500). A key without the prefix is hashed whole.
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
