import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { hostname } from "node:os";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

/**
 * PGlite has no lock of its own: two processes on one data directory silently lose each other's writes. The lock file
 * holds our pid; a lock whose pid no longer runs (kill -9) is taken over.
 */
export function lockDataDir(lockFile: string): () => void {
  const owner = `${process.pid}@${hostname()}`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx", 0o600);
      writeSync(fd, owner);
      closeSync(fd);
      return () => {
        if (readOwner(lockFile) === owner) rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readOwner(lockFile);
      if (holder && isAlive(holder)) {
        throw new DataDirLockedError(
          `The embedded database in ${lockFile.replace(/\.lock$/, "")} is in use by another process (${holder}). ` +
            "Stop it first, or give this one another DATA_DIR.",
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${lockFile}.`);
}

function readOwner(lockFile: string): string | undefined {
  try {
    return readFileSync(lockFile, "utf8").trim();
  } catch {
    return undefined;
  }
}

function isAlive(owner: string): boolean {
  const [pidText, host] = owner.split("@");
  const pid = Number(pidText);
  // A lock written on another host (a shared volume) cannot be checked from here: treat it as held.
  if (host !== hostname()) return true;
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
