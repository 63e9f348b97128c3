import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { allProducts, expectNoSeriousAxeViolations, firstCategory, productCards, rupees } from "./browsing-helpers.ts";
import { waitForHydration } from "./support/hydration.ts";

// My List in the browser: hearts on cards, the quick view and the product page, the /my-list page, its remove and
// Move to cart buttons. Each test signs in an account of its own (Google, through the e2e server's local issuer).
const harness = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

async function signIn(page: Page, label: string) {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const token = await fetch(`${harness}/google/token?email=${encodeURIComponent(email)}&name=List%20Shopper`);
  const { credential } = (await token.json()) as { credential: string };
  // page.request shares the page's cookies: the session cookie it gets signs the page in.
  const response = await page.request.post("/api/user/authWithGoogle", { data: { credential } });
  expect(response.status()).toBe(200);
}

/**
 * A toast with `message` is shown; it is then closed, so that the next one with the same words is a new one (not
 * under an open dialog, which makes the rest of the page inert).
 */
async function expectToast(page: Page, message: string, { close = true } = {}) {
  const toast = page.getByRole("region", { name: "Notifications" }).getByRole("listitem").filter({ hasText: message });
  await expect(toast).toBeVisible();
  if (!close) return;
  await toast.getByRole("button", { name: "Close" }).click();
  await expect(toast).toHaveCount(0);
}

test("heart a product on its card, find it in My List, remove it, reach the empty state", async ({ page, request }) => {
  // A sign-in, a listing, My List and a removal: up to a minute when two browsers share 2 cores.
  test.slow();
  await signIn(page, "hearts");
  const category = await firstCategory(request);
  await page.goto(`/products/category/${category.id}`);
  await waitForHydration(page);

  const card = productCards(page).first();
  const heart = card.getByRole("button", { name: /^Add .+ to My List$/ });
  const name = ((await heart.getAttribute("aria-label")) ?? "").replace(/^Add /, "").replace(/ to My List$/, "");
  await heart.click();
  await expectToast(page, "the product added in my list");
  // Filled, and a second press would take it off.
  await expect(card.getByRole("button", { name: `Remove ${name} from My List` })).toBeVisible();

  await page.goto("/my-list");
  await expect(page.getByRole("heading", { name: "My List", level: 1 })).toBeVisible();
  await expect(page.getByText(/There is 1 product in your My List/)).toBeVisible();
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name }) });
  await expect(row).toHaveCount(1);
  const product = (await allProducts(request)).find((p) => p.name === name);
  await expect(row.getByRole("cell").nth(1)).toHaveText(`Price ${rupees(product?.price ?? 0)}`);
  await expect(row.getByRole("img", { name: /Rated/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await waitForHydration(page);
  await row.getByRole("button", { name: `Remove ${name} from My List` }).click();
  await expectToast(page, "item removed from My List!");
  await expect(page.getByText("My List is currently empty")).toBeVisible();
  await expect(page.getByText(/There are 0 products in your My List/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/");
  await expectNoSeriousAxeViolations(page);

  // The card's heart is empty again.
  await page.goto(`/products/category/${category.id}`);
  await expect(
    productCards(page)
      .first()
      .getByRole("button", { name: `Add ${name} to My List` }),
  ).toBeVisible();
});

test("the product page's heart and the quick view's button add to the list; Move to cart adds to the cart", async ({
  page,
  request,
}) => {
  const product = (await allProducts(request)).find(
    (p) => p.countInStock > 0 && p.productRam.length + p.size.length + p.productWeight.length === 0,
  );
  if (!product) throw new Error("the demo catalogue has a product in stock without options");
  await signIn(page, "move");
  await page.goto(`/product/${product.id}`);
  await waitForHydration(page);

  const heart = page.getByRole("button", { name: "Add to Wishlist", exact: true });
  await heart.click();
  await expectToast(page, "the product added in my list");
  const saved = page.getByRole("button", { name: "Added to Wishlist", exact: true });
  await expect(saved).toHaveAttribute("aria-pressed", "true");
  await saved.hover();
  await expect(page.getByRole("tooltip", { name: "Added to Wishlist" })).toBeVisible();

  // A related product through its quick view: the card behind the dialog fills its heart too.
  const related = page.getByRole("region", { name: "RELATED PRODUCTS" }).getByRole("article").first();
  const quickView = related.getByRole("button", { name: /^Quick view: / });
  const relatedName = ((await quickView.getAttribute("aria-label")) ?? "").replace(/^Quick view: /, "");
  await quickView.click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "ADD TO WISHLIST", exact: true }).click();
  await expectToast(page, "the product added in my list", { close: false });
  await expect(dialog.getByRole("button", { name: "ADDED TO WISHLIST", exact: true })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Escape");
  await expect(related.getByRole("button", { name: `Remove ${relatedName} from My List` })).toBeVisible();

  await page.goto("/my-list");
  await expect(page.getByText(/There are 2 products in your My List/)).toBeVisible();
  await waitForHydration(page);
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: product.name }) });
  // The cart takes it, and says so.
  await row.getByRole("button", { name: /Move to cart/ }).click();
  await expectToast(page, "Item is added in the cart");
  await expect(row).toBeVisible();
});

test("a visitor's heart asks to log in, and /my-list sends a visitor to sign in and back", async ({ page, request }) => {
  const category = await firstCategory(request);
  await page.goto(`/products/category/${category.id}`);
  await waitForHydration(page);
  await productCards(page)
    .first()
    .getByRole("button", { name: /^Add .+ to My List$/ })
    .click();
  await expectToast(page, "Please Login to continue");
  await page.goto("/my-list");
  await expect(page).toHaveURL(/\/signIn\?redirectTo=%2Fmy-list$/);
});
