import { eq, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { type Db, withTransaction } from "#db/client.ts";
import { cartItems, carts } from "#db/schema/cart.ts";
import { CART_QUANTITY_MAX } from "#shared/schemas/cart.ts";
import { lineKey, selectLines, upsertCart } from "./cart-lines.ts";
import { hashGuestToken } from "./guest-token.ts";
import type { GuestCartMerge } from "./types.ts";

/**
 * A visitor's cart joins the account's when they sign in (docs/decisions/013-guest-cart.md). Nothing is thrown away:
 * a guest line for a product and option the account's cart already has adds its quantity to that line, any other
 * becomes a new line; every quantity is cut to the stock (never below 1: a line of a product that sold out stays,
 * marked, until the shopper removes it). Prices are the products' current ones, as always; a line whose price moved
 * since the visitor added it keeps its old price beside it, so the cart says so. The guest cart is then deleted.
 *
 * One transaction; the guest cart's row is locked first, so two requests merging the same cart at once merge it once
 * (the second finds no guest cart), and the account cart's row is locked by its upsert, so an add to it waits.
 */
export async function mergeGuestCart(db: Db, guestToken: string, userId: string): Promise<GuestCartMerge | null> {
  return withTransaction(db, async (tx) => {
    const [guest] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(eq(carts.guestTokenHash, hashGuestToken(guestToken)))
      .for("update");
    if (!guest) return null;
    const guestLines = await selectLines(tx, eq(carts.id, guest.id));
    if (guestLines.length === 0) {
      await tx.delete(carts).where(eq(carts.id, guest.id));
      return null;
    }

    const accountCartId = await upsertCart(tx, { kind: "user", userId });
    const accountLines = await tx
      .select({
        productId: cartItems.productId,
        productRam: cartItems.productRam,
        size: cartItems.size,
        productWeight: cartItems.productWeight,
        quantity: cartItems.quantity,
        pricePaiseAtAdd: cartItems.pricePaiseAtAdd,
      })
      .from(cartItems)
      .where(eq(cartItems.cartId, accountCartId));
    const existing = new Map(accountLines.map((line) => [lineKey(line), line]));

    const merge: GuestCartMerge = { added: 0, combined: 0, capped: [], repriced: [] };
    const rows = guestLines.map((line) => {
      const already = existing.get(lineKey(line));
      const wanted = (already?.quantity ?? 0) + line.quantity;
      const quantity = Math.max(1, Math.min(wanted, line.countInStock, CART_QUANTITY_MAX));
      if (already) merge.combined += 1;
      else merge.added += 1;
      if (quantity < wanted) merge.capped.push(line.productTitle);
      if (line.pricePaise !== line.pricePaiseAtAdd) merge.repriced.push(line.productTitle);
      return {
        id: uuidv7(),
        cartId: accountCartId,
        productId: line.productId,
        productRam: line.productRam,
        size: line.size,
        productWeight: line.productWeight,
        quantity,
        pricePaiseAtAdd: already?.pricePaiseAtAdd ?? line.pricePaiseAtAdd,
        createdAt: line.createdAt,
      };
    });
    await tx
      .insert(cartItems)
      .values(rows)
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.productId, cartItems.productRam, cartItems.size, cartItems.productWeight],
        // The quantity was worked out above from both sides; the account line keeps its own "price when added".
        set: { quantity: sql`excluded.quantity`, updatedAt: sql`now()` },
      });
    await tx.delete(carts).where(eq(carts.id, guest.id));
    return merge;
  });
}
