/** Where abuse-limit counters live, shared by every instance: database-store.ts or src/integrations/redis. */
export interface RateLimitStore {
  /** Atomic. */
  hit(key: string, windowMs: number, now: Date): Promise<{ count: number; resetAt: Date }>;
  peek(key: string, now: Date): Promise<{ count: number; resetAt: Date } | undefined>;
  reset(key: string): Promise<void>;
}
