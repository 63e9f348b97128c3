import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#db/schema/catalog.ts";
import { wishlistItems } from "#db/schema/wishlist.ts";
import { createWishlistService } from "#domain/wishlist/wishlist-service.ts";
import { myListFull, wishlistMessages } from "#shared/messages.ts";
import { createTestProduct, createTestUser } from "../support/builders.ts";
import { createTestServices, type TestServices } from "../support/test-services.ts";

// My List's rules in the service, without HTTP: one row per shopper and product, only your own entries, and what an
// entry shows comes from its product.
let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(async () => {
  await t?.close();
});

const rowsOf = (userId: string) => t.db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId));

describe("the wishlist service", () => {
  it("keeps one row per shopper and product: adding again changes nothing and says so", async () => {
    const user = await createTestUser(t.db);
    const product = await createTestProduct(t.db);
    const first = await t.services.wishlist.add(user.id, product.id);
    const again = await t.services.wishlist.add(user.id, product.id);
    expect(first.added).toBe(true);
    expect(again).toEqual({ entry: first.entry, added: false });
    expect(await rowsOf(user.id)).toHaveLength(1);
    // Two adds at once still make one row.
    const other = await createTestProduct(t.db);
    const both = await Promise.all([t.services.wishlist.add(user.id, other.id), t.services.wishlist.add(user.id, other.id)]);
    expect(both.filter((result) => result.added)).toHaveLength(1);
    expect(await rowsOf(user.id)).toHaveLength(2);
  });

  it("shows the product's own title, first image, rating and prices, as they are now", async () => {
    const user = await createTestUser(t.db);
    const product = await createTestProduct(t.db, { pricePaise: 129_900, oldPricePaise: 149_900, rating: 4.5 });
    const { entry } = await t.services.wishlist.add(user.id, product.id);
    expect(entry).toMatchObject({
      userId: user.id,
      productId: product.id,
      productTitle: product.name,
      image: product.images[0],
      rating: 4.5,
      pricePaise: 129_900,
      oldPricePaise: 149_900,
      hasOptions: false,
    });
    await t.db.update(products).set({ pricePaise: 99_900, name: "Renamed kettle" }).where(eq(products.id, product.id));
    const [listed] = await t.services.wishlist.list(user.id);
    expect(listed).toMatchObject({ id: entry.id, productTitle: "Renamed kettle", pricePaise: 99_900 });
  });

  it("lists newest first and tells which of a page's products are saved in one call", async () => {
    const user = await createTestUser(t.db);
    const a = await createTestProduct(t.db);
    const b = await createTestProduct(t.db, { size: ["S"] });
    const c = await createTestProduct(t.db);
    await t.services.wishlist.add(user.id, a.id);
    await t.services.wishlist.add(user.id, b.id);
    const list = await t.services.wishlist.list(user.id);
    expect(list.map((entry) => entry.productId)).toEqual([b.id, a.id]);
    expect(list[0]?.hasOptions).toBe(true);
    expect(await t.services.wishlist.savedProductIds(user.id, [a.id, c.id])).toEqual([a.id]);
    expect(await t.services.wishlist.savedProductIds(user.id)).toEqual([b.id, a.id]);
    expect(await t.services.wishlist.savedProductIds(user.id, [])).toEqual([]);
    expect((await t.services.wishlist.find(user.id, c.id)) ?? null).toBeNull();
  });

  it("never shows or removes another shopper's entry", async () => {
    const owner = await createTestUser(t.db);
    const other = await createTestUser(t.db);
    const product = await createTestProduct(t.db);
    const { entry } = await t.services.wishlist.add(owner.id, product.id);
    expect(await t.services.wishlist.list(other.id)).toEqual([]);
    expect(await t.services.wishlist.savedProductIds(other.id, [product.id])).toEqual([]);
    await expect(t.services.wishlist.remove(other.id, entry.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: wishlistMessages.notFound,
    });
    expect(await t.services.wishlist.removeProduct(other.id, product.id)).toBe(false);
    expect(await rowsOf(owner.id)).toHaveLength(1);

    await t.services.wishlist.remove(owner.id, entry.id);
    expect(await rowsOf(owner.id)).toEqual([]);
    await expect(t.services.wishlist.remove(owner.id, entry.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("takes a product off with the heart's second press", async () => {
    const user = await createTestUser(t.db);
    const product = await createTestProduct(t.db);
    await t.services.wishlist.add(user.id, product.id);
    expect(await t.services.wishlist.removeProduct(user.id, product.id)).toBe(true);
    expect(await t.services.wishlist.removeProduct(user.id, product.id)).toBe(false);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it("refuses an unknown product, and a product beyond the list's limit", async () => {
    const user = await createTestUser(t.db);
    await expect(t.services.wishlist.add(user.id, "0190a0b0-0000-7000-8000-000000000000")).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const small = createWishlistService({ db: t.db, maxItems: 2, limiter: t.services.rateLimiter });
    const built = [await createTestProduct(t.db), await createTestProduct(t.db), await createTestProduct(t.db)];
    for (const product of built.slice(0, 2)) await small.add(user.id, product.id);
    await expect(small.add(user.id, built[2]?.id ?? "")).rejects.toMatchObject({ code: "CONFLICT", message: myListFull(2) });
    // Adding one already on a full list is still a friendly "already there".
    expect((await small.add(user.id, built[0]?.id ?? "")).added).toBe(false);
    expect(await rowsOf(user.id)).toHaveLength(2);
  });
});
