import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import type { RateLimitStore } from "./ports.ts";
import { createRateLimiter, formatWait } from "./rate-limiter.ts";

/** The store's contract in memory, with a clock the test moves. */
function memoryStore(): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: Date }>();
  return {
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

const policy = { limit: 2, windowSeconds: 60, message: "Too many tries." };

describe("rate limiter", () => {
  it("allows `limit` hits per window, then refuses with the wait in seconds", async () => {
    let now = new Date("2026-01-01T00:00:00Z");
    const limiter = createRateLimiter({ store: memoryStore(), now: () => now });
    await limiter.consume("k", policy);
    await limiter.consume("k", policy);
    now = new Date("2026-01-01T00:00:15Z");
    const error = await limiter.consume("k", policy).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "TOO_MANY_REQUESTS", details: { retryAfter: 45 } });
    expect((error as AppError).message).toBe("Too many tries. Please try again in 45 seconds.");
  });

  it("opens a new window when the old one ends, and reset() forgets a key", async () => {
    let now = new Date("2026-01-01T00:00:00Z");
    const limiter = createRateLimiter({ store: memoryStore(), now: () => now });
    await limiter.consume("k", policy);
    await limiter.consume("k", policy);
    now = new Date("2026-01-01T00:01:00Z");
    await expect(limiter.consume("k", policy)).resolves.toBeUndefined();
    await limiter.consume("k", policy);
    await limiter.reset("k");
    await expect(limiter.consume("k", policy)).resolves.toBeUndefined();
  });

  it("check() and availableAt() look without counting", async () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const limiter = createRateLimiter({ store: memoryStore(), now: () => now });
    await limiter.check("k", policy);
    expect(await limiter.availableAt("k", policy)).toBeUndefined();
    await limiter.consume("k", policy);
    await limiter.consume("k", policy);
    await expect(limiter.check("k", policy)).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect(await limiter.availableAt("k", policy)).toEqual(new Date("2026-01-01T00:01:00Z"));
  });

  it("formats waits for people", () => {
    expect(formatWait(1)).toBe("1 second");
    expect(formatWait(59)).toBe("59 seconds");
    expect(formatWait(60)).toBe("1 minute");
    expect(formatWait(899)).toBe("15 minutes");
  });
});
