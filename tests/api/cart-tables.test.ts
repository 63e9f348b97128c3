import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { cartItems, carts } from "#db/schema/cart.ts";
import { createTestProduct, createTestUser } from "../support/builders.ts";
import { createTestServices, type TestServices } from "../support/test-services.ts";

// What the migrated schema itself guarantees about carts, on PGlite and on the PostgreSQL server alike.
let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(async () => {
  await t?.close();
});

const guestTokenHash = () => createHash("sha256").update(randomBytes(32)).digest("base64url");

/** The SQLSTATE a statement failed with (drizzle wraps the driver's error in `cause`). */
async function sqlState(statement: PromiseLike<unknown>): Promise<string | undefined> {
  try {
    await statement;
  } catch (error) {
    const { code, cause } = error as { code?: string; cause?: { code?: string } };
    return cause?.code ?? code;
  }
  return undefined;
}

const CHECK_VIOLATION = "23514";
const UNIQUE_VIOLATION = "23505";

describe("the carts tables", () => {
  it("holds an account's cart or a guest's, never one with no owner or two", async () => {
    const user = await createTestUser(t.db);
    await t.db.insert(carts).values({ id: uuidv7(), userId: user.id });
    await t.db.insert(carts).values({ id: uuidv7(), guestTokenHash: guestTokenHash() });
    expect(await sqlState(t.db.insert(carts).values({ id: uuidv7() }))).toBe(CHECK_VIOLATION);
    const other = await createTestUser(t.db);
    const bothOwners = t.db.insert(carts).values({ id: uuidv7(), userId: other.id, guestTokenHash: guestTokenHash() });
    expect(await sqlState(bothOwners)).toBe(CHECK_VIOLATION);
  });

  it("gives an account one cart and a guest token one cart", async () => {
    const user = await createTestUser(t.db);
    const token = guestTokenHash();
    await t.db.insert(carts).values([
      { id: uuidv7(), userId: user.id },
      { id: uuidv7(), guestTokenHash: token },
    ]);
    expect(await sqlState(t.db.insert(carts).values({ id: uuidv7(), userId: user.id }))).toBe(UNIQUE_VIOLATION);
    expect(await sqlState(t.db.insert(carts).values({ id: uuidv7(), guestTokenHash: token }))).toBe(UNIQUE_VIOLATION);
  });

  it("keeps one line per product and options in a cart, of at least one, and lets the lines go with their cart's account", async () => {
    const user = await createTestUser(t.db);
    const product = await createTestProduct(t.db, { size: ["S", "M"] });
    const cartId = uuidv7();
    await t.db.insert(carts).values({ id: cartId, userId: user.id });
    const line = { cartId, productId: product.id, quantity: 1, pricePaiseAtAdd: product.pricePaise, size: "S" };
    await t.db.insert(cartItems).values([
      { id: uuidv7(), ...line },
      { id: uuidv7(), ...line, size: "M" },
    ]);
    expect(await sqlState(t.db.insert(cartItems).values({ id: uuidv7(), ...line, quantity: 2 }))).toBe(UNIQUE_VIOLATION);
    const noQuantity = t.db.insert(cartItems).values({ id: uuidv7(), ...line, size: "L", quantity: 0 });
    expect(await sqlState(noQuantity)).toBe(CHECK_VIOLATION);

    await t.db.delete(users).where(eq(users.id, user.id));
    expect(await t.db.select().from(carts).where(eq(carts.id, cartId))).toEqual([]);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.cartId, cartId))).toEqual([]);
  });
});
