import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { truncate } from "../../src/shared/text.ts";
import { type ApiProduct, allProducts, expectNoSeriousAxeViolations } from "./browsing-helpers.ts";
import { createVerifiedAccount } from "./support/shop-api.ts";

// The cart in the browser (decision 013): a visitor's guest cart, merged into the account's at sign-in; quantities
// and Remove through fetchers with a busy state, the header following without a reload; and the same without scripts.
const PASSWORD = "correct horse battery";

let products: ApiProduct[] = [];
test.beforeAll(async ({ request }) => {
  products = (await allProducts(request)).filter((p) => p.countInStock >= 5);
  if (products.length < 3) throw new Error("the demo catalogue has products in stock");
});

const cartTitle = (product: ApiProduct) => truncate(product.name, 30);
const headerCart = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Cart\b/ });
const cartRows = (page: Page) =>
  page
    .getByRole("region", { name: "Cart lines" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader") });

/** A verified account made through the API (code read from the test mail server), signed in through the page later. */
const createAccount = (request: APIRequestContext) => createVerifiedAccount(request, { prefix: "cart", password: PASSWORD });

/** On the product page: the first choice of each option list the product has. */
async function chooseOptions(page: Page, product: ApiProduct) {
  for (const [values, label] of [
    [product.productRam, "RAM:"],
    [product.size, "Size:"],
    [product.productWeight, "Weight:"],
  ] as const) {
    const value = values[0];
    if (value) await page.getByRole("radiogroup", { name: label }).getByRole("radio", { name: value, exact: true }).check();
  }
}

/** On the product page: the first choice of each option list, `quantity` by the plus button, then Add to cart. */
async function addToCart(page: Page, product: ApiProduct, quantity = 1) {
  await page.goto(`/product/${product.id}`);
  await chooseOptions(page, product);
  for (let i = 1; i < quantity; i++) await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Item is added in the cart", { exact: true })).toBeVisible();
}

test("a visitor's cart joins the account's at sign-in; quantities change, lines go, the cart empties", async ({
  page,
  request,
}) => {
  // Two product pages, a sign-in and a dozen cart updates: up to a minute when two browsers share 2 cores.
  test.slow();
  const [first, second, third] = products as [ApiProduct, ApiProduct, ApiProduct];
  const email = await createAccount(request);

  // The account already holds one of the products (added on another device, through the API).
  const signedIn = await request.post("/api/user/signin", { data: { email, password: PASSWORD } });
  const token = (await signedIn.json()).token as string;
  const added = await request.post("/api/cart/add", {
    data: { productId: first.id, quantity: 1, ...options(first) },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(added.status()).toBe(201);

  // As a visitor: two products, the header counting them without a reload.
  await addToCart(page, first, 2);
  await expect(headerCart(page)).toHaveAccessibleName(/\b1 item$/);
  await addToCart(page, second);
  await expect(headerCart(page)).toHaveAccessibleName(/\b2 items$/);
  await page.goto("/cart");
  await expect(cartRows(page)).toHaveCount(2);
  await expect(page.getByText("Please login first to check out.")).toBeVisible();

  // Sign in: one cart, with one notice of what changed.
  await page.goto("/signIn?redirectTo=%2Fcart");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(
    page.getByText(/2 products from before you signed in moved to your cart, 1 added to what was already there\./),
  ).toBeVisible();
  await expect(cartRows(page)).toHaveCount(2);
  await expect(page.getByRole("status", { name: `Quantity of ${cartTitle(first)}` })).toHaveText("3");
  await expect(headerCart(page)).toHaveAccessibleName(/\b2 items$/);
  await expectNoSeriousAxeViolations(page);

  // A third product, then a quantity change: busy while it is under way, the header following.
  await addToCart(page, third);
  await expect(headerCart(page)).toHaveAccessibleName(/\b3 items$/);
  await page.goto("/cart");
  const quantity = page.getByRole("status", { name: `Quantity of ${cartTitle(second)}` });
  await expect(quantity).toHaveText("1");
  await page.getByRole("button", { name: `Increase quantity of ${cartTitle(second)}` }).click();
  await expect(quantity).toHaveText("2");
  await expect(page.getByTestId("cart-busy")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout");

  // Remove lines until the cart is empty.
  for (const [product, left] of [
    [first, 2],
    [second, 1],
    [third, 0],
  ] as const) {
    await page.getByRole("button", { name: `Remove ${cartTitle(product)}` }).click();
    await expect(page.getByText("item removed from cart!", { exact: true }).first()).toBeVisible();
    await expect(headerCart(page)).toHaveAccessibleName(new RegExp(`\\b${left} items?$`));
  }
  await expect(page.getByText("Your Cart is currently empty")).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue Shopping" }).first()).toHaveAttribute("href", "/");
  await expectNoSeriousAxeViolations(page);
});

test("plus on a cart line refuses to pass the stock", async ({ page }) => {
  const product = products.find((p) => p.countInStock <= 10) ?? (products[0] as ApiProduct);
  await addToCart(page, product, product.countInStock);
  await page.goto("/cart");
  await page.getByRole("button", { name: `Increase quantity of ${cartTitle(product)}` }).click();
  await expect(page.getByText("The quantity is greater than product count in stock", { exact: true })).toBeVisible();
  await expect(page.getByRole("status", { name: `Quantity of ${cartTitle(product)}` })).toHaveText(String(product.countInStock));
});

test("the cart is busy for exactly as long as a change takes, not a fixed second", async ({ page }) => {
  const product = products[2] as ApiProduct;
  await addToCart(page, product);
  await page.goto("/cart");
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/cart\.data/, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  const busy = page.getByTestId("cart-busy");
  await page.getByRole("button", { name: `Increase quantity of ${cartTitle(product)}` }).click();
  await expect(busy).toBeVisible();
  await expect(page.getByRole("main")).toHaveAttribute("aria-busy", "true");
  await page.waitForTimeout(1500);
  await expect(busy).toBeVisible();
  release();
  await expect(busy).toHaveCount(0);
  await expect(page.getByRole("status", { name: `Quantity of ${cartTitle(product)}` })).toHaveText("2");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Add to cart posts the form and the cart page answers; its quantity and Remove forms work too", async ({ page }) => {
    const product = products[1] as ApiProduct;
    await page.goto(`/product/${product.id}`);
    await chooseOptions(page, product);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("status").filter({ hasText: "Item is added in the cart" })).toBeVisible();
    await expect(cartRows(page)).toHaveCount(1);
    await expect(headerCart(page)).toHaveAccessibleName(/\b1 item$/);

    await page.getByRole("button", { name: `Increase quantity of ${cartTitle(product)}` }).click();
    await expect(page.getByRole("status", { name: `Quantity of ${cartTitle(product)}` })).toHaveText("2");
    await page.getByRole("button", { name: `Remove ${cartTitle(product)}` }).click();
    await expect(page.getByText("Your Cart is currently empty")).toBeVisible();
    // (Axe needs scripts: the JavaScript test above checks /cart with lines and empty.)
  });
});

/** The first choice of each of the product's option lists, as the API's add takes them. */
function options(product: ApiProduct) {
  return { productRam: product.productRam[0], size: product.size[0], productWeight: product.productWeight[0] };
}
