import { afterEach, describe, expect, it, vi } from "vitest";
import { createOutageCheck } from "./database-outage.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("the outage check", () => {
  it("says up when the ping answers, down when it fails or takes longer than the timeout", async () => {
    expect(await createOutageCheck(async () => {}).databaseDown()).toBe(false);
    expect(
      await createOutageCheck(async () => {
        throw new Error("connection refused");
      }).databaseDown(),
    ).toBe(true);
    const started = performance.now();
    const hanging = createOutageCheck(() => new Promise<void>(() => {}), { timeoutMs: 50 });
    expect(await hanging.databaseDown()).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("asks once for concurrent failing requests, remembers a failure for a second, and sees a recovery after it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    let pings = 0;
    let answering = false;
    const check = createOutageCheck(async () => {
      pings += 1;
      if (!answering) throw new Error("database is not accepting connections");
    });
    expect(await Promise.all([check.databaseDown(), check.databaseDown(), check.databaseDown()])).toEqual([true, true, true]);
    expect(pings).toBe(1);
    answering = true;
    expect(await check.databaseDown()).toBe(true);
    expect(pings).toBe(1);
    vi.setSystemTime(Date.now() + 1001);
    expect(await check.databaseDown()).toBe(false);
    expect(await check.databaseDown()).toBe(false);
    // An answering database is asked every time: nothing is cached while it answers.
    expect(pings).toBe(3);
  });
});
