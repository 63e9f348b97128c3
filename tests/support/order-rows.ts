import { v7 as uuidv7 } from "uuid";
import type { DbExecutor } from "#db/client.ts";
import { orderItems, type orderStatuses, orders } from "#db/schema/orders.ts";

/**
 * An order of one product, written straight into the tables (no order is placed or paid through the shop before
 * checkout lands): for tests of what a paid order changes, such as a review's 'verified purchase' badge.
 */
export async function insertTestOrder(
  db: DbExecutor,
  { userId, productId, status }: { userId: string; productId: string; status: (typeof orderStatuses)[number] },
): Promise<string> {
  const id = uuidv7();
  await db.insert(orders).values({
    id,
    userId,
    name: "Test Shopper",
    phoneNumber: "9876543210",
    address: "1 Test Street",
    pincode: "560001",
    email: "shopper@example.com",
    billing: {
      fullName: "Test Shopper",
      country: "India",
      streetAddressLine1: "1 Test Street",
      streetAddressLine2: "Block B",
      city: "Bengaluru",
      state: "Karnataka",
      zipCode: "560001",
      phoneNumber: "9876543210",
      email: "shopper@example.com",
    },
    amountPaise: 49_900,
    status,
    paymentProvider: "test",
    providerOrderId: `order_${id}`,
    paymentId: status === "pending" ? null : `pay_${id}`,
    paidAt: status === "pending" ? null : new Date(),
  });
  await db.insert(orderItems).values({
    id: uuidv7(),
    orderId: id,
    productId,
    productTitle: "A product",
    quantity: 1,
    pricePaise: 49_900,
    subTotalPaise: 49_900,
  });
  return id;
}
