import { randomUUID } from "node:crypto";
import { connect, createServer, type Server, type Socket } from "node:net";
import { createClient } from "redis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type CatalogChangeFeed, connectCatalogChangeFeed } from "#integrations/redis/catalog-change-feed.ts";
import { createTestProduct } from "../support/builders.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// Runs against the Redis server of TEST_REDIS_URL (vitest.config.ts adds this project only when it is set). Every
// feed here has a channel of its own, so runs and other users of that Redis never hear each other.
const url = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const feeds: CatalogChangeFeed[] = [];
afterEach(async () => {
  for (const feed of feeds.splice(0)) await feed.close();
});

function recordingFeed(channel: string, redisUrl = url) {
  const heard: string[][] = [];
  const warnings: string[] = [];
  let missed = 0;
  let catalogChanges = 0;
  const connecting = connectCatalogChangeFeed(redisUrl, {
    channel,
    onChange: (ids) => heard.push([...ids]),
    onCatalogChanged: () => {
      catalogChanges += 1;
    },
    onMissed: () => {
      missed += 1;
    },
    log: { warn: (_object, message) => warnings.push(message) },
  }).then((feed) => {
    feeds.push(feed);
    return feed;
  });
  return { connecting, heard, warnings, missed: () => missed, catalogChanges: () => catalogChanges };
}

async function until(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("the condition did not come true in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the catalogue change feed", () => {
  it("tells the other instances which products changed, and not the one that changed them", async () => {
    const channel = `storefront-test:${randomUUID()}:catalog-changes`;
    const a = recordingFeed(channel);
    const b = recordingFeed(channel);
    const [feedA, feedB] = await Promise.all([a.connecting, b.connecting]);
    expect(feedA.instanceId).not.toBe(feedB.instanceId);

    feedA.publish(["p1", "p2"]);
    feedB.publish(["p3"]);
    await until(() => a.heard.length === 1 && b.heard.length === 1);
    expect(b.heard).toEqual([["p1", "p2"]]);
    expect(a.heard).toEqual([["p3"]]);
  });

  it("tells the other instances that categories or banners changed, and not the one that changed them", async () => {
    const channel = `storefront-test:${randomUUID()}:catalog-changes`;
    const a = recordingFeed(channel);
    const b = recordingFeed(channel);
    const [feedA] = await Promise.all([a.connecting, b.connecting]);
    feedA.publishCatalogChanged();
    feedA.publish(["after"]);
    await until(() => b.heard.length === 1);
    expect(b.catalogChanges()).toBe(1);
    expect(a.catalogChanges()).toBe(0);
    expect(b.heard).toEqual([["after"]]);
  });

  it("ignores messages that are not another instance's list of product ids", async () => {
    const channel = `storefront-test:${randomUUID()}:catalog-changes`;
    const listener = recordingFeed(channel);
    const feed = await listener.connecting;
    const client = createClient({ url });
    await client.connect();
    try {
      for (const junk of [
        "not json",
        "null",
        JSON.stringify({ from: "x", productIds: "p1" }),
        JSON.stringify({ from: "x", productIds: [1, 2] }),
        JSON.stringify({ from: "x", productIds: Array.from({ length: 1001 }, (_, i) => `p${i}`) }),
        JSON.stringify({ from: feed.instanceId, productIds: ["mine"] }),
      ]) {
        await client.publish(channel, junk);
      }
      await client.publish(channel, JSON.stringify({ from: "another", productIds: ["p9"] }));
    } finally {
      await client.close();
    }
    await until(() => listener.heard.length > 0);
    expect(listener.heard).toEqual([["p9"]]);
  });

  describe("when Redis goes away", () => {
    let proxy: CuttableProxy;
    beforeAll(async () => {
      proxy = await startCuttableProxy(new URL(url));
    });
    afterAll(() => proxy.close());

    it("drops a publish with a warning instead of failing the caller, and reports the missed changes once back", async () => {
      const channel = `storefront-test:${randomUUID()}:catalog-changes`;
      const through = recordingFeed(channel, `redis://127.0.0.1:${proxy.port}`);
      const feed = await through.connecting;
      const direct = recordingFeed(channel);
      const other = await direct.connecting;

      await proxy.cut();
      expect(() => feed.publish(["lost"])).not.toThrow();
      await until(() => through.warnings.some((message) => message.startsWith("catalogue change not published")));
      // Meanwhile another instance changes a product: the cut one never hears it.
      other.publish(["unheard"]);

      proxy.restore();
      await until(() => through.missed() === 1);
      expect(through.warnings).toContain(
        "catalogue change feed: lost Redis; other instances' changes show within API_CACHE_TTL_MS",
      );
      // Subscribed again: the next change arrives.
      await until(() => {
        if (through.heard.length === 0) other.publish(["after"]);
        return through.heard.length > 0;
      });
      expect(through.heard[0]).toEqual(["after"]);
      expect(direct.heard).toEqual([]);
    });
  });
});

describe("two shops with REDIS_URL", () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // One Redis namespace for both, as two instances of one shop; a fresh one per run.
    const env = { REDIS_URL: url, REDIS_KEY_PREFIX: `storefront-test:${randomUUID()}:`, API_CACHE_TTL_MS: "60000" };
    [a, b] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it("evicts a product's cached answers in the other shop when one shop changes it", async () => {
    const product = await createTestProduct(a.db, { countInStock: 3 });
    const path = `/api/products/${product.id}`;
    b.catalogCache.set(path, '{"countInStock":3}');
    b.catalogCache.set(`${path}?location=IN`, '{"countInStock":3}');
    b.catalogCache.set("/api/products", "[]");

    await a.services.catalog.setStock(product.id, 7);
    await until(() => b.catalogCache.get(path) === undefined);
    expect(b.catalogCache.get(`${path}?location=IN`)).toBeUndefined();
    // Lists are left to expire (docs/decisions/009-catalogue-micro-cache.md).
    expect(b.catalogCache.get("/api/products")?.toString()).toBe("[]");
  });
});

interface CuttableProxy {
  port: number;
  /** Drops every connection and refuses new ones, as a Redis that went away. */
  cut(): Promise<void>;
  /** Accepts connections again on the same port. */
  restore(): void;
  close(): Promise<void>;
}

/** A TCP relay to Redis that a test can cut and restore, so no Redis that others use is ever stopped. */
async function startCuttableProxy(target: URL): Promise<CuttableProxy> {
  const sockets = new Set<Socket>();
  let open = true;
  const server: Server = createServer((client) => {
    if (!open) return client.destroy();
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    async cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
      await until(() => sockets.size === 0);
    },
    restore() {
      open = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
