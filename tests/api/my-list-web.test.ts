import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wishlistItems } from "#db/schema/wishlist.ts";
import { wishlistMessages } from "#shared/messages.ts";
import { uniqueIp } from "../support/accounts.ts";
import { createTestProduct, createTestUser, type TestProduct } from "../support/builders.ts";
import { escapeHtml } from "../support/html.ts";
import { requestPage } from "../support/pages.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// My List and the hearts without JavaScript: every change is a plain form POST to /my-list (progressive enhancement),
// through the same service as the API.
let app: TestApp;
let product: TestProduct;
beforeAll(async () => {
  app = await createTestApp({ web: true });
  product = await createTestProduct(app.db, { pricePaise: 129_900, countInStock: 5 });
});
afterAll(async () => {
  await app?.close();
});

const PASSWORD = "correct horse battery";

/** A signed-in shopper's session cookie. */
async function shopper() {
  const user = await createTestUser(app.db, { password: PASSWORD });
  const session = await app.services.accounts.signIn({
    email: user.email,
    password: PASSWORD,
    ip: uniqueIp(),
    userAgent: "vitest",
  });
  return { id: user.id, sid: session.token };
}

const page = (method: "GET" | "POST", url: string, sid?: string, form?: Record<string, string>) =>
  requestPage(app, method, url, { sid, form });

const toggle = (sid: string | undefined, saved: "true" | "false", productId = product.id) =>
  page("POST", "/my-list", sid, { intent: "toggle", productId, saved });
const rowsOf = (userId: string) => app.db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId));

/** The heart's form on a page: a POST to /my-list with the product and the state shown. */
function heartForms(html: string, productId: string): string[] {
  return [...html.matchAll(/<form[^>]*action="\/my-list"[^>]*>[\s\S]*?<\/form>/g)]
    .map((match) => match[0])
    .filter((form) => form.includes(`name="productId" value="${productId}"`));
}

describe("/my-list", () => {
  it("sends a visitor to sign in and back", async () => {
    const response = await page("GET", "/my-list");
    expect(response.status).toBe(302);
    expect(response.location).toBe("/signIn?redirectTo=%2Fmy-list");
  });

  it("shows the empty state, privately", async () => {
    const me = await shopper();
    const response = await page("GET", "/my-list", me.sid);
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.html).toContain("My List is currently empty");
    expect(response.html).toContain("Continue Shopping");
    expect(response.html).toMatch(/There are <b[^>]*>0<\/b> products/);
  });

  it("adds with the heart's form, lists the product with its price, and removes it again", async () => {
    const me = await shopper();
    const added = await toggle(me.sid, "false");
    expect(added.status).toBe(200);
    expect(added.headers["cache-control"]).toBe("private, no-store");
    expect(added.html).toContain(wishlistMessages.added);
    expect(added.html).toContain(escapeHtml(product.name));
    expect(added.html).toContain("Rs 1,299");
    expect(added.html).toMatch(/There is <b[^>]*>1<\/b> product in/);
    // The same heart again (a double click, a stale page): still one row.
    await toggle(me.sid, "false");
    expect(await rowsOf(me.id)).toHaveLength(1);

    const list = await page("GET", "/my-list", me.sid);
    const moveToCart = /<form[^>]*action="\/cart"[^>]*>[\s\S]*?<\/form>/.exec(list.html)?.[0] ?? "";
    expect(moveToCart).toMatch(/method="post"/);
    expect(moveToCart).toContain('name="intent" value="add"');
    expect(moveToCart).toContain(`name="productId" value="${product.id}"`);
    expect(moveToCart).toContain('name="quantity" value="1"');
    expect(moveToCart).toContain("Move to cart");

    const [row] = await rowsOf(me.id);
    const removed = await page("POST", "/my-list", me.sid, { intent: "remove", id: row?.id ?? "" });
    expect(removed.status).toBe(200);
    expect(removed.html).toContain(wishlistMessages.removed);
    expect(removed.html).toContain("My List is currently empty");
    expect(await rowsOf(me.id)).toEqual([]);
  });

  it("takes the product off with the heart's second press", async () => {
    const me = await shopper();
    await toggle(me.sid, "false");
    const off = await toggle(me.sid, "true");
    expect(off.html).toContain(wishlistMessages.removed);
    expect(await rowsOf(me.id)).toEqual([]);
  });

  it("never removes another shopper's entry", async () => {
    const me = await shopper();
    const them = await shopper();
    await toggle(them.sid, "false");
    const [theirs] = await rowsOf(them.id);
    const refused = await page("POST", "/my-list", me.sid, { intent: "remove", id: theirs?.id ?? "" });
    expect(refused.status).toBe(404);
    expect(refused.html).toContain(wishlistMessages.notFound);
    expect(await rowsOf(them.id)).toHaveLength(1);
  });

  it("answers a bad form with its message", async () => {
    const me = await shopper();
    expect((await page("POST", "/my-list", me.sid, { intent: "nonsense" })).html).toContain(wishlistMessages.unknownIntent);
    const bad = await toggle(me.sid, "false", "not-an-id");
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("productId is not a valid id");
  });

  it("sends a visitor's heart to sign in, then back to the product", async () => {
    const response = await toggle(undefined, "false");
    expect([302, 303]).toContain(response.status);
    expect(response.location).toBe(`/signIn?redirectTo=${encodeURIComponent(`/product/${product.id}`)}`);
  });
});

describe("the hearts", () => {
  it("are forms posting to /my-list, filled on every page once the product is saved", async () => {
    const me = await shopper();
    const before = await page("GET", `/product/${product.id}`, me.sid);
    const [heart] = heartForms(before.html, product.id);
    expect(heart).toMatch(/method="post"/);
    expect(heart).toContain('name="intent" value="toggle"');
    expect(heart).toContain('name="saved" value="false"');
    expect(before.html).toContain("Add to Wishlist");
    // Forms cannot nest: the heart inside the cart form submits the heart's own form through its `form` attribute.
    const cartForm = /<form[^>]*action="\/cart"[^>]*>([\s\S]*?)<\/form>/.exec(before.html)?.[1] ?? "";
    expect(cartForm).not.toContain("<form");
    const heartId = /<form[^>]*id="([^"]+)"/.exec(heart ?? "")?.[1];
    expect(heartId).toBeTruthy();
    expect(cartForm).toContain(`form="${heartId}"`);

    await toggle(me.sid, "false");
    const after = await page("GET", `/product/${product.id}`, me.sid);
    expect(heartForms(after.html, product.id)[0]).toContain('name="saved" value="true"');
    expect(after.html).toContain("Added to Wishlist");
    expect(after.html).toMatch(/aria-pressed="true"/);

    // The product's card in its category's listing.
    const listing = await page("GET", `/products/category/${product.catId}`, me.sid);
    expect(heartForms(listing.html, product.id)[0]).toContain('name="saved" value="true"');
    expect(listing.html).toContain(`Remove ${escapeHtml(product.name)} from My List`);
  });

  it("are empty for a visitor", async () => {
    const listing = await page("GET", `/products/category/${product.catId}`);
    expect(heartForms(listing.html, product.id)[0]).toContain('name="saved" value="false"');
    expect(listing.html).toContain(`Add ${escapeHtml(product.name)} to My List`);
  });
});
