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
 */
export function createRateLimiter({ store, now }: { store: RateLimitStore; now: () => Date }) {
  return {
    /** Counts one attempt; throws TOO_MANY_REQUESTS (with `retryAfter` seconds) once `limit` is exceeded. */
    async consume(key: string, policy: RateLimitPolicy): Promise<void> {
      const at = now();
      const { count, resetAt } = await store.hit(key, policy.windowSeconds * 1000, at);
      if (count > policy.limit) throw tooMany(policy.message, resetAt, at);
    },

    /** Throws like `consume` when the limit is already reached, without counting. */
    async check(key: string, policy: RateLimitPolicy): Promise<void> {
      const at = now();
      const window = await store.peek(key, at);
      if (window && window.count >= policy.limit) throw tooMany(policy.message, window.resetAt, at);
    },

    /** When `key` may be used again (undefined: now). */
    async availableAt(key: string, policy: Pick<RateLimitPolicy, "limit">): Promise<Date | undefined> {
      const window = await store.peek(key, now());
      return window && window.count >= policy.limit ? window.resetAt : undefined;
    },

    reset: (key: string) => store.reset(key),
  };
}

export function retryAfterSeconds(resetAt: Date, at: Date): number {
  return Math.max(1, Math.ceil((resetAt.getTime() - at.getTime()) / 1000));
}

function tooMany(message: string, resetAt: Date, at: Date): AppError {
  const retryAfter = retryAfterSeconds(resetAt, at);
  return new AppError("TOO_MANY_REQUESTS", `${message} Please try again in ${formatWait(retryAfter)}.`, { retryAfter });
}

export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
