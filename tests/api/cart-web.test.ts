import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestProduct, type TestProduct } from "../support/builders.ts";
import { escapeHtml } from "../support/html.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../support/test-app.ts";

// The cart without JavaScript: the product page's Add to cart and the cart page's quantity and Remove forms are plain
// form POSTs to /cart, checked by the cart route's action; a visitor's cart is the guest cart of their cookie.
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

async function postCart(form: Record<string, string>, jar: Record<string, string> = {}) {
  const response = await app.server.inject({
    method: "POST",
    url: "/cart",
    cookies: jar,
    headers: {
      host: new URL(TEST_PUBLIC_URL).host,
      origin: TEST_PUBLIC_URL,
      "content-type": "application/x-www-form-urlencoded",
    },
    payload: new URLSearchParams(form).toString(),
  });
  for (const cookie of response.cookies) jar[cookie.name] = cookie.value;
  const setCookie = response.headers["set-cookie"] ?? [];
  return {
    status: response.statusCode,
    html: response.body,
    setCookies: Array.isArray(setCookie) ? setCookie : [setCookie],
  };
}

async function getCart(jar: Record<string, string>) {
  const response = await app.server.inject({ method: "GET", url: "/cart", cookies: jar });
  return { status: response.statusCode, html: response.body, headers: response.headers };
}

const add = (product: TestProduct, fields: Record<string, string> = {}, jar: Record<string, string> = {}) =>
  postCart({ intent: "add", productId: product.id, quantity: "1", productRam: "", size: "", productWeight: "", ...fields }, jar);

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

  it("adds to a visitor's guest cart, kept on the server against an HttpOnly cookie, and shows the cart", async () => {
    const response = await add(plain, { quantity: "2" });
    expect(response.status).toBe(200);
    expect(response.html).toContain("Item is added in the cart");
    expect(response.html).toContain(escapeHtml(plain.name.slice(0, 30)));
    const cookie = response.setCookies.find((value) => value.startsWith("guest_cart="));
    expect(cookie).toMatch(/^guest_cart=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/);
    const jar = { guest_cart: /^guest_cart=([^;]+)/.exec(cookie ?? "")?.[1] ?? "" };

    const again = await add(sized, { size: "M" }, jar);
    expect(again.status).toBe(200);
    const cart = await getCart(jar);
    expect(cart.headers["cache-control"]).toBe("private, no-store");
    expect(cart.html).toMatch(/There are <b[^>]*>2<\/b> products in your cart/);
    expect(cart.html).toContain("Size: M");
    expect(cart.html).toMatch(/aria-label="Cart [^"]*2 items"|>2<span class="sr-only"> <!-- -->items</);
    // Another visitor (no cookie) sees an empty cart.
    expect((await getCart({})).html).toContain("Your Cart is currently empty");
  });
});

describe("the cart page's forms without JavaScript", () => {
  it("change a quantity within the stock, refuse one above it, and remove a line", async () => {
    const jar: Record<string, string> = {};
    await add(plain, { quantity: "1" }, jar);
    const [line] = await app.services.cart.list({ kind: "guest", token: jar.guest_cart }).then((cart) => cart.lines);
    const lineId = line?.id ?? "";
    expect((await postCart({ intent: "update", lineId, quantity: "3" }, jar)).status).toBe(200);
    const tooMany = await postCart({ intent: "update", lineId, quantity: "6" }, jar);
    expect(tooMany.status).toBe(409);
    expect(tooMany.html).toContain("The quantity is greater than product count in stock");
    expect(await postCart({ intent: "update", lineId, quantity: "0" }, jar)).toMatchObject({
      status: 400,
      html: expect.stringContaining("quantity must be at least 1"),
    });
    expect((await getCart(jar)).html).toMatch(/aria-label="Quantity of [^"]*"[^>]*>3<\/output>/);

    // Someone else's line: not found, and it stays.
    const stranger = await postCart({ intent: "remove", lineId }, {});
    expect(stranger).toMatchObject({ status: 404, html: expect.stringContaining("Cart item not found") });
    const removed = await postCart({ intent: "remove", lineId }, jar);
    expect(removed).toMatchObject({ status: 200, html: expect.stringContaining("item removed from cart!") });
    expect(removed.html).toContain("Your Cart is currently empty");
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
