import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "#db/client.ts";
import { categories } from "#db/schema/catalog.ts";
import { buildDemoCatalog } from "#db/seed/demo-catalog.ts";

const demo = buildDemoCatalog();

// The shop as a real process: start-up, the data-directory lock, graceful shutdown, and a kill in the middle of a
// write. These use the embedded database only (that is what the lock and the data directory are about).
const root = path.resolve(import.meta.dirname, "../..");
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function tempDataDir() {
  const dir = await mkdtemp(path.join(tmpdir(), "storefront-process-"));
  dirs.push(dir);
  return dir;
}

function startShop(dataDir: string, port: number, env: Record<string, string> = {}) {
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

async function waitForReady(port: number, timeoutMs = 60_000) {
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

describe("the shop process", () => {
  it("refuses to start a second process on the same data directory, with a clear message", async () => {
    const dataDir = await tempDataDir();
    const port = await freePort();
    const first = startShop(dataDir, port);
    await waitForReady(port);
    const second = startShop(dataDir, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("in use by another process");
    // The first one is unharmed.
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
  });

  it("shuts down gracefully on SIGTERM: closes the database, releases the lock, and the data opens again", async () => {
    const dataDir = await tempDataDir();
    const port = await freePort();
    const shop = startShop(dataDir, port);
    await waitForReady(port);
    shop.child.kill("SIGTERM");
    expect(await shop.exited).toBe(0);
    expect(shop.output()).toContain("database closed");
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
    const again = startShop(dataDir, port);
    await waitForReady(port);
    again.child.kill("SIGINT");
    expect(await again.exited).toBe(0);
  });

  it("killed in the middle of seeding, leaves a data directory that opens with all of the catalogue or none of it", async () => {
    const dataDir = await tempDataDir();
    const port = await freePort();
    const shop = startShop(dataDir, port, { SEED_DEMO_DATA: "true" });
    // Wait until the seed transaction is running, then kill without warning.
    const deadline = Date.now() + 60_000;
    while (!shop.output().includes("seeding the demo catalogue") && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(shop.output()).toContain("seeding the demo catalogue");
    shop.child.kill("SIGKILL");
    await shop.exited;
    const database = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
    try {
      const rows = await database.db.select({ id: categories.id }).from(categories);
      expect([0, demo.categories.length]).toContain(rows.length);
    } finally {
      await database.close();
    }
  });

  it("stops with a message naming the key when the configuration is wrong", async () => {
    const shop = startShop(await tempDataDir(), await freePort(), { PORT: "not-a-port" });
    expect(await shop.exited).toBe(1);
    expect(shop.output()).toContain("PORT");
  });
});
