import { expect, test } from "@playwright/test";
import { apiCategories, apiProducts } from "./support/shop-api.ts";

test("the home page has its title, description, canonical URL and Open Graph tags", async ({ page, baseURL }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Fresh products, daily mega discounts | Storefront");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /free delivery on orders over \$70/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}/`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Storefront/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", new RegExp(`^${baseURL}/download/`));
});

test("the location page has its own title and canonical URL", async ({ page, baseURL }) => {
  await page.goto("/location");
  await expect(page).toHaveTitle("Choose your Delivery Location | Storefront");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/location`);
});

test("sitemap.xml lists the home page, categories, sub-categories and products", async ({ request, baseURL }) => {
  const [categories, products] = await Promise.all([
    apiCategories(request),
    apiProducts(request, "/api/products/getProducts?page=1&perPage=100"),
  ]);
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  expect(response.headers()["cache-control"]).toBe("public, max-age=3600");
  const xml = await response.text();
  expect(xml).toContain(`<loc>${baseURL}/</loc>`);
  const category = categories[0];
  expect(xml).toContain(`<loc>${baseURL}/products/category/${category?.id}</loc>`);
  expect(xml).toContain(`<loc>${baseURL}/products/subCat/${category?.children[0]?.id}</loc>`);
  for (const product of products) expect(xml).toContain(`<loc>${baseURL}/product/${product.id}</loc>`);
});

test("robots.txt allows the shop, keeps crawlers out of the API and account pages, and names the sitemap", async ({
  request,
  baseURL,
}) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const text = await response.text();
  expect(text).toContain("User-agent: *\nAllow: /\n");
  for (const path of ["/api/", "/my-account", "/cart", "/checkout", "/orders", "/my-list"]) {
    expect(text).toContain(`Disallow: ${path}\n`);
  }
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
