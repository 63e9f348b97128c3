import { arrayContains, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, withTransaction } from "#db/client.ts";
import { products } from "#db/schema/catalog.ts";
import { orderItems } from "#db/schema/orders.ts";
import { ignoreCatalogChanges } from "#domain/ports.ts";
import { createReviewModeration } from "#domain/reviews/review-moderation.ts";
import { countingDb } from "../support/counting-db.ts";
import { createTestServices, type TestServices } from "../support/test-services.ts";

// PostgreSQL only: back-office questions that must not read a whole table at a million rows. With sequential scans
// priced out, each statement's plan names the index that answers it.
let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(async () => {
  await t?.close();
});

async function planOf(db: Db, text: string, params: unknown[]): Promise<string> {
  return withTransaction(db, async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await tx._.session.prepareQuery({ sql: `explain ${text}`, params }, undefined, undefined, false).execute();
    return (rows as { rows: { "QUERY PLAN": string }[] }).rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}

describe("the back office's index use", () => {
  // Deleting a picture asks which products and past orders still show it (catalog-pictures.ts, usesOf).
  it("finds the products and the past orders that show a picture through their indexes", async () => {
    const file = "c-000000000000000000000000.webp";
    const productUse = t.db
      .select({ n: count() })
      .from(products)
      .where(arrayContains(products.images, [file]))
      .toSQL();
    const orderUse = t.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.image, file)).limit(1).toSQL();
    expect(await planOf(t.db, productUse.sql, productUse.params)).toContain("products_images_idx");
    expect(await planOf(t.db, orderUse.sql, orderUse.params)).toContain("order_items_image_idx");
  });

  it("reads the review queue's hidden reviews, newest or lowest rated first, from indexes of hidden reviews alone", async () => {
    const counted = await countingDb(t.db);
    const queue = createReviewModeration({
      db: counted.db,
      catalog: t.services.catalog,
      audit: { record: async () => undefined },
      changes: ignoreCatalogChanges,
      now: () => new Date(),
    });
    for (const [sort, index] of [
      ["newest", "reviews_hidden_created_idx"],
      ["lowest", "reviews_hidden_rating_idx"],
    ] as const) {
      counted.reset();
      await queue.list({ sort, status: "hidden", perPage: 25 });
      const [text = "", params = []] = [counted.statements[0], counted.parameters[0]];
      expect(text).toMatch(/"hidden_at" is not null/);
      expect(await planOf(t.db, text, params)).toContain(index);
    }
  });
});
