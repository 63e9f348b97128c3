import { asc, eq, type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db, DbExecutor } from "#db/client.ts";
import { products } from "#db/schema/catalog.ts";
import { cartItems, carts } from "#db/schema/shopping.ts";
import { hashGuestToken } from "./guest-token.ts";
import type { Cart, CartLine, CartOwner } from "./types.ts";

/**
 * The cart's queries that several operations share. A line is always read joined with its product, so title, image,
 * rating, price and stock are the database's current ones, never what a client once sent (docs/architecture.md,
 * invariant 3), and never the catalogue's cached answers.
 */
const lineColumns = {
  id: cartItems.id,
  cartId: cartItems.cartId,
  productId: cartItems.productId,
  quantity: cartItems.quantity,
  pricePaiseAtAdd: cartItems.pricePaiseAtAdd,
  productRam: cartItems.productRam,
  size: cartItems.size,
  productWeight: cartItems.productWeight,
  createdAt: cartItems.createdAt,
  userId: carts.userId,
  productTitle: products.name,
  image: sql<string>`coalesce(${products.images}[1], '')`,
  rating: products.rating,
  pricePaise: products.pricePaise,
  countInStock: products.countInStock,
};

export type LineRow = Awaited<ReturnType<ReturnType<typeof selectLines>["execute"]>>[number];

/** Lines with their products, oldest first; `where` picks the cart (see `ownedBy`) and maybe a line. */
export function selectLines(db: DbExecutor, where: SQL | undefined) {
  return db
    .select(lineColumns)
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(where)
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/** The condition on `carts` that finds the owner's cart. */
export function ownedBy(owner: CartOwner & { kind: "user" }): SQL;
export function ownedBy(owner: CartOwner): SQL | undefined;
export function ownedBy(owner: CartOwner): SQL | undefined {
  if (owner.kind === "user") return eq(carts.userId, owner.userId);
  return owner.token === undefined ? undefined : eq(carts.guestTokenHash, hashGuestToken(owner.token));
}

/** An owner whose cart can be found or created: a user, or a visitor with a token. */
export type KnownOwner = { kind: "user"; userId: string } | { kind: "guest"; token: string };

/** The owner's cart id, creating the cart when it has none: one statement (the row is locked until commit). */
export async function upsertCart(db: DbExecutor, owner: KnownOwner): Promise<string> {
  const values =
    owner.kind === "user"
      ? { id: uuidv7(), userId: owner.userId }
      : { id: uuidv7(), guestTokenHash: hashGuestToken(owner.token) };
  const [row] = await db
    .insert(carts)
    .values(values)
    .onConflictDoUpdate({
      target: owner.kind === "user" ? carts.userId : carts.guestTokenHash,
      set: { updatedAt: sql`now()` },
    })
    .returning({ id: carts.id });
  if (!row) throw new Error("upsertCart: no row");
  return row.id;
}

/**
 * The statements every signed-in page and cart change runs, prepared once on the pool: their SQL is built once and
 * PostgreSQL plans each once per connection (building the lines' join per call was a fifth of the CPU of `GET /api/cart`).
 */
export function prepareCartStatements(db: Db) {
  const p = sql.placeholder;
  const linesOfUser = selectLines(db, eq(carts.userId, p("userId"))).prepare("cart_lines_of_user");
  const linesOfGuest = selectLines(db, eq(carts.guestTokenHash, p("tokenHash"))).prepare("cart_lines_of_guest");
  const touched = { set: { updatedAt: sql`now()` } };
  const userCart = db
    .insert(carts)
    .values({ id: p("id"), userId: p("userId") })
    .onConflictDoUpdate({ target: carts.userId, ...touched })
    .returning({ id: carts.id })
    .prepare("cart_upsert_user");
  const guestCart = db
    .insert(carts)
    .values({ id: p("id"), guestTokenHash: p("tokenHash") })
    .onConflictDoUpdate({ target: carts.guestTokenHash, ...touched })
    .returning({ id: carts.id })
    .prepare("cart_upsert_guest");
  return {
    /** The owner's lines with their products, oldest first. */
    lines: (owner: KnownOwner) =>
      owner.kind === "user"
        ? linesOfUser.execute({ userId: owner.userId })
        : linesOfGuest.execute({ tokenHash: hashGuestToken(owner.token) }),
    /** `upsertCart` on the pool. */
    async cartId(owner: KnownOwner): Promise<string> {
      const [row] =
        owner.kind === "user"
          ? await userCart.execute({ id: uuidv7(), userId: owner.userId })
          : await guestCart.execute({ id: uuidv7(), tokenHash: hashGuestToken(owner.token) });
      if (!row) throw new Error("upsertCart: no row");
      return row.id;
    },
  };
}

/** A row as the cart shows it: sub-total, price change and stock problem worked out from the current product. */
export function toLine(row: Omit<LineRow, "cartId">): CartLine {
  const { countInStock, quantity, pricePaise, pricePaiseAtAdd } = row;
  return {
    id: row.id,
    productId: row.productId,
    productTitle: row.productTitle,
    image: row.image,
    rating: row.rating,
    pricePaise,
    pricePaiseAtAdd,
    priceChanged: pricePaise !== pricePaiseAtAdd,
    quantity,
    subTotalPaise: pricePaise * quantity,
    countInStock,
    stockProblem: countInStock <= 0 ? "outOfStock" : quantity > countInStock ? "notEnough" : null,
    productRam: row.productRam,
    size: row.size,
    productWeight: row.productWeight,
    userId: row.userId,
    createdAt: row.createdAt,
  };
}

export function toCart(lines: CartLine[]): Cart {
  return {
    lines,
    count: lines.length,
    totalPaise: lines.reduce((total, line) => total + line.subTotalPaise, 0),
    blocked: lines.filter((line) => line.stockProblem !== null),
  };
}

/** One line per product and option: the key the unique index `cart_items_line_idx` keeps. */
export function lineKey(line: { productId: string; productRam: string; size: string; productWeight: string }): string {
  return JSON.stringify([line.productId, line.productRam, line.size, line.productWeight]);
}
