// Another commit checked out beside this one, for benchmarks that run two commits side by side: a detached
// `git worktree` under the OS's temporary directory (never inside the repo), sharing this checkout's node_modules when
// its package-lock.json is the same and running `npm ci` there otherwise, with its web app built as `npm start` would.
import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, readFileSync, rmSync, symlinkSync, unlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { HarnessError, runToCompletion } from "./lib.ts";

export interface Checkout {
  /** Where the shop is built and started from. */
  root: string;
  /** Short commit hash. */
  commit: string;
  subject: string;
  /** Uncommitted changes to tracked files (only ever true for this checkout). */
  dirty: boolean;
  /** A temporary worktree (removed by removeCheckout), not this checkout. */
  worktree: boolean;
  /** This checkout's own, a link to this checkout's (same package-lock.json), or installed by `npm ci`. */
  nodeModules: "own" | "shared" | "npm ci";
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

/** This checkout as it is, uncommitted changes included. */
export function currentCheckout(root: string): Checkout {
  const dirty = git(root, "status", "--porcelain", "--untracked-files=no").length > 0;
  return {
    root,
    commit: git(root, "rev-parse", "--short", "HEAD"),
    subject: git(root, "log", "-1", "--format=%s"),
    dirty,
    worktree: false,
    nodeModules: "own",
  };
}

/**
 * `ref` checked out in `<tmpdir>/storefront-bench-<commit>` and built. A worktree left there by an earlier run (`--keep`)
 * at the same commit and without changes is used again, build included.
 */
export async function prepareWorktree(root: string, ref: string, logDir: string): Promise<Checkout> {
  let sha: string;
  try {
    sha = git(root, "rev-parse", "--verify", "--quiet", `${ref}^{commit}`);
  } catch {
    throw new HarnessError(`${ref} is not a commit of this repository`);
  }
  const commit = git(root, "rev-parse", "--short", sha);
  const dir = path.join(os.tmpdir(), `storefront-bench-${commit}`);
  let reuse = false;
  if (existsSync(dir)) {
    try {
      reuse = git(dir, "rev-parse", "HEAD") === sha && git(dir, "status", "--porcelain", "--untracked-files=no") === "";
    } catch {
      reuse = false;
    }
    if (!reuse) removeWorktree(root, dir);
  }
  if (!reuse) {
    console.log(`Checking out ${commit} in ${dir}...`);
    git(root, "worktree", "add", "--detach", dir, sha);
  }

  const nodeModules = path.join(dir, "node_modules");
  const linked = isSymlink(nodeModules);
  const sameLock = readFileSync(path.join(root, "package-lock.json")).equals(readFileSync(path.join(dir, "package-lock.json")));
  let mode: Checkout["nodeModules"];
  if (sameLock) {
    if (!linked && !existsSync(nodeModules)) symlinkSync(path.join(root, "node_modules"), nodeModules, "dir");
    mode = isSymlink(nodeModules) ? "shared" : "npm ci";
  } else {
    if (linked) unlinkSync(nodeModules);
    if (linked || !existsSync(nodeModules)) {
      console.log(`${commit} has another package-lock.json: npm ci in ${dir}...`);
      await runToCompletion("npm ci", "npm", ["ci", "--no-audit", "--no-fund"], {
        cwd: dir,
        env: process.env,
        logFile: path.join(logDir, `npm-ci-${commit}.log`),
        timeoutMs: 20 * 60_000,
      });
    }
    mode = "npm ci";
  }

  console.log(`Building ${commit} if needed...`);
  const buildScript = existsSync(path.join(dir, "scripts/build-if-needed.ts"));
  await runToCompletion(
    `the build of ${commit}`,
    buildScript ? process.execPath : "npx",
    buildScript ? ["scripts/build-if-needed.ts"] : ["react-router", "build"],
    { cwd: dir, env: process.env, logFile: path.join(logDir, `build-${commit}.log`), timeoutMs: 15 * 60_000 },
  );
  return { root: dir, commit, subject: git(dir, "log", "-1", "--format=%s"), dirty: false, worktree: true, nodeModules: mode };
}

/** Removes a worktree made by prepareWorktree; the link to this checkout's node_modules goes first, never what it points at. */
export function removeCheckout(root: string, checkout: Checkout) {
  if (checkout.worktree) removeWorktree(root, checkout.root);
}

function removeWorktree(root: string, dir: string) {
  if (!path.resolve(dir).startsWith(path.resolve(os.tmpdir()) + path.sep))
    throw new HarnessError(`${dir} is not under the temporary directory`);
  const nodeModules = path.join(dir, "node_modules");
  // A link goes alone (never what it points at); a worktree's own node_modules goes before git walks it file by file.
  if (isSymlink(nodeModules)) unlinkSync(nodeModules);
  else rmSync(nodeModules, { recursive: true, force: true });
  try {
    git(root, "worktree", "remove", "--force", dir);
  } catch {
    // not (or no longer) a registered worktree
  }
  rmSync(dir, { recursive: true, force: true });
  git(root, "worktree", "prune");
}

function isSymlink(file: string) {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}
