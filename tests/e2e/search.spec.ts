import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousAxeViolations, isMobile, rupees } from "./browsing-helpers.ts";

/** A product as GET /api/search/suggest answers it (price in rupees). */
interface ApiSuggestion {
  id: string;
  name: string;
  price: number;
}

/**
 * The header's search box, reached as a shopper reaches it: on a phone (under 992 px) through the bottom bar's Search
 * button, which scrolls up and focuses it.
 */
async function openSearch(page: Page) {
  const box = page.getByRole("combobox", { name: "Search for products" });
  if (isMobile(page)) {
    await page.getByRole("navigation", { name: "Quick links" }).getByRole("button", { name: "Search" }).click();
    await expect(box).toBeFocused();
  } else {
    await box.click();
  }
  return box;
}

const suggestionList = (page: Page) => page.getByRole("listbox", { name: "Search suggestions" });
const searchStatus = (page: Page) => page.getByRole("search").getByRole("status");

test("typing suggests products with the typed text marked; ArrowDown and Enter open the first one", async ({ page, request }) => {
  // Many steps and an axe run over the open list.
  test.slow();
  const api: ApiSuggestion[] = await (await request.get("/api/search/suggest?q=lapt&limit=8")).json();
  expect(api.length).toBeGreaterThan(0);
  const [first] = api;
  expect(first?.name).toContain("Laptop");

  await page.goto("/");
  const box = await openSearch(page);
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await box.pressSequentially("lapt");
  const list = suggestionList(page);
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await expect(box).toHaveAttribute("aria-controls", (await list.getAttribute("id")) ?? "");
  const options = list.getByRole("option");
  // The products as the API answers them (names cut to 50 characters, prices in Rs), then "Search for “lapt”".
  await expect(options).toHaveCount(api.length + 1);
  for (const [index, product] of api.entries()) {
    const name = product.name.length > 50 ? `${product.name.slice(0, 50)}...` : product.name;
    await expect(options.nth(index)).toContainText(name);
    await expect(options.nth(index)).toContainText(rupees(product.price));
    await expect(options.nth(index)).toHaveAttribute("href", `/product/${product.id}`);
  }
  await expect(options.filter({ hasText: "Laptop" }).first()).toBeVisible();
  await expect(options.first().locator("mark")).toHaveText("Lapt");
  await expect(options.last()).toHaveAccessibleName("Search for “lapt”");
  await expect(searchStatus(page)).toHaveText(`${api.length} suggestion${api.length === 1 ? "" : "s"}`);
  await expectNoSeriousAxeViolations(page, '[role="search"]');

  await box.press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id")) ?? "");
  await expect(box).toBeFocused();
  // The arrows wrap: up from the first option is "Search for", down from there is the first again.
  await box.press("ArrowUp");
  await expect(options.last()).toHaveAttribute("aria-selected", "true");
  await box.press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/product/${first?.id}$`));
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveValue("");
  await expect(searchStatus(page)).toHaveText("");
});

test("a misspelled word still suggests what was meant, and “Search for” searches the text as typed", async ({ page }) => {
  await page.goto("/");
  const box = await openSearch(page);
  await box.pressSequentially("lapotp");
  const options = suggestionList(page).getByRole("option");
  await expect(options.filter({ hasText: /laptop/i }).first()).toBeVisible();
  await options.filter({ hasText: "Search for “lapotp”" }).click();
  await expect(page).toHaveURL(/\/search\?q=lapotp$/);
  await expect(suggestionList(page)).toBeHidden();
  await expect(box).toHaveValue("lapotp");

  // The results are for the correction, and the page says so.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Results for\W*laptop\W*$/);
  await expect(page.getByText(/^Nothing matches\W*lapotp\W*Did you mean laptop\?$/)).toBeVisible();
  const results = page.getByRole("region", { name: "Products" });
  await expect(results.getByRole("link", { name: /laptop/i }).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Narrow with a facet: the rating link's count is the number of results it leads to.
  if (isMobile(page)) await page.getByRole("main").getByRole("button", { name: "Filters" }).click();
  const filters = isMobile(page)
    ? page.getByRole("dialog", { name: "Filter Products" })
    : page.getByRole("complementary", { name: "Filters" });
  const facet = filters.getByRole("link", { name: /^\d stars? and up, [1-9]\d* products$/ }).last();
  const label = (await facet.getAttribute("aria-label")) ?? "";
  const [, stars, count] = /^(\d) stars? and up, (\d+) products$/.exec(label) ?? [];
  await facet.click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=lapotp&rating=${stars}$`));
  await expect(results.getByText(new RegExp(`^${count} products?$`))).toBeVisible();
});

test("Escape closes the suggestions and a second one clears the text; a press outside closes them too", async ({ page }) => {
  await page.goto("/");
  const box = await openSearch(page);
  const list = suggestionList(page);
  await box.pressSequentially("shirt");
  await expect(list).toBeVisible();
  await box.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveValue("shirt");
  // ArrowDown opens them again, on the first option.
  await box.press("ArrowDown");
  await expect(list).toBeVisible();
  await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await box.press("Escape");
  await box.press("Escape");
  await expect(box).toHaveValue("");

  await box.pressSequentially("shirt");
  await expect(list).toBeVisible();
  await page
    .getByRole("banner")
    .getByText(/your orders may be delayed/)
    .click();
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(page).toHaveURL(/\/$/);
});

test("blank text asks for no suggestions", async ({ page }) => {
  await page.goto("/");
  const box = await openSearch(page);
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/search/suggest")) asked.push(request.url());
  });
  await box.pressSequentially("   ");
  // Well past the typing pause after which the box would ask.
  await page.waitForTimeout(600);
  expect(asked).toEqual([]);
  await expect(box).toHaveAttribute("aria-expanded", "false");

  // The same box asks as soon as there is something to look for (the trimmed text).
  const ask = page.waitForRequest((request) => request.url().includes("/api/search/suggest"));
  await box.pressSequentially("shirt");
  const q = new URL((await ask).url()).searchParams.get("q") ?? "";
  expect(q).not.toBe("");
  expect("shirt".startsWith(q), q).toBe(true);
  await expect(suggestionList(page)).toBeVisible();
});
