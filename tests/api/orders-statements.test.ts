import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailMessage } from "#domain/accounts/ports.ts";
import { createTestProduct, createTestUser } from "../support/builders.ts";
import { countingDb } from "../support/counting-db.ts";
import { billing, ordersServiceOn } from "../support/orders.ts";
import { createTestServices, type TestServices } from "../support/test-services.ts";

// What a completed order costs the database (issue "Checkout": at most 15 SQL statements per completed order),
// counted on the real database: checkout, the verified payment and its confirmation e-mail.
let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(async () => {
  await t?.close();
});

describe("a completed order", () => {
  it("costs at most 15 SQL statements for a one-product cart (begin and commit included), and one more per extra product", async () => {
    const counted = await countingDb(t.db);
    const mails: MailMessage[] = [];
    const { orders, cart, gateway } = ordersServiceOn(counted.db, {
      mailer: { send: async (message) => void mails.push(message) },
    });

    const complete = async (productCount: number) => {
      const user = await createTestUser(t.db);
      for (let i = 0; i < productCount; i++) {
        const product = await createTestProduct(t.db, { countInStock: 5 });
        await cart.add({ kind: "user", userId: user.id }, { productId: product.id, quantity: 1 });
      }
      counted.reset();
      const step = await orders.checkout(user.id, billing);
      const checkout = counted.statements.length;
      const paid = await orders.confirmPayment(user.id, gateway.pay(step.providerOrderId));
      await orders.settled();
      expect(paid.status).toBe("paid");
      return { checkout, total: counted.statements.length };
    };

    const one = await complete(1);
    expect(mails).toHaveLength(1);
    expect(one.total).toBeLessThanOrEqual(15);
    // Decision 021's count: 12 on PostgreSQL, whose transactions log `begin` and `commit` (2 each for checkout and
    // payment); PGlite's do not.
    expect(one.total).toBe(process.env.TEST_DB === "postgres" ? 12 : 8);
    const three = await complete(3);
    expect(three.total - one.total).toBeLessThanOrEqual(2);
    console.info(`statements: one product ${one.checkout} + ${one.total - one.checkout}; three products ${three.total}`);
  });
});
