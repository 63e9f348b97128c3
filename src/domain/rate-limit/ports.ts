/** What the rate limiter needs from the outside world; the database store (beside it) and src/integrations/redis implement it. */

/** Where abuse-limit counters live: shared by every instance of the shop. */
export interface RateLimitStore {
  /** Counts one hit on `key` and answers the count in the current window and when that window ends. Atomic. */
  hit(key: string, windowMs: number, now: Date): Promise<{ count: number; resetAt: Date }>;
  /** The current window of `key`, if one is open. */
  peek(key: string, now: Date): Promise<{ count: number; resetAt: Date } | undefined>;
  reset(key: string): Promise<void>;
}
