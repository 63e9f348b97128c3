import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { createMemoryRateLimitStore } from "./memory-store.ts";
import { consumeWrite, createWriteLimits, WRITE_LIMITS, type WriteKind, writeLimitKey } from "./policies.ts";
import { createRateLimiter, storeKey } from "./rate-limiter.ts";

const memoryStore = createMemoryRateLimitStore;

const kinds = Object.keys(WRITE_LIMITS) as WriteKind[];

describe("write limits", () => {
  it("key each kind by account or by network, in the limiter's readable `<action>:<scope>:` form", () => {
    expect(writeLimitKey("review", { account: "u1" })).toBe("review:account:u1");
    expect(writeLimitKey("guestCart", { network: "203.0.113.9" })).toBe("guest-cart:ip:203.0.113.9");
    for (const kind of kinds) {
      const key = writeLimitKey(kind, { network: "x" });
      expect(storeKey(key).startsWith(key.slice(0, -1)), kind).toBe(true);
    }
  });

  it("keep a visitor's cart changes and a shopper's apart, and every other kind on a key of its own", () => {
    const keys = kinds.map((kind) => writeLimitKey(kind, kind === "guestCartChange" ? { network: "n" } : { account: "n" }));
    expect(new Set(keys).size).toBe(kinds.length);
  });

  it("are hourly, positive, and say what was limited in a sentence", () => {
    for (const kind of kinds) {
      const policy = WRITE_LIMITS[kind];
      expect(policy.windowSeconds, kind).toBe(3600);
      expect(policy.limit, kind).toBeGreaterThan(0);
      expect(policy.message, kind).toMatch(/^Too many .+\.$/);
    }
    // Starting guest carts is stricter than changing one: each start is a row kept for weeks.
    expect(WRITE_LIMITS.guestCart.limit).toBeLessThan(WRITE_LIMITS.guestCartChange.limit);
  });

  it("allow the limit, then refuse with 429's code, the message and the wait; other writers are not affected", async () => {
    let now = new Date("2026-01-01T00:00:00Z");
    const limiter = createRateLimiter({ store: memoryStore(), now: () => now });
    const { limit } = WRITE_LIMITS.review;
    for (let i = 0; i < limit; i++) await consumeWrite(limiter, "review", { account: "a" });
    now = new Date("2026-01-01T00:15:00Z");
    const refused = await consumeWrite(limiter, "review", { account: "a" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: `${WRITE_LIMITS.review.message} Please try again in 45 minutes.`,
      details: { retryAfter: 45 * 60 },
    });
    await expect(consumeWrite(limiter, "review", { account: "b" })).resolves.toBeUndefined();
    await expect(createWriteLimits(limiter).consume("myList", { account: "a" })).resolves.toBeUndefined();
    now = new Date("2026-01-01T01:00:00Z");
    await expect(consumeWrite(limiter, "review", { account: "a" })).resolves.toBeUndefined();
  });
});
