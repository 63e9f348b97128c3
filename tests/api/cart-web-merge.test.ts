import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#db/schema/catalog.ts";
import { uniqueIp } from "../support/accounts.ts";
import { createTestProduct, createTestUser, type TestUser } from "../support/builders.ts";
import { escapeHtml } from "../support/html.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../support/test-app.ts";

// The guest cart meets the account at sign-in on the page (decision 013), and the cart page shows current prices and
// stock: a changed price says so, a line that cannot be had blocks checkout.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ web: true });
});
afterAll(async () => {
  await app?.close();
});

const PASSWORD = "correct horse battery";
type Jar = Record<string, string>;

async function page(method: "GET" | "POST", url: string, jar: Jar, form?: Record<string, string>) {
  const response = await app.server.inject({
    method,
    url,
    cookies: jar,
    remoteAddress: uniqueIp(),
    headers: {
      host: new URL(TEST_PUBLIC_URL).host,
      ...(form ? { origin: TEST_PUBLIC_URL, "content-type": "application/x-www-form-urlencoded" } : {}),
    },
    ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
  });
  for (const cookie of response.cookies) {
    if (cookie.maxAge === 0 || cookie.value === "") delete jar[cookie.name];
    else jar[cookie.name] = cookie.value;
  }
  return { status: response.statusCode, location: response.headers.location, html: response.body };
}

const addForm = (productId: string, quantity: string, size = "") => ({ intent: "add", productId, quantity, size });
const signIn = (jar: Jar, user: TestUser, redirectTo = "/cart") =>
  page("POST", "/signIn", jar, { intent: "sign-in", email: user.email, password: PASSWORD, redirectTo });

describe("signing in with a guest cart", () => {
  it("merges it into the account's cart on the next request, with one notice, and forgets the cookie", async () => {
    const user = await createTestUser(app.db, { password: PASSWORD });
    const shirt = await createTestProduct(app.db, { size: ["S", "M"], countInStock: 2 });
    const mug = await createTestProduct(app.db, { countInStock: 9 });
    await app.services.cart.add({ kind: "user", userId: user.id }, { productId: shirt.id, quantity: 1, size: "M" });

    const jar: Jar = {};
    expect((await page("POST", "/cart", jar, addForm(shirt.id, "2", "M"))).status).toBe(200);
    expect((await page("POST", "/cart", jar, addForm(mug.id, "3"))).status).toBe(200);
    expect(jar.guest_cart).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const signedIn = await signIn(jar, user);
    expect(signedIn).toMatchObject({ status: 303, location: "/cart" });
    const cart = await page("GET", "/cart", jar);
    expect(cart.status).toBe(200);
    // The sign-in's flash and the merge's notice, as one.
    expect(cart.html).toContain(
      "User authentication Successfully! 2 products from before you signed in moved to your cart, 1 added to what was already there. Limited to the stock:",
    );
    expect(jar.guest_cart).toBeUndefined();
    expect(jar.flash).toBeUndefined();
    expect(cart.html).toMatch(/There are <b[^>]*>2<\/b> products in your cart/);
    const lines = (await app.services.cart.list({ kind: "user", userId: user.id })).lines;
    expect(lines.map((line) => [line.productId, line.size, line.quantity])).toEqual([
      [shirt.id, "M", 2],
      [mug.id, "", 3],
    ]);

    // Once: the next page has the same cart and no notice.
    const later = await page("GET", "/cart", jar);
    expect(later.html).not.toContain("from before you signed in");
    expect(later.html).toMatch(/There are <b[^>]*>2<\/b> products in your cart/);
  });

  it("leaves the account's cart alone when the visitor's was empty, and follows the account to another device", async () => {
    const user = await createTestUser(app.db, { password: PASSWORD });
    const lamp = await createTestProduct(app.db);
    const laptop: Jar = {};
    await signIn(laptop, user);
    await page("POST", "/cart", laptop, addForm(lamp.id, "1"));
    expect(laptop.guest_cart).toBeUndefined();
    const phone: Jar = {};
    await signIn(phone, user);
    expect((await page("GET", "/cart", phone)).html).toContain(escapeHtml(lamp.name.slice(0, 30)));
  });
});

describe("the cart page", () => {
  it("cuts titles to 30 characters, says when a price changed, and blocks checkout naming the lines to change", async () => {
    const user = await createTestUser(app.db, { password: PASSWORD });
    const long = await createTestProduct(app.db, { name: "An exceptionally long product name for the cart", countInStock: 5 });
    const jar: Jar = {};
    await signIn(jar, user);
    await page("POST", "/cart", jar, addForm(long.id, "4"));
    let html = (await page("GET", "/cart", jar)).html;
    expect(html).toContain("An exceptionally long product ...");
    expect(html).toMatch(/<a[^>]*href="\/checkout"[^>]*>Checkout<\/a>/);
    expect(html).toContain("Estimate for");

    await app.db
      .update(products)
      .set({ pricePaise: long.pricePaise + 10_000 })
      .where(eq(products.id, long.id));
    await app.services.catalog.setStock(long.id, 2);
    html = (await page("GET", "/cart", jar)).html;
    expect(html).toMatch(/Price changed since added \(was Rs [\d,.]+\)/);
    expect(html).toContain("Only 2 left");
    expect(html).toContain("Change these lines before checking out: An exceptionally long product ...");
    expect(html).not.toContain('href="/checkout"');
    expect(html).toMatch(/<a role="link" aria-disabled="true"[^>]*>Checkout<\/a>/);
    expect(html).toMatch(/<button[^>]*value="2"[^>]*>Change to 2<\/button>/);
  });

  it("sends a visitor's Checkout to sign in first", async () => {
    const jar: Jar = {};
    await page("POST", "/cart", jar, addForm((await createTestProduct(app.db)).id, "1"));
    const html = (await page("GET", "/cart", jar)).html;
    expect(html).toContain("Please login first to check out.");
    expect(html).toContain('href="/signIn?redirectTo=%2Fcheckout"');
  });
});
