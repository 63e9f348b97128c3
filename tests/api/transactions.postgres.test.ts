import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTransaction } from "#db/client.ts";
import { products } from "#db/schema/catalog.ts";
import { createTestProduct, stockOf } from "../support/builders.ts";
import { createTestServices, type TestServices } from "../support/test-services.ts";

// PostgreSQL only (the api-postgres project): a connection of the pool killed in the middle of a transaction.
let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(async () => {
  await t?.close();
});

describe("a transaction whose connection dies", () => {
  it("fails with the error, writes nothing, and the pool replaces the connection", async () => {
    const product = await createTestProduct(t.db, { countInStock: 10 });
    await expect(
      withTransaction(t.db, async (tx) => {
        await tx.update(products).set({ countInStock: 0 }).where(eq(products.id, product.id));
        await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
      }),
    ).rejects.toThrow();
    expect(await stockOf(t.db, product.id)).toBe(10);
    for (let i = 0; i < 4; i++) {
      await withTransaction(t.db, (tx) => tx.update(products).set({ countInStock: 3 }).where(eq(products.id, product.id)));
    }
    expect(await stockOf(t.db, product.id)).toBe(3);
  });
});
