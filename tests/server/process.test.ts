import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "#db/client.ts";
import { categories } from "#db/schema/catalog.ts";
import { buildDemoCatalog } from "#db/seed/demo-catalog.ts";
import { freePort, startShop, stopShops, tempDataDir, waitForReady } from "../support/shop-process.ts";

const demo = buildDemoCatalog();

// The shop as a real process: start-up, the data-directory lock, graceful shutdown, and a kill in the middle of a
// write. These use the embedded database only (that is what the lock and the data directory are about).
afterEach(stopShops);

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

  it("prints the owner's one-time link at each start while the shop has no owner", async () => {
    const dataDir = await tempDataDir();
    const port = await freePort();
    const linkIn = async (shop: ReturnType<typeof startShop>) => {
      await waitForReady(port);
      await expect.poll(() => /\/admin\/claim\/([\w-]{43})/.exec(shop.output())?.[1], { timeout: 10_000 }).toBeDefined();
      return /\/admin\/claim\/([\w-]{43})/.exec(shop.output())?.[1] ?? "";
    };
    const first = startShop(dataDir, port);
    const token = await linkIn(first);
    expect(first.output()).toContain(`http://localhost:${port}/admin/claim/${token}`);
    const visitor = await fetch(`http://127.0.0.1:${port}/admin/claim/${token}`, { redirect: "manual" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/signIn\?redirectTo=/);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    const second = startShop(dataDir, port);
    expect(await linkIn(second)).not.toBe(token);
  });

  it("stops with a message naming the key when the configuration is wrong", async () => {
    const shop = startShop(await tempDataDir(), await freePort(), { PORT: "not-a-port" });
    expect(await shop.exited).toBe(1);
    expect(shop.output()).toContain("PORT");
  });
});
