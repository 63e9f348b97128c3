import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import pg from "pg";
import { createClient } from "redis";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#db/client.ts";
import { categories, products } from "#db/schema/catalog.ts";
import { orders, outbox } from "#db/schema/orders.ts";
import { rateLimitCounters } from "#db/schema/rate-limit.ts";
import { buildDemoCatalog } from "#db/seed/demo-catalog.ts";
import { GOOD_PASSWORD } from "../support/accounts.ts";
import { createTestUser } from "../support/builders.ts";
import { insertTestOrder } from "../support/order-rows.ts";
import { billing } from "../support/orders.ts";
import { withDatabase } from "../support/postgres-setup.ts";
import { type S3StandIn, startS3Server } from "../support/s3-server.ts";
import { type ShopInstance, startShopInstance, stopShops, waitForReady } from "../support/shop-process.ts";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp-server.ts";
import { multipart, solidPng } from "../support/uploads.ts";

// Two instances of one shop, as behind a load balancer: two real processes started at the same time on one fresh
// PostgreSQL database and one Redis. They need TEST_DATABASE_URL and TEST_REDIS_URL (.ci/run sets both when the
// servers answer); vitest.config.ts adds this file to the "process" project only when both are set, so a run without
// them does not list it at all rather than passing it.
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

const demo = buildDemoCatalog();
const journal = JSON.parse(readFileSync(new URL("../../src/db/migrations/meta/_journal.json", import.meta.url), "utf8")) as {
  entries: unknown[];
};
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const SIGNIN_MAX_FAILURES = 4;
// Far longer than the test: a change that shows on the other instance was evicted there, not expired.
const API_CACHE_TTL_MS = 60_000;

let databaseName: string;
let databaseUrl: string;
let database: Database;
let smtp: SmtpTestServer;
let s3: S3StandIn;
let redisPrefix: string;
let a: ShopInstance;
let b: ShopInstance;
/** The settings every instance of this shop shares. */
let sharedEnv: Record<string, string>;

beforeAll(async () => {
  if (!adminUrl || !redisUrl) throw new Error("two instances need TEST_DATABASE_URL and TEST_REDIS_URL");
  databaseName = `storefront_two_instances_${process.pid}_${Date.now().toString(36)}`;
  await admin(`create database ${databaseName}`);
  smtp = await startSmtpServer();
  s3 = await startS3Server();
  redisPrefix = `storefront-test:${randomUUID()}:`;
  databaseUrl = withDatabase(adminUrl, databaseName);
  sharedEnv = {
    SEED_DEMO_DATA: "true",
    SESSION_SECRET: randomUUID() + randomUUID(),
    PUBLIC_URL: "http://shop.test",
    REDIS_KEY_PREFIX: redisPrefix,
    API_CACHE_TTL_MS: String(API_CACHE_TTL_MS),
    PAYMENT_RECONCILE_SECONDS: "1",
    SIGNIN_MAX_FAILURES: String(SIGNIN_MAX_FAILURES),
    SMTP_URL: smtp.url,
    // One bucket for both: pictures (the demo's, uploads and their resized copies) live there, not in DATA_DIR.
    ...s3.env,
  };
  const shared = { databaseUrl, redisUrl, env: sharedEnv };
  // Both start before either is waited for: they migrate and seed the same empty database at the same time.
  [a, b] = await Promise.all([startShopInstance(shared), startShopInstance(shared)]);
  await Promise.all([ready(a), ready(b)]);
  database = await openDatabase({ databaseUrl, poolSize: 2 });
}, 180_000);

afterAll(async () => {
  await stopShops();
  await database?.close();
  await smtp?.close();
  await s3?.close();
  if (databaseName) await admin(`drop database if exists ${databaseName} with (force)`);
  if (redisPrefix && redisUrl) await forgetRedisKeys(redisUrl, redisPrefix);
}, 60_000);

describe("two instances of one shop", () => {
  it("migrate and seed the demo catalogue once, though they start at the same time", async () => {
    const seeders = [a, b].filter((shop) => shop.output().includes("empty database: seeding the demo catalogue"));
    expect(seeders).toHaveLength(1);
    const [productRows] = await database.db.select({ n: count() }).from(products);
    const [categoryRows] = await database.db.select({ n: count() }).from(categories);
    expect(productRows?.n).toBe(demo.products.length);
    expect(categoryRows?.n).toBe(demo.categories.length);
    const migrations = await query<{ hash: string; n: number }>(
      databaseUrl,
      "select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash",
    );
    expect(migrations.rows).toHaveLength(journal.entries.length);
    expect(migrations.rows.every((row) => row.n === 1)).toBe(true);
    for (const shop of [a, b]) {
      const list = await getJson(shop, "/api/products?page=1&perPage=1");
      expect(list.status).toBe(200);
    }
  });

  it("warm up before they listen (src/server/warm-up.ts), without a log line for each of those requests", () => {
    for (const shop of [a, b]) {
      const lines = shop.output().split("\n");
      const open = lines.findIndex((line) => line.includes("the shop is open"));
      const warmed = lines.findIndex((line) => line.includes('"msg":"warmed up: '));
      expect(warmed, shop.output()).toBeGreaterThan(-1);
      expect(warmed).toBeLessThan(open);
      const summary = JSON.parse(lines[warmed] as string) as { requests: number; failed: number };
      expect(summary.requests).toBeGreaterThan(0);
      expect(summary.failed).toBe(0);
      expect(lines.slice(0, open).filter((line) => line.includes('"incoming request"'))).toEqual([]);
    }
  });

  it("stop cleanly when told to while warming up: the warm-up ends, the database closes, the port never opens", async () => {
    const third = await startShopInstance({
      databaseUrl,
      redisUrl,
      env: { ...sharedEnv, WARM_UP_REQUESTS: "100000" },
    });
    await until(async () => third.output().includes("warming up before listening"), 60_000);
    third.child.kill("SIGTERM");
    expect(await third.exited, third.output()).toBe(0);
    expect(third.output()).toContain('"msg":"database closed"');
    expect(third.output()).not.toContain("the shop is open");
  });

  it("share sessions: signed in through one, the token works on the other, and signing out there ends it", async () => {
    const user = await createTestUser(database.db, { password: GOOD_PASSWORD });
    const token = await signIn(a, user.email);
    const profile = await getJson(b, `/api/user/${user.id}`, token);
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe(user.email);

    const signedOut = await fetch(`${b.url}/api/user/logout`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
    expect(signedOut.status).toBe(200);
    expect((await getJson(a, `/api/user/${user.id}`, token)).status).toBe(401);
  });

  it("count abuse limits across both: sign-in guesses alternating between them stop at the configured total", async () => {
    const user = await createTestUser(database.db, { password: GOOD_PASSWORD });
    const guesses: number[] = [];
    for (let i = 0; i < SIGNIN_MAX_FAILURES + 2; i++) {
      const shop = i % 2 === 0 ? a : b;
      guesses.push((await postJson(shop, "/api/user/signin", { email: user.email, password: `wrong guess ${i}` })).status);
    }
    expect(guesses).toEqual([...Array(SIGNIN_MAX_FAILURES).fill(401), 429, 429]);
    // Counted in Redis, under this shop's prefix, not in the database.
    expect(await database.db.select().from(rateLimitCounters)).toEqual([]);
  });

  it("reconcile payments and send outbox e-mails once between them, not once per instance", async () => {
    const product = await inStock(0);
    const stockBefore = product.countInStock;
    const user = await createTestUser(database.db);
    const pendingIds: string[] = [];
    const confirmations: { orderId: string; email: string }[] = [];
    await database.db.transaction(async (tx) => {
      // Pending orders whose hold ran out with nothing captured: the job expires them and gives their stock back.
      for (let i = 0; i < 8; i++)
        pendingIds.push(await insertTestOrder(tx, { userId: user.id, productId: product.id, status: "pending" }));
      await tx
        .update(orders)
        .set({ createdAt: sql`now() - interval '5 minutes'`, holdExpiresAt: sql`now() - interval '1 minute'`, stockHeld: true })
        .where(inArray(orders.id, pendingIds));
      // Paid orders whose confirmation nobody sent yet: more than one batch of the job (20), so both may take some.
      for (let i = 0; i < 30; i++) {
        const orderId = await insertTestOrder(tx, { userId: user.id, productId: product.id, status: "paid" });
        const email = `confirm-${i}-${randomUUID()}@example.com`;
        await tx.update(orders).set({ email }).where(eq(orders.id, orderId));
        confirmations.push({ orderId, email });
      }
      await tx.insert(outbox).values(
        confirmations.map(({ orderId }) => ({
          id: uuidv7(),
          kind: "order-confirmation",
          dedupeKey: `order-confirmation:${orderId}`,
          payload: { orderId },
        })),
      );
    });
    const outboxIds = confirmations.map(({ orderId }) => `order-confirmation:${orderId}`);

    await until(async () => {
      const [waiting] = await database.db
        .select({ n: count() })
        .from(orders)
        .where(and(inArray(orders.id, pendingIds), eq(orders.status, "pending")));
      const [unsent] = await database.db
        .select({ n: count() })
        .from(outbox)
        .where(and(inArray(outbox.dedupeKey, outboxIds), isNull(outbox.sentAt)));
      return waiting?.n === 0 && unsent?.n === 0;
    }, 60_000);

    // Each hold was given back once, each order looked at by one instance, each message claimed once and sent once.
    const [after] = await database.db.select({ stock: products.countInStock }).from(products).where(eq(products.id, product.id));
    expect(after?.stock).toBe(stockBefore + pendingIds.length);
    const expired = await database.db.select({ status: orders.status }).from(orders).where(inArray(orders.id, pendingIds));
    expect(expired.map((order) => order.status)).toEqual(pendingIds.map(() => "expired"));
    await until(async () => reconciledOrders() >= pendingIds.length, 10_000);
    expect(reconciledOrders()).toBe(pendingIds.length);
    const attempts = await database.db
      .select({ attempts: outbox.attempts })
      .from(outbox)
      .where(inArray(outbox.dedupeKey, outboxIds));
    expect(attempts.map((row) => row.attempts)).toEqual(outboxIds.map(() => 1));
    expect(confirmations.map(({ email }) => smtp.mailsTo(email).length)).toEqual(confirmations.map(() => 1));
  });

  it("show a product changed through one on the other at once, though its answer is cached there for a minute", async () => {
    const product = await inStock(2);
    const productUrl = `/api/products/${product.id}`;
    await getJson(b, productUrl);
    const cached = await getJson(b, productUrl);
    expect(cached.headers.get("x-cache")).toBe("HIT");
    expect(cached.body.countInStock).toBe(product.countInStock);

    // A shopper's checkout on A holds one of them.
    const user = await createTestUser(database.db, { password: GOOD_PASSWORD });
    const token = await signIn(a, user.email);
    const added = await postJson(a, "/api/cart/add", { productId: product.id, quantity: 1 }, token);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const checkout = await postJson(a, "/api/orders/checkout", billing, token);
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(201);

    const changed = Date.now();
    await until(async () => (await getJson(b, productUrl)).body.countInStock === product.countInStock - 1, 10_000);
    expect(Date.now() - changed).toBeLessThan(API_CACHE_TTL_MS);
    // Cached again on B, with the new figure.
    const again = await getJson(b, productUrl);
    expect([again.headers.get("x-cache"), again.body.countInStock]).toEqual(["HIT", product.countInStock - 1]);
  });

  it("show the owner's stock command at once on both (a third process on the same database and Redis)", async () => {
    const product = await inStock(0);
    const productUrl = `/api/products/${product.id}`;
    for (const shop of [a, b]) {
      await getJson(shop, productUrl);
      expect((await getJson(shop, productUrl)).headers.get("x-cache")).toBe("HIT");
    }
    const { stdout } = await run(process.execPath, ["scripts/shop.ts", "stock", product.id, "1234"], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: redisPrefix,
      },
    });
    expect(stdout).toContain("1234 in stock");
    await until(async () => {
      const seen = await Promise.all([a, b].map(async (shop) => (await getJson(shop, productUrl)).body.countInStock));
      return seen.every((stock) => stock === 1234);
    }, 10_000);
  });

  it("show a category renamed in one's back office in the other's menu and category list at once (decision 009)", async () => {
    const [category] = await database.db
      .select({ id: categories.id, name: categories.name, color: categories.color })
      .from(categories)
      .where(isNull(categories.parentId))
      .limit(1);
    if (!category) throw new Error("the demo catalogue has no category");
    for (const url of ["/api/category", "/"]) {
      await fetch(b.url + url);
      expect((await fetch(b.url + url)).headers.get("x-cache"), url).toBe("HIT");
    }
    const staff = await createTestUser(database.db, { password: GOOD_PASSWORD, role: "staff" });
    const token = await signIn(a, staff.email);
    const renamed = `${category.name} Renamed`;
    const answer = await fetch(`${a.url}/api/admin/categories/${category.id}`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: renamed, color: category.color }),
    });
    expect(answer.status, await answer.text()).toBe(200);

    const changed = Date.now();
    await until(async () => JSON.stringify((await getJson(b, "/api/category")).body).includes(renamed), 10_000);
    await until(async () => (await (await fetch(`${b.url}/`)).text()).includes(renamed), 10_000);
    expect(Date.now() - changed).toBeLessThan(API_CACHE_TTL_MS);
  });

  it("serve a photo uploaded through one from the other, and its resized copy made by one to both", async () => {
    const user = await createTestUser(database.db, { password: GOOD_PASSWORD });
    const token = await signIn(a, user.email);
    const body = multipart([{ filename: "me.png", type: "image/png", data: await solidPng(900, 600) }]);
    const uploaded = await fetch(`${a.url}/api/user/upload`, {
      method: "POST",
      headers: { ...body.headers, authorization: `Bearer ${token}`, "user-agent": "Mozilla/5.0 two instances" },
      body: body.payload,
    });
    const answer = (await uploaded.json()) as { images?: string[] };
    expect(uploaded.status, JSON.stringify(answer)).toBe(200);
    const name = String(answer.images?.[0]);
    const original = await fetch(`${b.url}/download/${name}`);
    expect(original.status).toBe(200);
    expect(original.headers.get("cache-control")).toContain("immutable");
    const bytes = Buffer.from(await original.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(0);
    expect(Buffer.from(await (await fetch(`${a.url}/download/${name}`)).arrayBuffer()).equals(bytes)).toBe(true);
    // A copy made by B (first asked there) is the one A sends.
    const narrowB = Buffer.from(await (await fetch(`${b.url}/download/${name}?w=160`)).arrayBuffer());
    const narrowA = Buffer.from(await (await fetch(`${a.url}/download/${name}?w=160`)).arrayBuffer());
    expect(narrowB.length).toBeGreaterThan(0);
    expect(narrowA.equals(narrowB)).toBe(true);
    expect(narrowA.length).toBeLessThan(bytes.length);
  });
});

/** Waits for an instance's /readyz; fails at once, with its output, if the process ends first. */
async function ready(shop: ShopInstance) {
  const exited = shop.exited.then((code) => `exited (${code ?? shop.child.signalCode}) before it was ready`);
  const answered = waitForReady(shop.port, 150_000).then(
    () => undefined,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  const problem = await Promise.race([answered, exited]);
  if (problem) throw new Error(`an instance on port ${shop.port}: ${problem}\n${shop.output().slice(-4000)}`);
}

async function until(condition: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Orders the two instances' reconciliation runs looked at, from their logs ("orders reconciled", `checked`). */
function reconciledOrders(): number {
  let checked = 0;
  for (const shop of [a, b]) {
    for (const line of shop.output().split("\n")) {
      if (!line.includes('"orders reconciled"')) continue;
      checked += (JSON.parse(line) as { checked: number }).checked;
    }
  }
  return checked;
}

/** A demo product with more than `atLeast` in stock and no option to choose (a size, RAM, weight) before buying. */
async function inStock(atLeast: number) {
  const [product] = await database.db
    .select({ id: products.id, countInStock: products.countInStock })
    .from(products)
    .where(
      sql`${products.countInStock} > ${atLeast} and cardinality(${products.size}) = 0 and cardinality(${products.productRam}) = 0 and cardinality(${products.productWeight}) = 0`,
    )
    .orderBy(products.id)
    .limit(1);
  if (!product) throw new Error(`no demo product has more than ${atLeast} in stock`);
  return product;
}

async function signIn(shop: ShopInstance, email: string): Promise<string> {
  const answer = await postJson(shop, "/api/user/signin", { email, password: GOOD_PASSWORD });
  expect(answer.status).toBe(200);
  return answer.body.token as string;
}

async function getJson(shop: ShopInstance, path: string, token?: string) {
  const response = await fetch(shop.url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

async function postJson(shop: ShopInstance, path: string, body: unknown, token?: string) {
  const response = await fetch(shop.url + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function query<Row extends object>(url: string | undefined, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<Row>(statement);
  } finally {
    await client.end();
  }
}

const admin = (statement: string) => query(adminUrl, statement);

/** Removes this run's keys (abuse-limit counters) from the shared Redis. */
async function forgetRedisKeys(url: string, prefix: string) {
  const client = createClient({ url });
  await client.connect();
  try {
    const keys: string[] = [];
    for await (const batch of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 100 })) keys.push(...batch);
    if (keys.length > 0) await client.del(keys);
  } finally {
    await client.close();
  }
}
