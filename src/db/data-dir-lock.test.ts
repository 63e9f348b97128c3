import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.ts";

let dir: string;
let lockFile: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "storefront-lock-"));
  lockFile = path.join(dir, "pglite.lock");
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("lockDataDir", () => {
  it("takes the lock and refuses a second taker while it is held", async () => {
    const unlock = lockDataDir(lockFile);
    expect(await readFile(lockFile, "utf8")).toBe(`${process.pid}@${hostname()}`);
    expect(() => lockDataDir(lockFile)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(lockFile)).toThrow(/in use by another process/);
    unlock();
    const again = lockDataDir(lockFile);
    again();
  });

  it("takes over a lock left by a process that no longer runs", async () => {
    // Pids are below 2^22 on Linux: this one cannot be running.
    await writeFile(lockFile, `99999999@${hostname()}`);
    const unlock = lockDataDir(lockFile);
    expect(await readFile(lockFile, "utf8")).toBe(`${process.pid}@${hostname()}`);
    unlock();
  });

  it("treats a lock written on another host as held", async () => {
    await writeFile(lockFile, "1234@some-other-host");
    expect(() => lockDataDir(lockFile)).toThrow(DataDirLockedError);
  });
});
