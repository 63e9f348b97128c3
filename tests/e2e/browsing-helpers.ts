import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { type ApiCategory, apiCategories } from "./support/shop-api.ts";

/** A product as the catalogue API returns it (prices in rupees, `images` as stored file names, spec §3). */
export interface ApiProduct {
  id: string;
  name: string;
  images: string[];
  imageUrls: string[];
  price: number;
  rating: number;
  countInStock: number;
  catId: string;
  subCatId: string | null;
  productRam: string[];
  size: string[];
  productWeight: string[];
}

export async function allProducts(request: APIRequestContext): Promise<ApiProduct[]> {
  const products: ApiProduct[] = [];
  for (let page = 1; ; page++) {
    const body = await (await request.get(`/api/products/getProducts?page=${page}&perPage=100`)).json();
    products.push(...body.products);
    if (page >= body.totalPages) return products;
  }
}

export async function firstCategory(request: APIRequestContext): Promise<ApiCategory> {
  const [category] = await apiCategories(request);
  if (!category) throw new Error("the demo catalogue has categories");
  return category;
}

/** Products of a sub-category, newest first (the listing's order). */
export async function subCategoryProducts(request: APIRequestContext, subCatId: string): Promise<ApiProduct[]> {
  const body = await (await request.get(`/api/products/subCatId?subCatId=${subCatId}&perPage=100`)).json();
  return body.products;
}

export const rupees = (amount: number) => `Rs ${new Intl.NumberFormat("en-IN").format(amount)}`;
/** The file name of an image as the API gives it (a stored name; older answers gave absolute URLs). */
export const fileName = (url: string) => url.split("/").pop() ?? url;

/** Reads "Rs 1,299" as 1299. */
export function parseRupees(text: string): number {
  return Number(text.replace(/[^0-9.]/g, ""));
}

/** Axe on the page's own content (the layout's header and footer have their own tests), or on `selector`. */
export async function expectNoSeriousAxeViolations(page: Page, selector = "#main-content") {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** The results grid of a listing or search page. */
export const productCards = (page: Page) => page.getByRole("region", { name: "Products", exact: true }).getByRole("article");

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 992;
