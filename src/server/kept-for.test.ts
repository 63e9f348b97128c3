import { describe, expect, it, vi } from "vitest";
import { keptByKey, keptFor } from "./kept-for.ts";

describe("keptFor", () => {
  it("answers one load to every call within its time, then loads again", async () => {
    let clock = 1000;
    let loads = 0;
    const get = keptFor(
      500,
      async () => ++loads,
      () => clock,
    );
    expect(await Promise.all([get(), get()])).toEqual([1, 1]);
    clock += 499;
    expect(await get()).toBe(1);
    clock += 1;
    expect(await get()).toBe(2);
    expect(loads).toBe(2);
  });

  it("does not keep a failure: the next call loads again", async () => {
    let loads = 0;
    const get = keptFor(60_000, async () => {
      loads++;
      if (loads === 1) throw new Error("database down");
      return "menu";
    });
    await expect(get()).rejects.toThrow("database down");
    expect(await get()).toBe("menu");
    expect(await get()).toBe("menu");
    expect(loads).toBe(2);
  });

  it("loads on every call when its time is 0", async () => {
    let loads = 0;
    const get = keptFor(0, async () => ++loads);
    expect([await get(), await get()]).toEqual([1, 2]);
  });

  it("loads afresh after forget, before its time is up", async () => {
    let loads = 0;
    const get = keptFor(60_000, async () => ++loads);
    expect(await get()).toBe(1);
    get.forget();
    expect(await get()).toBe(2);
    expect(await get()).toBe(2);
  });
});

describe("keptByKey", () => {
  const counting = () => {
    const loads: string[] = [];
    const load = (key: string) => async () => {
      loads.push(key);
      return `${key} #${loads.length}`;
    };
    return { loads, load };
  };

  it("keeps each key's answer for its time, shared by the calls meanwhile, then loads it again", async () => {
    let clock = 1000;
    const kept = keptByKey(500, { now: () => clock });
    const { loads, load } = counting();
    expect(await Promise.all([kept.read("/a", load("/a")), kept.read("/a", load("/a")), kept.read("/b", load("/b"))])).toEqual([
      "/a #1",
      "/a #1",
      "/b #2",
    ]);
    clock += 499;
    expect(await kept.read("/a", load("/a"))).toBe("/a #1");
    clock += 1;
    expect(await kept.read("/a", load("/a"))).toBe("/a #3");
    expect(loads).toEqual(["/a", "/b", "/a"]);
  });

  it("forgets by path whatever follows the `?`, and everything on clear", async () => {
    const kept = keptByKey(60_000);
    const { loads, load } = counting();
    for (const key of ["/product/1?detail", "/product/1?reviews", "/product/2?detail"]) await kept.read(key, load(key));
    kept.evictPaths(["/product/1"]);
    expect(kept.size).toBe(1);
    await kept.read("/product/1?detail", load("/product/1?detail"));
    await kept.read("/product/2?detail", load("/product/2?detail"));
    expect(loads).toEqual(["/product/1?detail", "/product/1?reviews", "/product/2?detail", "/product/1?detail"]);
    kept.clear();
    expect(kept.size).toBe(0);
  });

  it("does not keep a failure, holds at most its number of keys and none expired, and with no time loads on every call", async () => {
    const kept = keptByKey(60_000, { maxEntries: 2 });
    let fail = true;
    const flaky = async () => {
      if (fail) throw new Error("database down");
      return "ok";
    };
    await expect(kept.read("/a", flaky)).rejects.toThrow("database down");
    fail = false;
    expect(await kept.read("/a", flaky)).toBe("ok");
    const { loads, load } = counting();
    await kept.read("/b", load("/b"));
    await kept.read("/c", load("/c"));
    expect(kept.size).toBe(2);
    await kept.read("/a", load("/a"));
    expect(loads).toEqual(["/b", "/c", "/a"]);

    let clock = 0;
    const expiring = keptByKey(1000, { now: () => clock });
    await expiring.read("/a", load("/a"));
    clock += 600;
    await expiring.read("/b", load("/b"));
    clock += 400;
    await expiring.read("/c", load("/c"));
    expect(expiring.size).toBe(2);

    const never = keptByKey(0);
    await never.read("/a", load("/a"));
    await never.read("/a", load("/a"));
    expect(never.size).toBe(0);
    expect(loads.slice(6)).toEqual(["/a", "/a"]);
  });

  it("forgets what expired even when nothing more is read", async () => {
    vi.useFakeTimers();
    try {
      let clock = 0;
      const kept = keptByKey(1000, { now: () => clock });
      await kept.read("/a", async () => "a");
      clock = 999;
      vi.advanceTimersByTime(999);
      expect(kept.size).toBe(1);
      clock = 1000;
      vi.advanceTimersByTime(1);
      expect(kept.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
