import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#db/client.ts";
import { users } from "#db/schema/accounts.ts";
import { auditEvents } from "#db/schema/back-office.ts";
import { products } from "#db/schema/catalog.ts";
import { orders } from "#db/schema/orders.ts";
import { orderAdminMessages } from "#shared/messages/back-office-orders.ts";
import { createTestProduct, createTestUser } from "../support/builders.ts";

// `npm run shop -- ...` as the shop owner runs it: a real process on a real embedded database directory.
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
let dataDir: string;

async function shop(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["scripts/shop.ts", ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "development", LOG_LEVEL: "silent" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Opens the shop's database in this process (as a running shop would hold it), runs `work`, closes it. */
async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: undefined, pgliteDir: path.join(dataDir, "pglite") });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

let productId: string;
let orderId: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "storefront-shop-"));
  await withDatabase(async (db) => {
    productId = (await createTestProduct(db, { countInStock: 3 })).id;
    const user = await createTestUser(db);
    const [order] = await db
      .insert(orders)
      .values({
        id: "01a20b01-f04a-707e-af02-40636730ccc2",
        userId: user.id,
        name: "Asha",
        phoneNumber: "9876543210",
        address: "12 MG Road",
        pincode: "560001",
        email: "asha@example.com",
        billing: {
          fullName: "Asha",
          country: "India",
          streetAddressLine1: "12 MG Road",
          streetAddressLine2: "",
          city: "Bengaluru",
          state: "Karnataka",
          zipCode: "560001",
          phoneNumber: "9876543210",
          email: "asha@example.com",
        },
        amountPaise: 1000,
        status: "paid",
        paymentProvider: "test",
        providerOrderId: "order_x",
        paymentId: "pay_x",
      })
      .returning();
    orderId = order?.id ?? "";
  });
}, 60_000);
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("npm run shop", () => {
  it("sets a product's stock and ships an order on the embedded database, e-mailing the shopper", async () => {
    const stock = await shop("stock", productId, "42");
    expect(stock).toMatchObject({ code: 0, stdout: `product ${productId}: 42 in stock\n` });
    const status = await shop("order", orderId, "shipped", "Delhivery", "DL123456789IN");
    expect(status.code).toBe(0);
    await withDatabase(async (db) => {
      expect((await db.select().from(products).where(eq(products.id, productId)))[0]?.countInStock).toBe(42);
      expect((await db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status).toBe("shipped");
    });
    // No SMTP_URL: the note went to the local outbox before the command ended.
    const outboxDir = path.join(dataDir, "outbox");
    const written = await Promise.all(
      // Long header lines are folded: unfolded, the subject is one line again.
      (await readdir(outboxDir)).map(async (name) =>
        (await readFile(path.join(outboxDir, name), "utf8")).replace(/\r?\n[ \t]+/g, " "),
      ),
    );
    expect(written.filter((mail) => mail.includes(`Subject: Your Storefront order ${orderId} has shipped`))).toHaveLength(1);
    // The back office's guards hold here too: a shipped order is refunded, not cancelled.
    expect(await shop("order", orderId, "cancelled")).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(orderAdminMessages.cancelAfterShipping("shipped")),
    });
  });

  it("refuses wrong input with a message and changes nothing", async () => {
    expect(await shop("stock", productId, "-1")).toMatchObject({ code: 2, stderr: expect.stringMatching(/whole number/) });
    expect(await shop("order", orderId, "lost")).toMatchObject({ code: 2, stderr: expect.stringMatching(/must be one of/) });
    expect(await shop("order", orderId, "paid")).toMatchObject({ code: 2, stderr: expect.stringMatching(/must be one of/) });
    expect(await shop("order", orderId, "shipped")).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(orderAdminMessages.carrierBlank),
    });
    expect(await shop("stock", "not-an-id", "1")).toMatchObject({ code: 2, stderr: expect.stringMatching(/is not an id/) });
    expect(await shop("stock", "01a20b01-0000-7000-8000-000000000000", "1")).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/Product not found/),
    });
    expect(await shop("delete", productId)).toMatchObject({ code: 2, stderr: expect.stringMatching(/^usage:/) });
  });

  it("lists the searches that found nothing, most frequent first", async () => {
    await withDatabase(async (db) => {
      const { createSearchService } = await import("#domain/search/search-service.ts");
      const search = createSearchService({ db });
      for (const query of ["Qwxz Vase", "qwxz  vase", "zzqq"]) {
        await search.countIfUnmatched(await search.findProducts({ query, page: 1, perPage: 1 }), query);
      }
    });
    const listed = await shop("searches");
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^\s+2 {2}\d{4}-\d\d-\d\d {2}qwxz vase\n\s+1 {2}\d{4}-\d\d-\d\d {2}zzqq\n$/);
    expect((await shop("searches", "1")).stdout.trim().split("\n")).toHaveLength(1);
    expect(await shop("searches", "0")).toMatchObject({ code: 2, stderr: expect.stringMatching(/whole number/) });
  });

  it("gives and takes back-office roles by e-mail, recorded in the audit trail, refusing what it cannot do", async () => {
    const { owner, unverified } = await withDatabase(async (db) => ({
      owner: await createTestUser(db, { email: "owner-cli@example.com" }),
      unverified: await createTestUser(db, { email: "new-cli@example.com", isVerified: false }),
    }));
    expect(await shop("staff", "add", "Owner-CLI@example.com", "owner")).toMatchObject({
      code: 0,
      stdout: "owner-cli@example.com: owner\n",
    });
    expect(await shop("staff", "add", "nobody@example.com", "staff")).toMatchObject({
      code: 1,
      stderr: /No account uses nobody@example\.com/,
    });
    expect(await shop("staff", "add", unverified.email, "staff")).toMatchObject({ code: 1, stderr: /has not verified/ });
    expect(await shop("staff", "add", owner.email, "king")).toMatchObject({ code: 2, stderr: /^usage:/ });
    expect(await shop("staff", "add", "not-an-email", "staff")).toMatchObject({ code: 2, stderr: /valid email/ });
    // The only owner cannot be removed: the shop would have nobody to run it.
    expect(await shop("staff", "remove", owner.email)).toMatchObject({ code: 1, stderr: /at least one owner/ });
    await withDatabase(async (db) => {
      expect((await db.select().from(users).where(eq(users.id, owner.id)))[0]?.role).toBe("owner");
      expect((await db.select().from(users).where(eq(users.id, unverified.id)))[0]?.role).toBeNull();
      const trail = await db.select().from(auditEvents).where(eq(auditEvents.entityId, owner.id));
      expect(trail).toEqual([
        expect.objectContaining({
          action: "staff.grant",
          actorId: null,
          actorEmail: "npm run shop",
          after: { email: owner.email, role: "owner" },
        }),
      ]);
    });
  });

  it("waits for a running shop on the embedded database to stop", async () => {
    const refused = await withDatabase(() => shop("stock", productId, "7"));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/in use by another process[\s\S]*stop it, run this again/);
  });
});
