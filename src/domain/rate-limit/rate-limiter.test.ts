import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { createMemoryRateLimitStore } from "./memory-store.ts";
import { createRateLimiter, formatWait, storeKey } from "./rate-limiter.ts";

const memoryStore = createMemoryRateLimitStore;

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

  it("gives the store bounded keys: the readable prefix and a hash of the client's value", async () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const store = memoryStore();
    const limiter = createRateLimiter({ store, now: () => now });
    const longAddress = `signin:ip:${"203.0.113.9, ".repeat(250)}`;
    const longEmail = `signin:account:${"a".repeat(5000)}@example.com`;
    await limiter.consume(longAddress, policy);
    await limiter.consume(longEmail, policy);
    await limiter.consume("signin:ip:2001:db8::1", policy);
    await limiter.consume("no prefix at all", policy);
    const keys = store.keys();
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(/^signin:ip:[A-Za-z0-9_-]{43}$/);
    expect(keys[1]).toMatch(/^signin:account:[A-Za-z0-9_-]{43}$/);
    // An IPv6 address's colons belong to the value, not the prefix.
    expect(keys[2]).toMatch(/^signin:ip:[A-Za-z0-9_-]{43}$/);
    expect(keys[3]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const key of keys) expect(key.length).toBeLessThanOrEqual(100);
    // The same value is the same counter, a different one another; check, availableAt and reset find it too.
    expect(storeKey("signin:ip:10.0.0.1")).toBe(storeKey("signin:ip:10.0.0.1"));
    expect(storeKey("signin:ip:10.0.0.1")).not.toBe(storeKey("signin:ip:10.0.0.2"));
    expect(storeKey("signin:ip:10.0.0.1")).not.toBe(storeKey("signup:ip:10.0.0.1"));
    await limiter.consume(longAddress, policy);
    await expect(limiter.check(longAddress, policy)).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect(await limiter.availableAt(longAddress, policy)).toEqual(new Date("2026-01-01T00:01:00Z"));
    await limiter.reset(longAddress);
    expect(store.keys()).toHaveLength(3);
  });

  it("formats waits for people", () => {
    expect(formatWait(1)).toBe("1 second");
    expect(formatWait(59)).toBe("59 seconds");
    expect(formatWait(60)).toBe("1 minute");
    expect(formatWait(899)).toBe("15 minutes");
  });
});
