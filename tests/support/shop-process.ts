import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** The shop as a real process (`node src/server/main.ts`), for tests where sockets, signals and files matter. */
const root = path.resolve(import.meta.dirname, "../..");
const children: ChildProcess[] = [];
const dirs: string[] = [];

/** Kills whatever shop a test left running and removes its data directories (call it in afterEach). */
export async function stopShops() {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function tempDataDir() {
  const dir = await mkdtemp(path.join(tmpdir(), "storefront-process-"));
  dirs.push(dir);
  return dir;
}

export function startShop(dataDir: string, port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["src/server/main.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      SEED_DEMO_DATA: "false",
      ...env,
    },
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

export async function waitForReady(port: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the shop did not become ready");
}

export interface ShopInstanceOptions {
  /** PostgreSQL of this instance: instances of one shop share it. */
  databaseUrl: string;
  /** Redis of this instance (abuse limits, catalogue evictions): instances of one shop share it. */
  redisUrl?: string | undefined;
  /** Anything else (the shop's shared settings, S3 keys once object storage lands). */
  env?: Record<string, string>;
}

/**
 * One instance of a shop that runs several: the real process on a given PostgreSQL, Redis and settings, with a port
 * and DATA_DIR of its own (as on separate machines). Start several before waiting for any to start them at once.
 */
export async function startShopInstance({ databaseUrl, redisUrl, env = {} }: ShopInstanceOptions) {
  const port = await freePort();
  const dataDir = await tempDataDir();
  const shop = startShop(dataDir, port, { DATABASE_URL: databaseUrl, ...(redisUrl ? { REDIS_URL: redisUrl } : {}), ...env });
  return { ...shop, port, dataDir, url: `http://127.0.0.1:${port}` };
}

export type ShopInstance = Awaited<ReturnType<typeof startShopInstance>>;
