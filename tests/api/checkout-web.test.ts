import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#db/schema/catalog.ts";
import { orders } from "#db/schema/orders.ts";
import { checkoutMessages } from "#shared/messages.ts";
import { createTestProduct } from "../support/builders.ts";
import { billing, ordersTestKit } from "../support/orders.ts";
import { requestPage } from "../support/pages.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// Checkout, the payment step and /orders without JavaScript: plain forms through the same service as the API.
let app: TestApp;
let kit: ReturnType<typeof ordersTestKit>;
beforeAll(async () => {
  app = await createTestApp({ web: true });
  kit = ordersTestKit(app);
});
afterAll(async () => {
  await app?.close();
});

const page = (method: "GET" | "POST", url: string, sid?: string, form?: Record<string, string>) =>
  requestPage(app, method, url, { sid, form });

describe("checkout pages", () => {
  it("send a visitor to sign in and back", async () => {
    expect((await page("GET", "/checkout")).location).toBe("/signIn?redirectTo=%2Fcheckout");
    expect((await page("GET", "/orders")).location).toBe("/signIn?redirectTo=%2Forders");
  });

  it("check the billing form in the spec's order and keep what was typed", async () => {
    const shopper = await kit.shopper();
    const product = await createTestProduct(app.db, { countInStock: 5 });
    await kit.addToCart(shopper.token, product.id, 1);
    const form = await page("GET", "/checkout", shopper.token);
    expect(form.status).toBe(200);
    expect(form.headers["cache-control"]).toBe("private, no-store");
    expect(form.html).toContain("BILLING DETAILS");
    expect(form.html).toContain('<option value="India">India</option>');

    const answer = await page("POST", "/checkout", shopper.token, { ...billing, state: "", zipCode: "" });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain(checkoutMessages.state);
    expect(answer.html).toContain('value="12 MG Road"');
    expect(answer.html).not.toContain(checkoutMessages.zipCode);
  });

  it("show the earlier order when its payment went through unreported and the shopper checks out again", async () => {
    const shopper = await kit.shopper();
    const product = await createTestProduct(app.db, { countInStock: 5 });
    await kit.addToCart(shopper.token, product.id, 1);
    const placed = await page("POST", "/checkout", shopper.token, billing);
    const orderId = placed.location?.split("/").pop() ?? "";
    const [row] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    kit.gateway.pay(row?.providerOrderId ?? "");

    const again = await page("POST", "/checkout", shopper.token, billing);
    expect(again).toMatchObject({ status: 302, location: `/checkout/done/${orderId}` });
    const [paid] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(paid?.status).toBe("paid");
  });

  it("place the order, pay with the labelled test payment and show it on /orders, all without scripts", async () => {
    const shopper = await kit.shopper();
    const product = await createTestProduct(app.db, { countInStock: 5 });
    await kit.addToCart(shopper.token, product.id, 2);
    const placed = await page("POST", "/checkout", shopper.token, billing);
    expect(placed.status).toBe(302);
    const payPath = placed.location ?? "";
    expect(payPath).toMatch(/^\/checkout\/pay\/[0-9a-f-]{36}$/);
    const orderId = payPath.split("/").pop() ?? "";

    const step = await page("GET", payPath, shopper.token);
    expect(step.html).toContain("Test payment");
    expect(step.html).toContain("no money moves");
    expect(step.headers["content-security-policy"]).not.toContain("razorpay");
    // Another shopper cannot see or pay it.
    const stranger = await kit.shopper();
    expect((await page("GET", payPath, stranger.token)).status).toBe(404);
    expect((await page("POST", payPath, stranger.token, { intent: "test-pay" })).status).toBe(404);

    const paid = await page("POST", payPath, shopper.token, { intent: "test-pay" });
    expect(paid.location).toBe(`/checkout/done/${orderId}`);
    expect((await app.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status).toBe("paid");
    expect((await app.db.select().from(products).where(eq(products.id, product.id)))[0]?.countInStock).toBe(3);
    const done = await page("GET", `/checkout/done/${orderId}`, shopper.token);
    expect(done.html).toContain(checkoutMessages.paid);

    const listed = await page("GET", `/orders?view=${orderId}`, shopper.token);
    expect(listed.headers["cache-control"]).toBe("private, no-store");
    expect(listed.html).toContain(orderId);
    expect(listed.html).toContain(product.id);
    expect((await page("GET", "/orders", stranger.token)).html).not.toContain(orderId);
  });

  it("a declined test payment fails the order and gives the stock back", async () => {
    const shopper = await kit.shopper();
    const product = await createTestProduct(app.db, { countInStock: 5 });
    await kit.addToCart(shopper.token, product.id, 2);
    const placed = await page("POST", "/checkout", shopper.token, billing);
    const declined = await page("POST", placed.location ?? "", shopper.token, { intent: "test-fail" });
    expect(declined.status).toBe(402);
    expect(declined.html).toContain(checkoutMessages.paymentFailed);
    expect((await app.db.select().from(products).where(eq(products.id, product.id)))[0]?.countInStock).toBe(5);
  });
});
