import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

test("the home page lists real products from the catalogue, with their images", async ({ page, request }) => {
  const api = await (await request.get("/api/products/getProducts?page=1&perPage=16")).json();
  const newest = api.products[0];

  await page.goto("/");
  await expect(page).toHaveTitle(/Storefront/);
  const products = page.getByRole("region", { name: "NEW PRODUCTS" }).getByRole("listitem");
  await expect(products).toHaveCount(16);
  const firstCard = products.first();
  await expect(firstCard.getByRole("link", { name: newest.name }).first()).toBeVisible();
  await expect(firstCard).toContainText(`Rs ${new Intl.NumberFormat("en-IN").format(newest.price)}`);

  const image = firstCard.getByRole("img", { name: newest.name });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await expect(page.getByRole("navigation", { name: "Categories" }).getByRole("link")).not.toHaveCount(0);
});

test("the home page has no serious accessibility violations", async ({ page }) => {
  await page.goto("/");
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test("an unknown page answers 404 with a way back to the shop", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/");
});
