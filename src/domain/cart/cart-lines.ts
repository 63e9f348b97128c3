import { asc, eq, type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { type Db, type DbExecutor, namedStatement } from "#db/client.ts";
import { cartItems, carts } from "#db/schema/cart.ts";
import { products } from "#db/schema/catalog.ts";
import { hashGuestToken } from "./guest-token.ts";
import type { Cart, CartLine, CartOwner } from "./types.ts";

// A line is always read joined with its product, so price and stock are the database's current ones, never what a
// client sent (docs/architecture.md, invariant 3) nor the catalogue's cached answers.
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
  /** Archived (decision 032): the line stays, marked no longer available, and blocks checkout until removed. */
  archived: sql<boolean>`${products.archivedAt} is not null`,
};

export type LineRow = Awaited<ReturnType<ReturnType<typeof selectLines>["execute"]>>[number];

export function selectLines(db: DbExecutor, where: SQL | undefined) {
  return db
    .select(lineColumns)
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(where)
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

export function ownedBy(owner: CartOwner & { kind: "user" }): SQL;
export function ownedBy(owner: CartOwner): SQL | undefined;
export function ownedBy(owner: CartOwner): SQL | undefined {
  if (owner.kind === "user") return eq(carts.userId, owner.userId);
  return owner.token === undefined ? undefined : eq(carts.guestTokenHash, hashGuestToken(owner.token));
}

export type KnownOwner = { kind: "user"; userId: string } | { kind: "guest"; token: string };

/** Creates the cart when missing; its row stays locked until commit. */
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

/** What every signed-in page and cart change runs, prepared once on the pool (decision 021). */
export function prepareCartStatements(db: Db) {
  const p = sql.placeholder;
  const linesOfUser = selectLines(db, eq(carts.userId, p("userId"))).prepare("cart_lines_of_user");
  const linesOfGuest = selectLines(db, eq(carts.guestTokenHash, p("tokenHash"))).prepare("cart_lines_of_guest");
  // The header's count and total, on every page of a shopper with a cart.
  const summaryOf = (where: SQL) =>
    db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        totalPaise: sql<number>`coalesce(sum(${products.pricePaise}::bigint * ${cartItems.quantity}), 0)`.mapWith(Number),
      })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(where);
  const summaryOfUser = summaryOf(eq(carts.userId, p("userId"))).prepare("cart_summary_of_user");
  const summaryOfGuest = summaryOf(eq(carts.guestTokenHash, p("tokenHash"))).prepare("cart_summary_of_guest");
  const productColumns = {
    id: products.id,
    name: products.name,
    image: sql<string>`coalesce(${products.images}[1], '')`,
    rating: products.rating,
    pricePaise: products.pricePaise,
    countInStock: products.countInStock,
    productRam: products.productRam,
    size: products.size,
    productWeight: products.productWeight,
    archived: sql<boolean>`${products.archivedAt} is not null`,
  };
  const productToAdd = db
    .select(productColumns)
    .from(products)
    .where(eq(products.id, p("productId")))
    .prepare("cart_product_to_add");
  // A visitor's add also asks whether the token's cart exists: starting one is limited per network (policies.ts).
  const guestCartExists = sql`exists (select 1 from ${carts} where ${carts.guestTokenHash} = ${p("tokenHash")})`;
  const productToAddForGuest = db
    .select({ ...productColumns, cartExists: guestCartExists.mapWith(Boolean) })
    .from(products)
    .where(eq(products.id, p("productId")))
    .prepare("cart_product_to_add_for_guest");
  return {
    productToAdd: (productId: string) => productToAdd.execute({ productId }),
    productToAddForGuest: (productId: string, token: string) =>
      productToAddForGuest.execute({ productId, tokenHash: hashGuestToken(token) }),
    lines: (owner: KnownOwner) =>
      owner.kind === "user"
        ? linesOfUser.execute({ userId: owner.userId })
        : linesOfGuest.execute({ tokenHash: hashGuestToken(owner.token) }),
    summary: (owner: KnownOwner) =>
      owner.kind === "user"
        ? summaryOfUser.execute({ userId: owner.userId })
        : summaryOfGuest.execute({ tokenHash: hashGuestToken(owner.token) }),
    /** One statement, cart created when missing; no row when the line would go above `limit`. */
    async addLine(
      owner: KnownOwner,
      line: { productId: string; quantity: number; pricePaise: number; productRam: string; size: string; productWeight: string },
      limit: number,
    ) {
      const values = [line.productId, line.quantity, line.pricePaise, line.productRam, line.size, line.productWeight, limit];
      const [row] =
        owner.kind === "user"
          ? await addUserLine(db, [uuidv7(), owner.userId, uuidv7(), ...values])
          : await addGuestLine(db, [uuidv7(), hashGuestToken(owner.token), uuidv7(), ...values]);
      return row ? { id: row.id, quantity: row.quantity, createdAt: new Date(row.createdAt) } : undefined;
    },
  };
}

// Parameters 3 to 10: the line's id, product, quantity, price, RAM, size, weight and the quantity limit. The shopper
// has just seen the current price: it becomes the line's "price when added".
const addToCart = `insert into cart_items (id, cart_id, product_id, quantity, price_paise_at_add, product_ram, size, product_weight)
  select $3::uuid, cart.id, $4::uuid, $5::integer, $6::integer, $7::text, $8::text, $9::text from cart
  on conflict (cart_id, product_id, product_ram, size, product_weight) do update
    set quantity = cart_items.quantity + excluded.quantity, price_paise_at_add = excluded.price_paise_at_add,
        updated_at = now()
    where cart_items.quantity + excluded.quantity <= $10::integer
  returning id, quantity, created_at as "createdAt"`;
type AddedLine = { id: string; quantity: number; createdAt: string };
// Decision 021: the cart add's two writes in one statement, written once. Parameters 1 and 2: the new cart's id and owner.
const addUserLine = namedStatement<AddedLine>(
  "cart_add_user_line",
  `with cart as (
     insert into carts (id, user_id) values ($1, $2) on conflict (user_id) do update set updated_at = now() returning id
   ) ${addToCart}`,
);
const addGuestLine = namedStatement<AddedLine>(
  "cart_add_guest_line",
  `with cart as (
     insert into carts (id, guest_token_hash) values ($1, $2)
     on conflict (guest_token_hash) do update set updated_at = now() returning id
   ) ${addToCart}`,
);

/** Written once (decision 021). Parameters: user id, then product ids, RAM, size and weight options as parallel arrays. */
export const removeOrderedLines = namedStatement(
  "cart_remove_ordered",
  `delete from cart_items using carts
    where cart_items.cart_id = carts.id and carts.user_id = $1
      and (cart_items.product_id, cart_items.product_ram, cart_items.size, cart_items.product_weight) in
          (select * from unnest($2::uuid[], $3::text[], $4::text[], $5::text[]))`,
);

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
    stockProblem: row.archived ? "unavailable" : countInStock <= 0 ? "outOfStock" : quantity > countInStock ? "notEnough" : null,
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
