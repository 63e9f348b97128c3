import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousAxeViolations, productCards } from "./browsing-helpers.ts";
import { signInAsOwner } from "./support/admin.ts";

// Issue 34, item 5 (decision 038): the owner sees the first page's figures, answers a search that found nothing with a
// synonym from that page, and the shop's search finds products for it at once; both pages pass axe at both widths.

const panel = (page: Page, title: string) => page.locator("section", { has: page.getByRole("heading", { name: title }) });

test("a search that found nothing, answered with a synonym from the first page, finds products in the shop", async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  // A word no product has, far from every word of the catalogue: typo correction cannot answer it.
  const term = `qxlap${Date.now().toString(36)}${testInfo.project.name.slice(0, 1)}`;
  await page.goto(`/search?q=${term}`);
  await expect(productCards(page)).toHaveCount(0);
  // Counted a few more times (distinct URLs, so the micro-cache does not answer them), to head the owner's list.
  for (let time = 1; time <= 30; time++) {
    expect((await request.get(`/api/search?q=${term}&page=1&perPage=${time}`)).ok()).toBe(true);
  }

  await signInAsOwner(page, "/admin");
  for (const title of ["Sales", "Waiting", "Low stock", "Searches that found nothing"]) {
    await expect(panel(page, title)).toBeVisible();
  }
  await expect(panel(page, "Sales").getByText("Last 30 days")).toBeVisible();
  await expect(panel(page, "Sales").getByText(/₹/).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page, "body");

  const searches = panel(page, "Searches that found nothing");
  await expect(searches.getByRole("row", { name: new RegExp(term) })).toBeVisible();
  await searches.getByRole("link", { name: `Add synonym for ${term}` }).click();
  await expect(page).toHaveURL(/\/admin\/search-synonyms\?term=/);
  await expect(page.getByRole("heading", { level: 1, name: "Search synonyms" })).toBeVisible();
  await expect(page.getByLabel("Search", { exact: true })).toHaveValue(term);
  await page.getByLabel("Also finds").fill("Laptop");
  await page.getByRole("button", { name: "Add synonym" }).click();
  await expect(page.getByRole("status")).toContainText(`now also find "laptop"`);
  await expect(page.getByRole("cell", { name: term, exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "body");

  // The shop at once: the same search now finds laptops (names are cut short on cards).
  await page.goto(`/search?q=${term}`);
  await expect(productCards(page).first()).toContainText(/lapt/i);

  // Answered: it leaves the owner's list. Then tidy up (the owner gave the password just now).
  await page.goto("/admin");
  await expect(panel(page, "Searches that found nothing").getByText(term)).toHaveCount(0);
  await page.goto("/admin/search-synonyms");
  await page.getByRole("button", { name: `Remove the synonym of ${term}` }).click();
  await expect(page.getByRole("status")).toContainText("has no synonym any more");
  await expect(page.getByRole("cell", { name: term, exact: true })).toHaveCount(0);
});
