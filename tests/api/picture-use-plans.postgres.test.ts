import { arrayContains, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, withTransaction } from "#db/client.ts";
import { products } from "#db/schema/catalog.ts";
import { orderItems } from "#db/schema/orders.ts";
import { createTestServices, type TestServices } from "../support/test-services.ts";

// PostgreSQL only: deleting a picture asks which products and past orders still show it (catalog-pictures.ts, usesOf).
// With sequential scans priced out, the plan names the index that answers each question without reading the table.
let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(async () => {
  await t?.close();
});

async function planOf(db: Db, query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL();
  return withTransaction(db, async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await tx._.session.prepareQuery({ sql: `explain ${text}`, params }, undefined, undefined, false).execute();
    return (rows as { rows: { "QUERY PLAN": string }[] }).rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}

describe("the picture library's in-use check", () => {
  it("finds the products and the past orders that show a picture through their indexes", async () => {
    const file = "c-000000000000000000000000.webp";
    const productUse = t.db
      .select({ n: count() })
      .from(products)
      .where(arrayContains(products.images, [file]));
    const orderUse = t.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.image, file)).limit(1);
    expect(await planOf(t.db, productUse)).toContain("products_images_idx");
    expect(await planOf(t.db, orderUse)).toContain("order_items_image_idx");
  });
});
