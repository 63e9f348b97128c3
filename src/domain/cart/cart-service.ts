import { and, eq, inArray, isNotNull, lt, notExists, or, sql } from "drizzle-orm";
import type { Db, DbExecutor } from "#db/client.ts";
import { cartItems, carts } from "#db/schema/cart.ts";
import { cartMessages, catalogMessages, missingOptionMessage } from "#shared/messages.ts";
import { CART_QUANTITY_MAX, firstMissingOption } from "#shared/schemas/cart.ts";
import { AppError, badRequest, notFound } from "../errors.ts";
import { consumeWrite, type Writer } from "../rate-limit/policies.ts";
import type { RateLimiter } from "../rate-limit/rate-limiter.ts";
import {
  type KnownOwner,
  ownedBy,
  prepareCartStatements,
  removeOrderedLines,
  selectLines,
  toCart,
  toLine,
} from "./cart-lines.ts";
import { mergeGuestCart } from "./guest-merge.ts";
import { isGuestToken, newGuestToken } from "./guest-token.ts";
import type {
  Cart,
  CartAddInput,
  CartAddResult,
  CartLine,
  CartLineOptions,
  CartOwner,
  CartSummaryTotals,
  GuestCartMerge,
} from "./types.ts";

export type CartService = ReturnType<typeof createCartService>;

export interface CartDeps {
  db: Db;
  limiter: Pick<RateLimiter, "consume">;
}

/**
 * An account's cart or a visitor's (by the guest cart cookie), merged at sign-in (decision 013); owns `carts` and
 * `cart_items` (decision 011). The owner comes from the session or the cookie, never from a request's fields.
 */
export function createCartService({ db, limiter }: CartDeps) {
  /** A visitor without a token has no cart: reads answer empty without the database. */
  const known = (owner: CartOwner): KnownOwner | undefined =>
    owner.kind === "user" ? owner : isGuestToken(owner.token) ? { kind: "guest", token: owner.token } : undefined;
  const statements = prepareCartStatements(db);
  const countChange = (owner: CartOwner) =>
    owner.kind === "user"
      ? consumeWrite(limiter, "cartChange", { account: owner.userId })
      : consumeWrite(limiter, "guestCartChange", networkOf(owner));

  async function findLine(owner: CartOwner, lineId: string): Promise<CartLine> {
    const found = known(owner);
    const [row] = found ? await selectLines(db, and(ownedBy(found), eq(cartItems.id, lineId))).limit(1) : [];
    if (!row) throw notFound(cartMessages.lineNotFound);
    return toLine(row);
  }

  return {
    async list(owner: CartOwner): Promise<Cart> {
      const found = known(owner);
      return toCart(found ? (await statements.lines(found)).map(toLine) : []);
    },

    /** Another owner's line is not found (404). */
    find: findLine,

    async summary(owner: CartOwner): Promise<CartSummaryTotals> {
      const found = known(owner);
      if (!found) return { count: 0, totalPaise: 0 };
      const [row] = await statements.summary(found);
      return row ?? { count: 0, totalPaise: 0 };
    },

    /** The same product and option again adds to its line, never above the stock; two statements (decision 021). */
    async add(owner: CartOwner, input: CartAddInput): Promise<CartAddResult> {
      assertQuantity(input.quantity);
      const guestToken = owner.kind === "guest" && isGuestToken(owner.token) ? owner.token : undefined;
      const [product] = guestToken
        ? await statements.productToAddForGuest(input.productId, guestToken)
        : await statements.productToAdd(input.productId);
      if (!product) throw notFound(catalogMessages.productNotFound);
      if (product.archived) throw new AppError("GONE", catalogMessages.productGone);
      const missing = firstMissingOption(product, input);
      if (missing) throw badRequest(missingOptionMessage(missing.label));
      // Only the option lists the product has are kept: a value for a list it lacks is no choice.
      const options = {
        productRam: product.productRam.length > 0 ? (input.productRam ?? "") : "",
        size: product.size.length > 0 ? (input.size ?? "") : "",
        productWeight: product.productWeight.length > 0 ? (input.productWeight ?? "") : "",
      };
      const limit = Math.min(product.countInStock, CART_QUANTITY_MAX);
      if (input.quantity > limit) throw aboveLimit(product.countInStock);

      // Counted before the write: a new guest cart against the network's carts, any other change against the owner's.
      const startsGuestCart = owner.kind === "guest" && !("cartExists" in product && product.cartExists);
      if (startsGuestCart) await consumeWrite(limiter, "guestCart", networkOf(owner));
      else await countChange(owner);
      const cartOwner: KnownOwner = owner.kind === "user" ? owner : { kind: "guest", token: guestToken ?? newGuestToken() };
      const row = await statements.addLine(
        cartOwner,
        { productId: product.id, quantity: input.quantity, pricePaise: product.pricePaise, ...options },
        limit,
      );
      if (!row) throw aboveLimit(product.countInStock);
      const line = toLine({
        ...row,
        ...options,
        productId: product.id,
        pricePaiseAtAdd: product.pricePaise,
        userId: owner.kind === "user" ? owner.userId : null,
        productTitle: product.name,
        image: product.image,
        rating: product.rating,
        pricePaise: product.pricePaise,
        countInStock: product.countInStock,
        archived: false,
      });
      return { line, guestToken: cartOwner.kind === "guest" ? cartOwner.token : undefined };
    },

    /** Never above the stock, but a line already asking for more than is left may still come down step by step. */
    async updateQuantity(owner: CartOwner, lineId: string, quantity: number): Promise<CartLine> {
      assertQuantity(quantity);
      const line = await findLine(owner, lineId);
      // An unavailable line may only come down (or go): it blocks checkout until removed.
      if (line.stockProblem === "unavailable" && quantity > line.quantity) {
        throw new AppError("GONE", catalogMessages.productGone);
      }
      if (quantity > line.countInStock && quantity > line.quantity) throw aboveLimit(line.countInStock);
      await countChange(owner);
      const updated = await db
        .update(cartItems)
        .set({ quantity, updatedAt: sql`now()` })
        .where(eq(cartItems.id, line.id))
        .returning({ id: cartItems.id });
      if (updated.length === 0) throw notFound(cartMessages.lineNotFound);
      return toLine({ ...line, quantity, archived: line.stockProblem === "unavailable" });
    },

    async remove(owner: CartOwner, lineId: string): Promise<void> {
      const found = known(owner);
      if (found) await countChange(owner);
      const removed = found
        ? await db
            .delete(cartItems)
            .where(
              and(
                eq(cartItems.id, lineId),
                inArray(cartItems.cartId, db.select({ id: carts.id }).from(carts).where(ownedBy(found))),
              ),
            )
            .returning({ id: cartItems.id })
        : [];
      if (removed.length === 0) throw notFound(cartMessages.lineNotFound);
    },

    async clear(tx: DbExecutor, userId: string): Promise<void> {
      await tx
        .delete(cartItems)
        .where(inArray(cartItems.cartId, tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId))));
    },

    /** The account's cart itself; its lines go with it (cascade). For an account erased on request. */
    async forget(tx: DbExecutor, userId: string): Promise<void> {
      await tx.delete(carts).where(eq(carts.userId, userId));
    },

    /** In the paying transaction: lines added while the shopper was paying stay. */
    async removeOrdered(tx: DbExecutor, userId: string, lines: readonly (CartLineOptions & { productId: string | null })[]) {
      const bought = lines.filter((line) => line.productId !== null);
      if (bought.length === 0) return;
      await removeOrderedLines(tx, [
        userId,
        bought.map((line) => line.productId),
        bought.map((line) => line.productRam),
        bought.map((line) => line.size),
        bought.map((line) => line.productWeight),
      ]);
    },

    /** Housekeeping: visitors' carts whose cookie has expired (`before`), and empty ones since `emptyBefore`. */
    async pruneGuestCarts(before: Date, emptyBefore: Date = before): Promise<number> {
      const hasLines = db.select({ one: sql`1` }).from(cartItems).where(eq(cartItems.cartId, carts.id));
      const gone = await db
        .delete(carts)
        .where(
          and(
            isNotNull(carts.guestTokenHash),
            or(lt(carts.updatedAt, before), and(lt(carts.updatedAt, emptyBefore), notExists(hasLines))),
          ),
        )
        .returning({ id: carts.id });
      return gone.length;
    },

    mergeGuestCart(guestToken: string | undefined, userId: string): Promise<GuestCartMerge | null> {
      return isGuestToken(guestToken) ? mergeGuestCart(db, guestToken, userId) : Promise.resolve(null);
    },
  };
}

/** A caller that did not say the network is a bug, never "no limit". */
function networkOf(owner: CartOwner & { kind: "guest" }): Writer {
  if (!owner.network) throw new Error("cart: a visitor's change needs the request's network (CartOwner.network)");
  return { network: owner.network };
}

/** The adapters' schemas say so first; the rule lives here. */
function assertQuantity(quantity: number) {
  if (!Number.isInteger(quantity)) throw badRequest(cartMessages.quantityNumber);
  if (quantity < 1) throw badRequest(cartMessages.quantityMin);
  if (quantity > CART_QUANTITY_MAX) throw badRequest(cartMessages.quantityMax(CART_QUANTITY_MAX));
}

function aboveLimit(countInStock: number): AppError {
  if (countInStock <= 0) return new AppError("CONFLICT", cartMessages.outOfStock);
  if (countInStock > CART_QUANTITY_MAX) return new AppError("CONFLICT", cartMessages.quantityMax(CART_QUANTITY_MAX));
  return new AppError("CONFLICT", cartMessages.aboveStock);
}
