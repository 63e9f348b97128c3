import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitCounters } from "#db/schema/rate-limit.ts";
import { createRateLimiter } from "#domain/rate-limit/rate-limiter.ts";
import { createRedisRateLimitStore, type RedisRateLimitStore } from "#integrations/redis/rate-limit-store.ts";
import { createAccountsTestApp } from "../support/accounts.ts";

// Runs against the Redis server of TEST_REDIS_URL (vitest.config.ts adds this project only when it is set).
const url = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe("Redis rate-limit store", () => {
  let store: RedisRateLimitStore;
  // Every run in its own key space, so runs and parallel files never share counters.
  const prefix = `storefront-test:${randomUUID()}:`;
  beforeAll(async () => {
    store = await createRedisRateLimitStore(url, prefix);
  });
  afterAll(async () => {
    await store.close();
  });

  it("counts hits in a window that ends by itself, per key", async () => {
    const now = new Date();
    expect(await store.peek("a", now)).toBeUndefined();
    const first = await store.hit("a", 60_000, now);
    const second = await store.hit("a", 60_000, now);
    expect([first.count, second.count]).toEqual([1, 2]);
    // The window ends a minute after its first hit, not after the last.
    expect(Math.abs(second.resetAt.getTime() - (now.getTime() + 60_000))).toBeLessThan(1000);
    expect((await store.hit("b", 60_000, now)).count).toBe(1);
    expect((await store.peek("a", now))?.count).toBe(2);
  });

  it("starts a new window once the old one has expired", async () => {
    await store.hit("short", 150, new Date());
    await store.hit("short", 150, new Date());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await store.peek("short", new Date())).toBeUndefined();
    expect((await store.hit("short", 150, new Date())).count).toBe(1);
  });

  it("counts concurrent hits exactly", async () => {
    const counts = await Promise.all(Array.from({ length: 50 }, () => store.hit("busy", 60_000, new Date())));
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it("forgets a key on reset", async () => {
    await store.hit("gone", 60_000, new Date());
    await store.reset("gone");
    expect(await store.peek("gone", new Date())).toBeUndefined();
  });

  it("makes the limiter refuse past its limit with the wait", async () => {
    const limiter = createRateLimiter({ store, now: () => new Date() });
    const policy = { limit: 2, windowSeconds: 60, message: "Too many tries." };
    await limiter.consume("limited", policy);
    await limiter.consume("limited", policy);
    await expect(limiter.consume("limited", policy)).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      details: { retryAfter: 60 },
    });
  });

  it("refuses to start when Redis does not answer", async () => {
    await expect(createRedisRateLimitStore("redis://127.0.0.1:1")).rejects.toThrow();
  });
});

describe("the shop with REDIS_URL", () => {
  it("keeps its abuse-limit counters in Redis: sign-in guessing is stopped, the database holds no counter", async () => {
    const t = await createAccountsTestApp({ REDIS_URL: url, SIGNIN_MAX_FAILURES: "2" });
    try {
      const { email } = await t.signUpVerified();
      for (let i = 0; i < 2; i++) expect((await t.signIn(email, "guess number one")).status).toBe(401);
      const blocked = await t.signIn(email, "guess number two");
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(800);
      expect(await t.app.db.select().from(rateLimitCounters)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it("refuses to start, naming REDIS_URL, when Redis does not answer", async () => {
    await expect(createAccountsTestApp({ REDIS_URL: "redis://127.0.0.1:1" })).rejects.toThrow(/REDIS_URL/);
  });
});
