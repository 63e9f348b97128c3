import { expect, type Page, test } from "@playwright/test";
import { type ApiProduct, allProducts, expectNoSeriousAxeViolations, rupees } from "./browsing-helpers.ts";

let products: ApiProduct[] = [];
test.beforeAll(async ({ request }) => {
  products = await allProducts(request);
});

function pick(predicate: (product: ApiProduct) => boolean): ApiProduct {
  const product = products.find(predicate);
  if (!product) throw new Error("the demo catalogue has such a product");
  return product;
}

const toast = (page: Page, message: string) => page.getByText(message, { exact: true });

test("the product page shows the product with its prices, stock, description and tabs", async ({ page }) => {
  const product = pick((p) => p.countInStock > 0);
  const response = await page.goto(`/product/${product.id}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`${product.name} | Storefront`);
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  // The first match is the product's own price; related product cards may share it.
  await expect(page.getByText(`Price ${rupees(product.price)}`).first()).toBeVisible();
  await expect(page.getByText("IN STOCK", { exact: true })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Description" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Additional info" }).click();
  await expect(page.getByRole("rowheader", { name: "Frame" })).toBeVisible();
});

test("Add to cart flags unchosen options first, then adds to a visitor's cart (decision 013)", async ({ page }) => {
  const product = pick((p) => p.size.length > 0 && p.countInStock > 0);
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole("radiogroup", { name: "RAM:" })).toHaveCount(product.productRam.length > 0 ? 1 : 0);
  const sizes = page.getByRole("radiogroup", { name: "Size:" });
  await expect(sizes.getByRole("radio")).toHaveCount(product.size.length);

  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(sizes).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Please select a size")).toBeVisible();
  await expect(toast(page, "Please login first")).toHaveCount(0);

  await sizes.getByRole("radio", { name: product.size[0] }).click();
  await expect(page.getByText("Please select a size")).toHaveCount(0);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(toast(page, "Item is added in the cart")).toBeVisible();
  await expect(toast(page, "Please login first")).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: /^Cart\b/ })).toHaveAccessibleName(/\b1 item$/);
});

test("quantity stays at least 1 and refuses to pass the stock", async ({ page }) => {
  const product = pick((p) => p.countInStock > 0 && p.countInStock <= 3);
  await page.goto(`/product/${product.id}`);
  const quantity = page.getByRole("status", { name: "Quantity" });
  await expect(quantity).toHaveText("1");
  await expect(page.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
  for (let i = 1; i < product.countInStock; i++) await page.getByRole("button", { name: "Increase quantity" }).click();
  await expect(quantity).toHaveText(String(product.countInStock));
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await expect(toast(page, "The quantity is greater than product count in stock")).toBeVisible();
  await expect(quantity).toHaveText(String(product.countInStock));
});

test("the wishlist heart has its tooltip and asks a visitor to log in", async ({ page }) => {
  const product = pick((p) => p.countInStock > 0);
  await page.goto(`/product/${product.id}`);
  const heart = page.getByRole("button", { name: "Add to Wishlist" });
  await heart.hover();
  await expect(page.getByRole("tooltip", { name: "Add to Wishlist" })).toBeVisible();
  await heart.click();
  await expect(toast(page, "Please Login to continue")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to Compare" })).toBeDisabled();
});

test("the review count opens and scrolls to the Reviews tab, newest review first", async ({ page, request }) => {
  let product: ApiProduct | undefined;
  for (const candidate of products.slice(0, 30)) {
    const html = await (await request.get(`/product/${candidate.id}`)).text();
    if (/Reviews \((<!-- -->)?[2-9]/.test(html)) {
      product = candidate;
      break;
    }
  }
  if (!product) throw new Error("the demo catalogue has products with several reviews");
  await page.goto(`/product/${product.id}`);
  const count = page.getByRole("button", { name: /^\d+ Reviews?$/ });
  const total = Number((await count.textContent())?.split(" ")[0]);
  expect(total).toBeGreaterThan(1);
  await count.click();
  const tab = page.getByRole("tab", { name: `Reviews (${total})` });
  await expect(tab).toHaveAttribute("aria-selected", "true");
  await expect(tab).toBeInViewport();
  const reviews = page.getByRole("tabpanel").getByRole("listitem");
  await expect(reviews).toHaveCount(total);
  const dates = await reviews.locator("time").evaluateAll((times) => times.map((t) => t.getAttribute("datetime") ?? ""));
  expect(dates).toEqual([...dates].sort().reverse());
  expect(dates[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});

test("the review form asks for a review, then for a login", async ({ page }) => {
  const product = pick(() => true);
  await page.goto(`/product/${product.id}`);
  await page.getByRole("tab", { name: /^Reviews/ }).click();
  const form = page.getByRole("form", { name: "Add a review" });
  await expect(form.getByRole("radio", { name: "1 star" })).toBeChecked();
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(toast(page, "Please add a Review")).toBeVisible();
  await form.getByRole("textbox", { name: "Write a Review" }).fill("Lovely colour.");
  await form.getByRole("radio", { name: "4.5 stars" }).click();
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(toast(page, "Please Login first")).toBeVisible();
});

test("related products come from the same sub-category and leave the product out", async ({ page }) => {
  const product = pick((p) => p.subCatId !== null);
  const siblings = products.filter((p) => p.subCatId === product.subCatId && p.id !== product.id);
  await page.goto(`/product/${product.id}`);
  const related = page.getByRole("region", { name: "RELATED PRODUCTS" });
  await expect(related.getByRole("article").first()).toBeVisible();
  const hrefs = await related
    .getByRole("article")
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(hrefs).not.toContain(`/product/${product.id}`);
  const siblingIds = new Set(siblings.map((p) => p.id));
  for (const href of hrefs) expect(siblingIds.has(href?.replace("/product/", "") ?? "")).toBe(true);
});

test("a thumbnail click selects its picture", async ({ page }) => {
  const product = pick((p) => p.images.length > 2);
  await page.goto(`/product/${product.id}`);
  const second = page.getByRole("button", { name: `Show picture 2 of ${product.images.length}` });
  await expect(page.getByRole("button", { name: `Show picture 1 of ${product.images.length}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await second.click();
  await expect(second).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("img", { name: `${product.name}, picture 2 of ${product.images.length}` })).toBeVisible();
});

test("an unknown or malformed product id is a 404 page", async ({ page }) => {
  expect((await page.goto("/product/00000000-0000-4000-8000-000000000000"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  expect((await page.goto("/product/not-a-product"))?.status()).toBe(404);
});

test("the page carries JSON-LD for the product (INR offer) and its breadcrumb", async ({ page }) => {
  const inStock = pick((p) => p.countInStock > 0);
  await page.goto(`/product/${inStock.id}`);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const data = blocks.map((text) => JSON.parse(text));
  const product = data.find((d) => d["@type"] === "Product");
  expect(product).toMatchObject({
    name: inStock.name,
    sku: inStock.id,
    offers: { priceCurrency: "INR", price: inStock.price.toFixed(2), availability: "https://schema.org/InStock" },
  });
  expect(product.offers.url).toMatch(new RegExp(`^https?://.+/product/${inStock.id}$`));
  const breadcrumb = data.find((d) => d["@type"] === "BreadcrumbList");
  expect(breadcrumb.itemListElement.map((item: { name: string }) => item.name).at(-1)).toBe(inStock.name);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/product/${inStock.id}$`));

  const outOfStock = pick((p) => p.countInStock === 0);
  await page.goto(`/product/${outOfStock.id}`);
  await expect(page.getByText("OUT OF STOCK", { exact: true })).toBeVisible();
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(texts.map((t) => JSON.parse(t)).find((d) => d["@type"] === "Product").offers.availability).toBe(
    "https://schema.org/OutOfStock",
  );
});

test("the product page has no serious accessibility violations", async ({ page }) => {
  const product = pick((p) => p.size.length > 0 && p.countInStock > 0);
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole("region", { name: "RELATED PRODUCTS" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("quick view shows the product in a dialog with its real stock, and Escape gives focus back", async ({ page }) => {
  const product = pick((p) => p.countInStock === 0 && p.subCatId !== null);
  await page.goto(`/products/subCat/${product.subCatId}?perPage=60`);
  const opener = page
    .getByRole("region", { name: "Products", exact: true })
    .getByRole("button", { name: `Quick view: ${product.name}` });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: product.name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("OUT OF STOCK", { exact: true })).toBeVisible();
  await expect(dialog.getByText(`Price ${rupees(product.price)}`)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Add to cart" })).toBeDisabled();
  await expect(dialog.getByRole("link", { name: "View full details" })).toHaveAttribute("href", `/product/${product.id}`);
  await expectNoSeriousAxeViolations(page, "dialog[open]");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});
