import type { RateLimitStore } from "./ports.ts";

/** The store's contract in one process's memory (one fixed window per key), for the limiter's unit tests. */
export function createMemoryRateLimitStore(): RateLimitStore & { keys(): string[] } {
  const windows = new Map<string, { count: number; resetAt: Date }>();
  return {
    keys: () => [...windows.keys()],
    async hit(key, windowMs, now) {
      const current = windows.get(key);
      const next =
        current && current.resetAt > now
          ? { count: current.count + 1, resetAt: current.resetAt }
          : { count: 1, resetAt: new Date(now.getTime() + windowMs) };
      windows.set(key, next);
      return next;
    },
    async peek(key, now) {
      const current = windows.get(key);
      return current && current.resetAt > now ? current : undefined;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}
