import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db, DbExecutor } from "#db/client.ts";
import { products } from "#db/schema/catalog.ts";
import { wishlistItems } from "#db/schema/wishlist.ts";
import { catalogMessages, myListFull, wishlistMessages } from "#shared/messages.ts";
import { MY_LIST_MAX } from "#shared/schemas/wishlist.ts";
import { AppError, notFound } from "../errors.ts";
import { consumeWrite } from "../rate-limit/policies.ts";
import type { RateLimiter } from "../rate-limit/rate-limiter.ts";
import type { WishlistAddResult, WishlistEntry } from "./types.ts";

export type WishlistService = ReturnType<typeof createWishlistService>;

export interface WishlistDeps {
  db: Db;
  /** Tests pass a small number. */
  maxItems?: number;
  limiter: Pick<RateLimiter, "consume">;
}

const entryColumns = {
  id: wishlistItems.id,
  userId: wishlistItems.userId,
  productId: wishlistItems.productId,
  productTitle: products.name,
  image: sql<string>`coalesce(${products.images}[1], '')`,
  rating: products.rating,
  pricePaise: products.pricePaise,
  oldPricePaise: products.oldPricePaise,
  countInStock: products.countInStock,
  hasOptions: sql<boolean>`(cardinality(${products.productRam}) + cardinality(${products.size}) + cardinality(${products.productWeight})) > 0`,
  available: sql<boolean>`${products.archivedAt} is null`,
  createdAt: wishlistItems.createdAt,
};

/**
 * My List; owns `wishlist_items` (decision 011). The user id is the session's (docs/architecture.md, invariant 3): an
 * entry of another user is never seen or changed.
 */
export function createWishlistService({ db, maxItems = MY_LIST_MAX, limiter }: WishlistDeps) {
  const countChange = (userId: string) => consumeWrite(limiter, "myList", { account: userId });
  const selectEntries = (where: SQL | undefined) =>
    db
      .select(entryColumns)
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .where(where)
      .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));

  const ofUser = (userId: string) => eq(wishlistItems.userId, userId);
  // Every signed-in page marks the cards on My List: prepared once (decision 020).
  const savedIds = (where: SQL) =>
    db
      .select({ productId: wishlistItems.productId })
      .from(wishlistItems)
      .where(where)
      .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id))
      .limit(sql.placeholder("limit"));
  const ofUserParam = eq(wishlistItems.userId, sql.placeholder("userId"));
  const saved = savedIds(ofUserParam).prepare("wishlist_saved_ids");
  const savedAmong = savedIds(
    and(ofUserParam, sql`${wishlistItems.productId} = any(${sql.placeholder("productIds")}::uuid[])`) as SQL,
  ).prepare("wishlist_saved_ids_among");

  async function find(userId: string, productId: string): Promise<WishlistEntry | undefined> {
    const [entry] = await selectEntries(and(ofUser(userId), eq(wishlistItems.productId, productId))).limit(1);
    return entry;
  }

  return {
    async list(userId: string): Promise<WishlistEntry[]> {
      return selectEntries(ofUser(userId)).limit(maxItems);
    },

    find,

    /** One query for a page of cards, never one per card; all of the list without `productIds`. */
    async savedProductIds(userId: string, productIds?: readonly string[]): Promise<string[]> {
      if (productIds?.length === 0) return [];
      const rows = productIds
        ? await savedAmong.execute({ userId, productIds: [...productIds], limit: maxItems })
        : await saved.execute({ userId, limit: maxItems });
      return rows.map((row) => row.productId);
    },

    /** Adding it again changes nothing and says so (`added: false`); a unique index keeps one row per product. */
    async add(userId: string, productId: string): Promise<WishlistAddResult> {
      const existing = await find(userId, productId);
      if (existing) return { entry: existing, added: false };
      const [product] = await db.select({ archivedAt: products.archivedAt }).from(products).where(eq(products.id, productId));
      if (!product) throw notFound(catalogMessages.productNotFound);
      if (product.archivedAt !== null) throw new AppError("GONE", catalogMessages.productGone);
      const [held] = await db.select({ n: count() }).from(wishlistItems).where(ofUser(userId));
      if ((held?.n ?? 0) >= maxItems) throw new AppError("CONFLICT", myListFull(maxItems));
      await countChange(userId);
      const inserted = await db
        .insert(wishlistItems)
        .values({ id: uuidv7(), userId, productId })
        .onConflictDoNothing({ target: [wishlistItems.userId, wishlistItems.productId] })
        .returning({ id: wishlistItems.id });
      const entry = await find(userId, productId);
      if (!entry) throw notFound(catalogMessages.productNotFound);
      return { entry, added: inserted.length > 0 };
    },

    async remove(userId: string, entryId: string): Promise<void> {
      await countChange(userId);
      const removed = await db
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.id, entryId), ofUser(userId)))
        .returning({ id: wishlistItems.id });
      if (removed.length === 0) throw notFound(wishlistMessages.notFound);
    },

    /** The heart's second press. */
    async removeProduct(userId: string, productId: string): Promise<boolean> {
      await countChange(userId);
      const removed = await db
        .delete(wishlistItems)
        .where(and(ofUser(userId), eq(wishlistItems.productId, productId)))
        .returning({ id: wishlistItems.id });
      return removed.length > 0;
    },

    /** The whole list, in the caller's transaction (an account erased on request). */
    async removeAll(tx: DbExecutor, userId: string): Promise<void> {
      await tx.delete(wishlistItems).where(ofUser(userId));
    },
  };
}
