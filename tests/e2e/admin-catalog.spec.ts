import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./browsing-helpers.ts";
import { signInAsOwner } from "./support/admin.ts";

// Categories and banners in the back office (issue 33, item 4): both pages pass axe at both widths, and a category
// renamed there is in the shop's menu on the next page (the menu is not kept past a change).

const panel = (page: Page, title: string) => page.locator("section", { has: page.getByRole("heading", { name: title }) });

test("the categories and banners pages pass axe", async ({ page }) => {
  await signInAsOwner(page, "/admin/categories");
  await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "body");

  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Banners" }).click();
  await expect(page).toHaveURL(/\/admin\/banners$/);
  await expect(page.getByRole("heading", { level: 1, name: "Banners" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "body");
});

test("a category created and renamed in the back office shows under its new name in the shop's menu", async ({ page }) => {
  const name = `Lanterns ${Date.now().toString(36)}`;
  const renamed = `Lamps ${Date.now().toString(36)}`;
  await signInAsOwner(page, "/admin/categories");

  const create = panel(page, "New category or sub-category");
  await create.getByLabel("Name", { exact: true }).fill(name);
  await create.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("status")).toContainText(`${name}: Saved.`);

  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(/\?edit=/);
  const id = new URL(page.url()).searchParams.get("edit") ?? "";
  const edit = panel(page, `Edit ${name}`);
  await edit.getByLabel("Name", { exact: true }).fill(renamed);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText(`${renamed}: Saved.`);

  // The shop at once: the menu's link to the category and its listing carry the new name.
  await page.goto("/");
  const menuLink = page.locator(`a[href="/products/category/${id}"]`).first();
  await expect(menuLink).toHaveText(renamed);
  await page.goto(`/products/category/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(renamed);

  // Tidy up: an empty category can be deleted (the owner signed in with a password just now).
  await page.goto("/admin/categories");
  await page.getByRole("button", { name: `Delete ${renamed}` }).click();
  await expect(page.getByRole("status")).toContainText("Deleted.");
  await expect(page.getByRole("link", { name: `Edit ${renamed}` })).toHaveCount(0);
});
