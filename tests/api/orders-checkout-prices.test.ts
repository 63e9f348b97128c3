import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#db/schema/catalog.ts";
import { orders } from "#db/schema/orders.ts";
import { createTestGateway } from "#integrations/payments/test-gateway.ts";
import { checkoutMessages } from "#shared/messages.ts";
import { createTestProduct, createTestUser } from "../support/builders.ts";
import { billing, ordersServiceOn } from "../support/orders.ts";
import { createTestServices, type TestServices } from "../support/test-services.ts";

// Checkout creates the provider's order for the cart's amount before it takes the stock (decision 021). A price that
// changes in between must stop checkout, not place an order the provider would charge differently.
let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(async () => {
  await t?.close();
});

describe("a price that changes during checkout", () => {
  it("stops checkout with a 409, holds no stock and places no order", async () => {
    const gateway = createTestGateway({ keyId: "rzp_test_x", keySecret: "key secret", webhookSecret: "webhook secret" });
    const user = await createTestUser(t.db);
    const product = await createTestProduct(t.db, { pricePaise: 10_000, countInStock: 5 });
    const created: number[] = [];
    const { orders: service, cart } = ordersServiceOn(t.db, {
      gateway: {
        ...gateway,
        // The shop owner changes the price while the provider creates its order: after the cart was read, before the
        // stock is taken.
        async createOrder(input) {
          created.push(input.amountPaise);
          await t.db.update(products).set({ pricePaise: 12_000 }).where(eq(products.id, product.id));
          return gateway.createOrder(input);
        },
      },
    });
    await cart.add({ kind: "user", userId: user.id }, { productId: product.id, quantity: 2 });

    await expect(service.checkout(user.id, billing)).rejects.toMatchObject({
      code: "CONFLICT",
      message: checkoutMessages.pricesChanged,
    });
    expect(created).toEqual([20_000]);
    const [row] = await t.db.select({ stock: products.countInStock }).from(products).where(eq(products.id, product.id));
    expect(row?.stock).toBe(5);
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);

    // Checking out again reads the new price and goes through.
    const step = await service.checkout(user.id, billing);
    expect(step.amountPaise).toBe(24_000);
    expect(created).toEqual([20_000, 24_000]);
  });
});
