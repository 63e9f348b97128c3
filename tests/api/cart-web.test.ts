import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestProduct, type TestProduct } from "../support/builders.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../support/test-app.ts";

// The product page's Add to cart without JavaScript: a plain form POST to /cart, checked by the cart route's action.
// Until the cart service exists, a valid add is answered honestly with 501.
let app: TestApp;
let plain: TestProduct;
let sized: TestProduct;
beforeAll(async () => {
  app = await createTestApp({ web: true });
  plain = await createTestProduct(app.db, { countInStock: 5 });
  sized = await createTestProduct(app.db, { size: ["S", "M", "L"], countInStock: 5 });
});
afterAll(async () => {
  await app?.close();
});

async function postCart(form: Record<string, string>) {
  const response = await app.server.inject({
    method: "POST",
    url: "/cart",
    headers: {
      host: new URL(TEST_PUBLIC_URL).host,
      origin: TEST_PUBLIC_URL,
      "content-type": "application/x-www-form-urlencoded",
    },
    payload: new URLSearchParams(form).toString(),
  });
  return { status: response.statusCode, html: response.body };
}

const add = (product: TestProduct, fields: Record<string, string> = {}) =>
  postCart({ intent: "add", productId: product.id, quantity: "1", productRam: "", size: "", productWeight: "", ...fields });

describe("the product page's cart form", () => {
  it("is a real form posting to /cart with named fields, so it works before the scripts run", async () => {
    const html = (await app.server.inject({ method: "GET", url: `/product/${sized.id}` })).body;
    const form = /<form[^>]*action="\/cart"[^>]*>[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
    expect(form).toMatch(/method="post"/);
    expect(form).toContain('name="intent" value="add"');
    expect(form).toContain(`name="productId" value="${sized.id}"`);
    expect(form).toContain('name="quantity" value="1"');
    for (const size of ["S", "M", "L"]) expect(form).toMatch(new RegExp(`<input type="radio"[^>]* name="size" value="${size}"`));
    expect(form).toMatch(/<button type="submit"[^>]*>Add to cart<\/button>/);
  });
});

describe("POST /cart without JavaScript", () => {
  it("answers a bad quantity with 400 and the message on the cart page", async () => {
    for (const [quantity, message] of [
      ["0", "quantity must be at least 1"],
      ["two", "quantity must be a whole number"],
      ["1000", "quantity must be at most 999"],
    ]) {
      const response = await add(plain, { quantity: quantity as string });
      expect(response.status, quantity).toBe(400);
      expect(response.html).toContain(message);
      expect(response.html).toContain("Your Cart");
      expect(response.html).toContain(`href="/product/${plain.id}"`);
    }
  });

  it("refuses an unknown intent, a malformed product id and an unknown product", async () => {
    expect(await add(plain, { intent: "empty" })).toMatchObject({
      status: 400,
      html: expect.stringContaining("Unknown cart action"),
    });
    expect(await add(plain, { productId: "42" })).toMatchObject({
      status: 400,
      html: expect.stringContaining("productId is not a valid id"),
    });
    expect(await add(plain, { productId: "00000000-0000-4000-8000-000000000000" })).toMatchObject({
      status: 404,
      html: expect.stringContaining("Product not found"),
    });
  });

  it("asks for a missing option with the words the page uses (spec §4)", async () => {
    expect(await add(sized)).toMatchObject({ status: 400, html: expect.stringContaining("Please select a size") });
    expect(await add(sized, { size: "XXL" })).toMatchObject({
      status: 400,
      html: expect.stringContaining("Please select a size"),
    });
  });

  it("answers a valid add honestly: the cart is not available yet (501)", async () => {
    for (const response of [await add(plain, { quantity: "2" }), await add(sized, { size: "M" })]) {
      expect(response.status).toBe(501);
      expect(response.html).toContain("The cart is not available yet");
      expect(response.html).toContain("Your Cart is currently empty");
    }
  });
});

describe("GET /cart", () => {
  it("shows the empty cart with a way back to the shop", async () => {
    const response = await app.server.inject({ method: "GET", url: "/cart" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<title>Your Cart | Storefront</title>");
    expect(response.body).toMatch(/<h1[^>]*>Your Cart<\/h1>/);
    expect(response.body).toContain("Your Cart is currently empty");
    expect(response.body).toMatch(/<a[^>]*href="\/"[^>]*>Continue Shopping<\/a>/);
  });
});
