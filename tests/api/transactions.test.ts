import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf, withTransaction } from "#db/client.ts";
import { products } from "#db/schema/catalog.ts";
import { createTestProduct, stockOf } from "../support/builders.ts";
import { createTestServices, type TestServices } from "../support/test-services.ts";

// withTransaction on the shop's own database handle. On PostgreSQL the handle's transactions send `begin` without
// waiting for its answer (drizzleOnPool, decision 021): these hold that every statement still runs inside the
// transaction, and that a failure anywhere leaves nothing behind and the pool usable.
let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(async () => {
  await t?.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a transaction", () => {
  it("runs its first statement inside it: every statement sees the transaction's one start time", async () => {
    const times = await withTransaction(t.db, async (tx) => {
      const [first] = await rowsOf<{ at: string }>(tx, sql`select now()::text as at`);
      await pause(15);
      const [second] = await rowsOf<{ at: string }>(tx, sql`select now()::text as at`);
      return [first?.at, second?.at];
    });
    expect(times[0]).toBeDefined();
    expect(times[1]).toBe(times[0]);
    // Outside a transaction each statement has its own start time.
    const [outside] = await rowsOf<{ at: string }>(t.db, sql`select now()::text as at`);
    await pause(15);
    const [later] = await rowsOf<{ at: string }>(t.db, sql`select now()::text as at`);
    expect(later?.at).not.toBe(outside?.at);
  });

  it("commits every write together", async () => {
    const product = await createTestProduct(t.db, { countInStock: 10 });
    await withTransaction(t.db, async (tx) => {
      await tx.update(products).set({ countInStock: 7 }).where(eq(products.id, product.id));
      await tx
        .update(products)
        .set({ countInStock: sql`${products.countInStock} - 2` })
        .where(eq(products.id, product.id));
    });
    expect(await stockOf(t.db, product.id)).toBe(5);
  });

  it("leaves nothing behind when its first statement fails, and the database goes on answering", async () => {
    const product = await createTestProduct(t.db, { countInStock: 10 });
    await expect(
      withTransaction(t.db, async (tx) => {
        await tx.execute(sql`select no_such_column from products`);
      }),
    ).rejects.toThrow();
    await expect(
      withTransaction(t.db, async (tx) => {
        await tx.update(products).set({ countInStock: 1 }).where(eq(products.id, product.id));
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow("select 1 / 0");
    expect(await stockOf(t.db, product.id)).toBe(10);
    // Every connection of the pool still works: as many transactions at once as the pool has connections, and more.
    await Promise.all(
      Array.from({ length: 12 }, () =>
        withTransaction(t.db, (tx) => tx.update(products).set({ countInStock: 4 }).where(eq(products.id, product.id))),
      ),
    );
    expect(await stockOf(t.db, product.id)).toBe(4);
  });

  it("gives back a savepoint's writes alone when the work inside it fails", async () => {
    const product = await createTestProduct(t.db, { countInStock: 10 });
    await withTransaction(t.db, async (tx) => {
      await tx.update(products).set({ countInStock: 9 }).where(eq(products.id, product.id));
      await expect(
        withTransaction(tx, async (inner) => {
          await inner.update(products).set({ countInStock: 0 }).where(eq(products.id, product.id));
          throw new Error("changed my mind");
        }),
      ).rejects.toThrow("changed my mind");
    });
    expect(await stockOf(t.db, product.id)).toBe(9);
  });
});
