import { describe, expect, it } from "vitest";
import { createGate } from "./gate.ts";

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const gate = () => createGate({ slots: 2, queue: 2, busyMessage: "busy", retryAfterSeconds: 60 });

describe("gate", () => {
  it("runs at most `slots` at once and the waiting ones in arrival order", async () => {
    const work = gate();
    const jobs = Array.from({ length: 4 }, () => deferred());
    let now = 0;
    let most = 0;
    const started: number[] = [];
    const runs = jobs.map((job, i) =>
      work.run(async () => {
        started.push(i);
        now += 1;
        most = Math.max(most, now);
        await job.promise;
        now -= 1;
        return i;
      }),
    );
    await Promise.resolve();
    expect({ running: work.running, waiting: work.waiting, started }).toEqual({ running: 2, waiting: 2, started: [0, 1] });
    jobs[1]?.resolve();
    jobs[0]?.resolve();
    jobs[3]?.resolve();
    jobs[2]?.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(most).toBe(2);
    expect({ running: work.running, waiting: work.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses work past the queue with a 429 that says when to come back, and a failure frees its slot", async () => {
    const work = gate();
    const jobs = Array.from({ length: 4 }, () => deferred());
    const runs = jobs.map((job) => work.run(() => job.promise));
    await expect(work.run(async () => "never")).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: "busy",
      details: { retryAfter: 60 },
    });
    jobs[0]?.reject(new Error("not an image"));
    await expect(runs[0]).rejects.toThrow("not an image");
    expect({ running: work.running, waiting: work.waiting }).toEqual({ running: 2, waiting: 1 });
    for (const job of jobs.slice(1)) job.resolve();
    await Promise.all(runs.slice(1));
    expect(await work.run(async () => "after")).toBe("after");
    expect({ running: work.running, waiting: work.waiting }).toEqual({ running: 0, waiting: 0 });
  });
});
