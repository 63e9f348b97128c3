import { describe, expect, it } from "vitest";
import { createResponseCache } from "./response-cache.ts";

describe("response cache", () => {
  it("serves an answer until its time is up", () => {
    let now = 1000;
    const cache = createResponseCache({ ttlMs: 500, now: () => now });
    cache.set("/api/category", '{"a":1}');
    now = 1499;
    expect(cache.get("/api/category")?.toString()).toBe('{"a":1}');
    now = 1500;
    expect(cache.get("/api/category")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("keys by the whole URL, query included", () => {
    const cache = createResponseCache({ ttlMs: 500 });
    cache.set("/api/products?page=1", "one");
    expect(cache.get("/api/products?page=2")).toBeUndefined();
    expect(cache.get("/api/products?page=1")?.toString()).toBe("one");
  });

  it("forgets the entry written longest ago when full", () => {
    const cache = createResponseCache({ ttlMs: 500, maxEntries: 2 });
    cache.set("a", "1");
    cache.set("b", "2");
    cache.set("a", "1 again");
    cache.set("c", "3");
    expect([cache.get("a"), cache.get("b"), cache.get("c")].map((body) => body?.toString())).toEqual(["1 again", undefined, "3"]);
  });

  it("holds no more bytes than its budget, and skips answers too big to be worth it", () => {
    const cache = createResponseCache({ ttlMs: 500, maxBytes: 100 });
    for (let i = 0; i < 10; i++) cache.set(`/page/${i}`, "x".repeat(10));
    expect(cache.bytes).toBeLessThanOrEqual(100);
    expect(cache.size).toBe(10);
    cache.set("/page/10", "y".repeat(10));
    expect(cache.bytes).toBeLessThanOrEqual(100);
    expect(cache.get("/page/0")).toBeUndefined();
    expect(cache.get("/page/10")?.toString()).toBe("y".repeat(10));
    cache.set("/huge", "z".repeat(11));
    expect(cache.get("/huge")).toBeUndefined();
  });

  it("keeps nothing with a TTL of 0, and nothing after clear()", () => {
    const off = createResponseCache({ ttlMs: 0 });
    off.set("a", "1");
    expect(off.get("a")).toBeUndefined();
    const cache = createResponseCache({ ttlMs: 500 });
    cache.set("a", "1");
    cache.clear();
    expect(cache.get("a")).toBeUndefined();
  });

  it("evicts a path with every query string, and leaves other paths alone", () => {
    const cache = createResponseCache({ ttlMs: 500 });
    cache.set("/api/products/1", "one");
    cache.set("/api/products/1?x=2", "one again");
    cache.set("/api/products/10", "ten");
    cache.set("/api/products?catId=1", "list");
    cache.evictPaths(["/api/products/1"]);
    expect(cache.get("/api/products/1")).toBeUndefined();
    expect(cache.get("/api/products/1?x=2")).toBeUndefined();
    expect(cache.get("/api/products/10")?.toString()).toBe("ten");
    expect(cache.get("/api/products?catId=1")?.toString()).toBe("list");
    expect(cache.bytes).toBe("ten".length + "list".length);
  });
});
