import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#db/client.ts";
import { products } from "#db/schema/catalog.ts";
import { orders } from "#db/schema/orders.ts";
import { checkoutMessages } from "#shared/messages.ts";
import { GOOD_PASSWORD } from "../support/accounts.ts";
import { createTestProduct, createTestUser } from "../support/builders.ts";
import { billing } from "../support/orders.ts";
import { withDatabase } from "../support/postgres-setup.ts";
import { type RazorpayStandIn, startRazorpayStandIn } from "../support/razorpay-stand-in.ts";
import { freePort, startShop, stopShops, tempDataDir, waitForReady } from "../support/shop-process.ts";

// The shop process is killed (kill -9) after Razorpay captured a payment and before the browser reported it; no webhook
// comes. When the shopper checks out again on the restarted shop, the captured payment completes the first order
// instead of being left on an expired one (decision 015). On the embedded database and, when TEST_DATABASE_URL is
// set, on PostgreSQL.
let standIn: RazorpayStandIn;
beforeAll(async () => {
  standIn = await startRazorpayStandIn();
});
afterAll(async () => {
  await standIn?.close();
});
afterEach(stopShops);

const adminUrl = process.env.TEST_DATABASE_URL;
const drivers: { name: string; prepare: (dataDir: string) => Promise<{ databaseUrl?: string; drop?: () => Promise<void> }> }[] = [
  { name: "the embedded database", prepare: async () => ({}) },
];
if (adminUrl) {
  drivers.push({
    name: "PostgreSQL",
    async prepare() {
      const name = `storefront_payment_kill_${process.pid}_${Date.now().toString(36)}`;
      const admin = async (sql: string) => {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(sql).finally(() => client.end());
      };
      await admin(`create database ${name}`);
      return { databaseUrl: withDatabase(adminUrl, name), drop: () => admin(`drop database if exists ${name} with (force)`) };
    },
  });
}

describe.each(drivers)("a payment captured while the shop was killed, on $name", ({ prepare }) => {
  it("pays its order when the shopper checks out again after the restart", async () => {
    const dataDir = await tempDataDir();
    const { databaseUrl, drop } = await prepare(dataDir);
    const open = () => openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, "pglite"), poolSize: 1 });
    try {
      let database = await open();
      const user = await createTestUser(database.db, { password: GOOD_PASSWORD });
      const product = await createTestProduct(database.db, { pricePaise: 49_900, countInStock: 5 });
      await database.close();

      const port = await freePort();
      const env = {
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...standIn.env,
      };
      const call = async (method: string, url: string, token: string | undefined, body?: unknown) => {
        const response = await fetch(`http://127.0.0.1:${port}${url}`, {
          method,
          headers: { authorization: `Bearer ${token ?? "null"}`, "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };

      const ready = (started: ReturnType<typeof startShop>) =>
        waitForReady(port).catch((error: Error) => {
          throw new Error(`${error.message}:\n${started.output()}`);
        });
      let shop = startShop(dataDir, port, env);
      await ready(shop);
      const signedIn = await call("POST", "/api/user/signin", undefined, { email: user.email, password: GOOD_PASSWORD });
      const token = signedIn.body.token as string;
      expect((await call("POST", "/api/cart/add", token, { productId: product.id, quantity: 2 })).status).toBe(201);
      const started = await call("POST", "/api/orders/checkout", token, billing);
      expect(started.status).toBe(201);
      const paid = standIn.pay(started.body.razorpayOrderId as string);

      shop.child.kill("SIGKILL");
      await shop.exited;
      shop = startShop(dataDir, port, env);
      await ready(shop);

      const again = await call("POST", "/api/orders/checkout", token, billing);
      expect(again).toMatchObject({ status: 409, body: { msg: checkoutMessages.earlierOrderPaid } });
      shop.child.kill("SIGTERM");
      expect(await shop.exited).toBe(0);

      database = await open();
      const [order] = await database.db
        .select()
        .from(orders)
        .where(eq(orders.id, started.body.orderId as string));
      const [stock] = await database.db.select({ n: products.countInStock }).from(products).where(eq(products.id, product.id));
      await database.close();
      expect(order).toMatchObject({ status: "paid", paymentId: paid.razorpay_payment_id, stockHeld: true });
      expect(stock?.n).toBe(3);
    } finally {
      await drop?.();
    }
  });
});
