import { expect, type Page, test } from "@playwright/test";
import {
  expectNoSeriousAxeViolations,
  fileName,
  firstCategory,
  isMobile,
  parseRupees,
  productCards,
  subCategoryProducts,
} from "./browsing-helpers.ts";

test("a category listing shows its products newest first, ten per page, four per row", async ({ page, request }) => {
  const category = await firstCategory(request);
  const api = await (await request.get(`/api/products/catId?catId=${category.id}&perPage=10`)).json();
  const response = await page.goto(`/products/category/${category.id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: category.name })).toBeVisible();
  const cards = productCards(page);
  await expect(cards).toHaveCount(10);
  await expect(cards.first().getByRole("img", { name: api.products[0].name })).toBeVisible();
  await expect(page.getByRole("link", { name: "Four per row" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("button", { name: /Show: 10/ })).toBeVisible();
});

test("a product card cuts long names to 20 characters, shows its second picture on hover and drops the skeleton", async ({
  page,
  request,
}) => {
  const category = await firstCategory(request);
  const api = await (await request.get(`/api/products/catId?catId=${category.id}&perPage=10`)).json();
  const index = api.products.findIndex((p: { name: string; images: string[] }) => p.name.length > 20 && p.images.length > 1);
  expect(index).toBeGreaterThanOrEqual(0);
  const product = api.products[index];
  await page.goto(`/products/category/${category.id}`);
  const card = productCards(page).nth(index);
  await expect(card.getByRole("heading")).toHaveText(`${product.name.slice(0, 20)}...`);
  await expect(card.getByTestId("card-skeleton")).toHaveCount(0);

  await card.getByRole("img", { name: product.name }).hover();
  await expect(card.locator(`img[src$="${fileName(product.images[1])}"]`)).toBeVisible();
});

test("the per-page menu offers 10 to 60 and keeps its choice in the URL", async ({ page, request }) => {
  const category = await firstCategory(request);
  await page.goto(`/products/category/${category.id}`);
  await page.getByRole("button", { name: /Show: 10/ }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem")).toHaveText(["10", "20", "30", "40", "50", "60"]);
  await menu.getByRole("menuitem", { name: "20" }).click();
  await expect(page).toHaveURL(/perPage=20/);
  await expect(productCards(page)).toHaveCount(20);
});

test("the layout switch keeps one, three or four per row in the URL", async ({ page, request }) => {
  const category = await firstCategory(request);
  await page.goto(`/products/category/${category.id}`);
  await page.getByRole("link", { name: "Three per row" }).click();
  await expect(page).toHaveURL(/view=three/);
  await expect(page.getByRole("link", { name: "Three per row" })).toHaveAttribute("aria-current", "true");
  await page.getByRole("link", { name: "One per row" }).click();
  await expect(page).toHaveURL(/view=one/);
  await expect(productCards(page)).toHaveCount(10);
});

test("price and rating filters come from the URL and are rendered on the server", async ({ page, request }) => {
  const category = await firstCategory(request);
  await page.goto(`/products/category/${category.id}?minPrice=500&maxPrice=3000&rating=4`);
  const cards = productCards(page);
  await expect(cards.first()).toBeVisible();
  for (const price of await cards.locator("p > span.font-semibold").allTextContents()) {
    const amount = parseRupees(price);
    expect(amount).toBeGreaterThanOrEqual(500);
    expect(amount).toBeLessThanOrEqual(3000);
  }
  for (const label of await cards
    .getByRole("img", { name: /^Rated/ })
    .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")))) {
    expect(Number(/Rated ([\d.]+)/.exec(label ?? "")?.[1])).toBeGreaterThanOrEqual(4);
  }
  // The sidebar is hidden under 992 px (a panel there), so not by role.
  await expect(page.locator('input[type="range"][aria-label="Minimum price"]').first()).toHaveValue("500");
});

test("bad filter values fall back to defaults instead of failing", async ({ page, request }) => {
  const category = await firstCategory(request);
  const response = await page.goto(`/products/category/${category.id}?page=abc&perPage=9999&rating=9&view=huge`);
  expect(response?.status()).toBe(200);
  await expect(productCards(page)).toHaveCount(10);
});

// The sidebar is a panel on mobile: covered by the panel test.
test("the rating filter and the price slider put their choice in the URL", { tag: "@desktop" }, async ({ page, request }) => {
  const category = await firstCategory(request);
  await page.goto(`/products/category/${category.id}`);
  const filters = page.getByRole("complementary", { name: "Filters" });
  await filters.getByRole("link", { name: "4 stars and up" }).click();
  await expect(page).toHaveURL(/rating=4/);

  const minimum = filters.getByRole("slider", { name: "Minimum price" });
  await minimum.focus();
  await minimum.press("PageUp");
  await expect(page).toHaveURL(/minPrice=\d+/);
  await expect(page).toHaveURL(/rating=4/);

  // The maximum thumb is dragged by the pointer (the two inputs share one track).
  const maximum = filters.getByRole("slider", { name: "Maximum price" });
  // The sidebar re-renders as each filter lands in the URL, and a drag that starts while the slider is being replaced
  // is lost (seen once in the full suite on 2 busy cores): the drag is made again until the URL has the maximum. The
  // locator waits for the thumb that is there now (boundingBox() does not wait, and gave null once).
  await expect(async () => {
    const box = await maximum.evaluate((input) => {
      const { x, y, width, height } = input.getBoundingClientRect();
      return { x, y, width, height };
    });
    await page.mouse.move(box.x + box.width - 10, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(page).toHaveURL(/maxPrice=\d+/, { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  const maxPrice = Number(new URL(page.url()).searchParams.get("maxPrice"));
  expect(maxPrice).toBeGreaterThan(20_000);
  expect(maxPrice).toBeLessThan(40_000);
  await expect(page).toHaveURL(/minPrice=\d+/);
});

test("pages are links that keep the filters", async ({ page, request }) => {
  const category = await firstCategory(request);
  await page.goto(`/products/category/${category.id}?perPage=20`);
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await pagination.getByRole("link", { name: "Page 2" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/perPage=20/);
  await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await expect(pagination.getByRole("link", { name: "Previous page" })).toBeVisible();
});

test("choosing a sub-category radio opens its listing", async ({ page, request }) => {
  const category = await firstCategory(request);
  const sub = category.children[1] ?? category.children[0];
  if (!sub) throw new Error("the demo catalogue has sub-categories");
  const [newest] = await subCategoryProducts(request, sub.id);
  await page.goto(`/products/category/${category.id}`);
  let filters = page.getByRole("complementary", { name: "Filters" });
  if (isMobile(page)) {
    await ownFiltersButton(page).click();
    filters = page.getByRole("dialog", { name: "Filter Products" });
    await expect(filters).toBeVisible();
  }
  await filters.getByRole("radio", { name: sub.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/products/subCat/${sub.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: sub.name })).toBeVisible();
  await expect(productCards(page).first().getByRole("img", { name: newest?.name })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Filter Products" })).toHaveCount(0);
});

test("under 992 px the filters open as a closable 'Filter Products' panel", { tag: "@mobile" }, async ({ page, request }) => {
  const category = await firstCategory(request);
  await page.goto(`/products/category/${category.id}`);
  await expect(page.getByRole("complementary", { name: "Filters" })).toBeHidden();
  await ownFiltersButton(page).click();
  const panel = page.getByRole("dialog", { name: "Filter Products" });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("slider", { name: "Maximum price" })).toBeVisible();
  await panel.getByRole("button", { name: "Close filters" }).click();
  await expect(panel).toHaveCount(0);

  // The layout's bottom bar opens the same panel with an event.
  await page.evaluate(() => window.dispatchEvent(new CustomEvent("storefront:open-filters")));
  await expect(panel).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
});

test("an unknown or malformed category id is a 404 page", async ({ page }) => {
  expect((await page.goto("/products/category/00000000-0000-4000-8000-000000000000"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  expect((await page.goto("/products/subCat/not-an-id"))?.status()).toBe(404);
});

test("the listing page has no serious accessibility violations", async ({ page, request }) => {
  const category = await firstCategory(request);
  await page.goto(`/products/category/${category.id}`);
  await expect(productCards(page).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

/** The page's own Filters button (the layout's bottom bar has one too, which sends storefront:open-filters). */
function ownFiltersButton(page: Page) {
  return page.locator("#main-content").getByRole("button", { name: "Filters" });
}
