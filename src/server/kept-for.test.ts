import { describe, expect, it } from "vitest";
import { keptFor } from "./kept-for.ts";

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
