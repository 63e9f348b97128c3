import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, carts } from "#db/schema/cart.ts";
import { products } from "#db/schema/catalog.ts";
import { createCartService } from "#domain/cart/cart-service.ts";
import { newGuestToken } from "#domain/cart/guest-token.ts";
import type { CartOwner } from "#domain/cart/types.ts";
import { AppError } from "#domain/errors.ts";
import { createDatabaseRateLimitStore } from "#domain/rate-limit/database-store.ts";
import { createRateLimiter } from "#domain/rate-limit/rate-limiter.ts";
import { createTestProduct, createTestUser } from "../support/builders.ts";
import { countingDb } from "../support/counting-db.ts";
import { createTestServices, type TestServices } from "../support/test-services.ts";

// The cart's rules, without HTTP: stock caps, prices from the database, another owner's lines, the guest cart merge.
let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(async () => {
  await t?.close();
});

const cart = () => t.services.cart;
/** A visitor's changes are counted per network. */
const NETWORK = "192.0.2.1";
const userOwner = async (): Promise<CartOwner & { kind: "user" }> => ({ kind: "user", userId: (await createTestUser(t.db)).id });
const setPrice = (id: string, pricePaise: number) => t.db.update(products).set({ pricePaise }).where(eq(products.id, id));

async function guestWith(lines: { productId: string; quantity: number; size?: string }[]): Promise<string> {
  let token: string | undefined;
  for (const line of lines) token = (await cart().add({ kind: "guest", token, network: NETWORK }, line)).guestToken;
  if (!token) throw new Error("no guest token");
  return token;
}

describe("adding", () => {
  it("adds a line with the product's own price, and the same product and option again to its quantity", async () => {
    const owner = await userOwner();
    const product = await createTestProduct(t.db, { pricePaise: 49_900, countInStock: 5, size: ["S", "M"] });
    const first = await cart().add(owner, { productId: product.id, quantity: 2, size: "M" });
    expect(first.line).toMatchObject({ quantity: 2, pricePaise: 49_900, subTotalPaise: 99_800, size: "M", userId: owner.userId });
    expect(first.guestToken).toBeUndefined();
    const again = await cart().add(owner, { productId: product.id, quantity: 1, size: "M" });
    expect(again.line).toMatchObject({ id: first.line.id, quantity: 3, subTotalPaise: 149_700 });
    await cart().add(owner, { productId: product.id, quantity: 1, size: "S" });
    const { lines, count, totalPaise } = await cart().list(owner);
    expect(lines.map((line) => [line.size, line.quantity])).toEqual([
      ["M", 3],
      ["S", 1],
    ]);
    expect({ count, totalPaise }).toEqual({ count: 2, totalPaise: 4 * 49_900 });
    expect(await cart().summary(owner)).toEqual({ count: 2, totalPaise: 4 * 49_900 });
  });

  it("never goes above the stock: a single add or the sum of adds, and nothing changes", async () => {
    const owner = await userOwner();
    const product = await createTestProduct(t.db, { countInStock: 3 });
    await expect(cart().add(owner, { productId: product.id, quantity: 4 })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "The quantity is greater than product count in stock",
    });
    await cart().add(owner, { productId: product.id, quantity: 2 });
    await expect(cart().add(owner, { productId: product.id, quantity: 2 })).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await cart().list(owner)).lines.map((line) => line.quantity)).toEqual([2]);
    const soldOut = await createTestProduct(t.db, { countInStock: 0 });
    await expect(cart().add(owner, { productId: soldOut.id, quantity: 1 })).rejects.toMatchObject({
      message: "This product is out of stock",
    });
  });

  it("refuses a quantity that is not a whole number from 1 to 999, a missing option and an unknown product", async () => {
    const owner = await userOwner();
    const product = await createTestProduct(t.db, { size: ["S"] });
    for (const quantity of [0, -1, 1.5, 1000, Number.NaN]) {
      await expect(cart().add(owner, { productId: product.id, quantity, size: "S" }), String(quantity)).rejects.toMatchObject({
        code: "BAD_REQUEST",
      });
    }
    await expect(cart().add(owner, { productId: product.id, quantity: 1 })).rejects.toMatchObject({
      message: "Please select a size",
    });
    await expect(cart().add(owner, { productId: product.id, quantity: 1, size: "XL" })).rejects.toMatchObject({
      message: "Please select a size",
    });
    await expect(cart().add(owner, { productId: "00000000-0000-4000-8000-000000000000", quantity: 1 })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await cart().list(owner)).lines).toEqual([]);
  });

  it("keeps only the options the product has", async () => {
    const owner = await userOwner();
    const product = await createTestProduct(t.db, { size: [] });
    const { line } = await cart().add(owner, { productId: product.id, quantity: 1, size: "M", productRam: "8GB" });
    expect(line).toMatchObject({ size: "", productRam: "", productWeight: "" });
  });

  it("costs 3 SQL statements: the product, the limit's count, then the cart (created when missing) with the line", async () => {
    const counter = await countingDb(t.db);
    const limiter = createRateLimiter({ store: createDatabaseRateLimitStore(counter.db), now: () => new Date() });
    const counted = createCartService({ db: counter.db, limiter });
    const owner = await userOwner();
    const product = await createTestProduct(t.db, { countInStock: 9 });
    counter.reset();
    await counted.add(owner, { productId: product.id, quantity: 1 });
    expect(counter.statements.length).toBe(3);
    counter.reset();
    await counted.add(owner, { productId: product.id, quantity: 1 });
    const guest = await counted.add(
      { kind: "guest", token: undefined, network: NETWORK },
      { productId: product.id, quantity: 1 },
    );
    expect(counter.statements.length).toBe(6);
    // A visitor's next add asks whether the cart exists in the product's statement: still 3.
    counter.reset();
    await counted.add({ kind: "guest", token: guest.guestToken, network: NETWORK }, { productId: product.id, quantity: 1 });
    expect(counter.statements.length).toBe(3);
  });
});

describe("changing and removing", () => {
  it("changes a quantity within the stock and lets a line above a fallen stock come down", async () => {
    const owner = await userOwner();
    const product = await createTestProduct(t.db, { countInStock: 5 });
    const { line } = await cart().add(owner, { productId: product.id, quantity: 4 });
    expect((await cart().updateQuantity(owner, line.id, 5)).quantity).toBe(5);
    await expect(cart().updateQuantity(owner, line.id, 6)).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(cart().updateQuantity(owner, line.id, 0)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await t.services.catalog.setStock(product.id, 2);
    const [marked] = (await cart().list(owner)).blocked;
    expect(marked).toMatchObject({ id: line.id, stockProblem: "notEnough", countInStock: 2 });
    expect((await cart().updateQuantity(owner, line.id, 4)).stockProblem).toBe("notEnough");
    await expect(cart().updateQuantity(owner, line.id, 5)).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await cart().updateQuantity(owner, line.id, 2)).stockProblem).toBeNull();
    await t.services.catalog.setStock(product.id, 0);
    expect((await cart().list(owner)).blocked.map((blocked) => blocked.stockProblem)).toEqual(["outOfStock"]);
  });

  it("never finds another owner's line: 404, and it stays as it was", async () => {
    const owner = await userOwner();
    const other = await userOwner();
    const product = await createTestProduct(t.db);
    const { line } = await cart().add(owner, { productId: product.id, quantity: 2 });
    const guest: CartOwner = {
      kind: "guest",
      token: await guestWith([{ productId: product.id, quantity: 1 }]),
      network: NETWORK,
    };
    for (const stranger of [other, guest, { kind: "guest", token: undefined, network: NETWORK } as const]) {
      await expect(cart().updateQuantity(stranger, line.id, 1)).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(cart().remove(stranger, line.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    expect((await cart().list(owner)).lines.map((kept) => kept.quantity)).toEqual([2]);
    await cart().remove(owner, line.id);
    expect((await cart().list(owner)).lines).toEqual([]);
    await expect(cart().remove(owner, line.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("shows current prices, and says when a price changed since the line was added", async () => {
    const owner = await userOwner();
    const product = await createTestProduct(t.db, { pricePaise: 10_000 });
    await cart().add(owner, { productId: product.id, quantity: 2 });
    await setPrice(product.id, 12_500);
    const [line] = (await cart().list(owner)).lines;
    expect(line).toMatchObject({ pricePaise: 12_500, pricePaiseAtAdd: 10_000, priceChanged: true, subTotalPaise: 25_000 });
    // Adding again at the new price: the shopper has seen it.
    await cart().add(owner, { productId: product.id, quantity: 1 });
    expect((await cart().list(owner)).lines[0]).toMatchObject({ priceChanged: false, quantity: 3 });
  });

  it("clear empties an account's cart inside the caller's transaction", async () => {
    const owner = await userOwner();
    await cart().add(owner, { productId: (await createTestProduct(t.db)).id, quantity: 1 });
    await t.db.transaction((tx) => cart().clear(tx, owner.userId));
    expect((await cart().list(owner)).count).toBe(0);
  });
});

describe("the guest cart", () => {
  it("is kept against a random token stored only as a hash", async () => {
    const product = await createTestProduct(t.db);
    const token = await guestWith([{ productId: product.id, quantity: 1 }]);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.select().from(carts).where(eq(carts.guestTokenHash, token));
    expect(rows).toEqual([]);
    const { lines } = await cart().list({ kind: "guest", token });
    expect(lines).toMatchObject([{ productId: product.id, userId: null }]);
    expect((await cart().list({ kind: "guest", token: "not-a-token" })).lines).toEqual([]);
  });

  it("merges into the account's cart at sign-in: quantities added and capped at stock, new lines kept, prices current", async () => {
    const owner = await userOwner();
    const shared = await createTestProduct(t.db, { countInStock: 4, size: ["S", "M"] });
    const onlyGuest = await createTestProduct(t.db, { pricePaise: 20_000 });
    const onlyAccount = await createTestProduct(t.db);
    await cart().add(owner, { productId: shared.id, quantity: 3, size: "M" });
    await cart().add(owner, { productId: onlyAccount.id, quantity: 1 });
    const token = await guestWith([
      { productId: shared.id, quantity: 2, size: "M" },
      { productId: shared.id, quantity: 1, size: "S" },
      { productId: onlyGuest.id, quantity: 2 },
    ]);
    await setPrice(onlyGuest.id, 18_000);

    const merge = await cart().mergeGuestCart(token, owner.userId);
    expect(merge).toEqual({ added: 2, combined: 1, capped: [shared.name], repriced: [onlyGuest.name] });
    const { lines } = await cart().list(owner);
    expect(lines.map((line) => [line.productId, line.size, line.quantity])).toEqual(
      expect.arrayContaining([
        [shared.id, "M", 4],
        [shared.id, "S", 1],
        [onlyGuest.id, "", 2],
        [onlyAccount.id, "", 1],
      ]),
    );
    expect(lines).toHaveLength(4);
    expect(lines.find((line) => line.productId === onlyGuest.id)).toMatchObject({ pricePaise: 18_000, priceChanged: true });
    expect(lines.every((line) => line.userId === owner.userId)).toBe(true);

    // The guest cart is gone: a second merge (another request with the same cookie) changes nothing.
    expect((await cart().list({ kind: "guest", token })).lines).toEqual([]);
    expect(await cart().mergeGuestCart(token, owner.userId)).toBeNull();
    expect((await cart().list(owner)).lines).toHaveLength(4);
  });

  it("creates the account's cart when it had none, keeps a sold-out line (marked), and merges twice at once only once", async () => {
    const owner = await userOwner();
    const product = await createTestProduct(t.db, { countInStock: 5 });
    const token = await guestWith([{ productId: product.id, quantity: 3 }]);
    await t.services.catalog.setStock(product.id, 0);
    const results = await Promise.all([cart().mergeGuestCart(token, owner.userId), cart().mergeGuestCart(token, owner.userId)]);
    expect(results.filter((result) => result !== null)).toEqual([
      { added: 1, combined: 0, capped: [product.name], repriced: [] },
    ]);
    const { lines, blocked } = await cart().list(owner);
    expect(lines).toMatchObject([{ quantity: 1, stockProblem: "outOfStock" }]);
    expect(blocked).toHaveLength(1);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.productId, product.id))).toHaveLength(1);
  });

  it("has nothing to merge without a cart, with an empty one or with a malformed token", async () => {
    const owner = await userOwner();
    expect(await cart().mergeGuestCart(undefined, owner.userId)).toBeNull();
    expect(await cart().mergeGuestCart("x", owner.userId)).toBeNull();
    const product = await createTestProduct(t.db);
    const token = await guestWith([{ productId: product.id, quantity: 1 }]);
    const [line] = (await cart().list({ kind: "guest", token })).lines;
    await cart().remove({ kind: "guest", token, network: NETWORK }, line?.id ?? "");
    expect(await cart().mergeGuestCart(token, owner.userId)).toBeNull();
  });
});

describe("abuse limits", () => {
  /** A limiter that records what is counted, and refuses `refuse` keys (as a limit that is reached would). */
  function recording(refuse: (key: string) => boolean = () => false) {
    const keys: string[] = [];
    const limiter = {
      async consume(key: string) {
        keys.push(key);
        if (refuse(key)) throw new AppError("TOO_MANY_REQUESTS", "Too many.", { retryAfter: 60 });
      },
    };
    return { keys, cart: createCartService({ db: t.db, limiter }) };
  }

  it("counts a new guest cart per network, a change to one per network, a shopper's change per account", async () => {
    const { keys, cart: counted } = recording();
    const owner = await userOwner();
    const product = await createTestProduct(t.db, { countInStock: 9 });
    const first = await counted.add(
      { kind: "guest", token: undefined, network: NETWORK },
      { productId: product.id, quantity: 1 },
    );
    const visitor = { kind: "guest", token: first.guestToken, network: NETWORK } as const;
    await counted.add(visitor, { productId: product.id, quantity: 1 });
    await counted.updateQuantity(visitor, first.line.id, 3);
    await counted.remove(visitor, first.line.id);
    const mine = await counted.add(owner, { productId: product.id, quantity: 1 });
    await counted.updateQuantity(owner, mine.line.id, 2);
    await counted.remove(owner, mine.line.id);
    // A token of the right form whose cart does not exist (made up, or pruned) starts a cart: counted as one.
    await counted.add({ kind: "guest", token: newGuestToken(), network: NETWORK }, { productId: product.id, quantity: 1 });
    const account = `cart:account:${owner.userId}`;
    expect(keys).toEqual([
      `guest-cart:ip:${NETWORK}`,
      ...Array(3).fill(`cart:ip:${NETWORK}`),
      ...Array(3).fill(account),
      `guest-cart:ip:${NETWORK}`,
    ]);
  });

  it("writes nothing once refused: no cart, no line, no new quantity", async () => {
    const product = await createTestProduct(t.db, { countInStock: 9 });
    const token = await guestWith([{ productId: product.id, quantity: 1 }]);
    const visitor = { kind: "guest", token, network: NETWORK } as const;
    const [line] = (await cart().list(visitor)).lines;
    const { cart: refusing } = recording(() => true);
    const cartsBefore = await t.db.select({ id: carts.id }).from(carts);
    await expect(
      refusing.add({ kind: "guest", token: undefined, network: NETWORK }, { productId: product.id, quantity: 1 }),
    ).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    await expect(refusing.add(visitor, { productId: product.id, quantity: 1 })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
    await expect(refusing.updateQuantity(visitor, line?.id ?? "", 5)).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    await expect(refusing.remove(visitor, line?.id ?? "")).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect(await t.db.select({ id: carts.id }).from(carts)).toHaveLength(cartsBefore.length);
    expect((await cart().list(visitor)).lines).toMatchObject([{ id: line?.id, quantity: 1 }]);
  });

  it("refuses a visitor's change that does not say from which network, rather than leave it unlimited", async () => {
    const product = await createTestProduct(t.db);
    await expect(cart().add({ kind: "guest", token: undefined }, { productId: product.id, quantity: 1 })).rejects.toThrow(
      /network/,
    );
  });
});
