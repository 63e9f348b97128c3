import { eq, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { type Db, withTransaction } from "#db/client.ts";
import { cartItems, carts } from "#db/schema/cart.ts";
import { CART_QUANTITY_MAX } from "#shared/schemas/cart.ts";
import { lineKey, selectLines, upsertCart } from "./cart-lines.ts";
import { hashGuestToken } from "./guest-token.ts";
import type { GuestCartMerge } from "./types.ts";

/**
 * A visitor's cart joins the account's at sign-in (decision 013): nothing is thrown away, quantities add up and are cut
 * to the stock (never below 1, so a sold-out line stays marked). The guest cart's row is locked first, so two requests
 * merging it at once merge it once.
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
