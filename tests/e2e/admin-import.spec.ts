import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./browsing-helpers.ts";
import { signInAsOwner } from "./support/admin.ts";

// Import and bulk edits (issue 33, items 5 and 6): the owner imports a file with one bad row, reads the report, fixes
// the row and applies; then raises both products' prices by 10 % and reverts one from its history.

const COLUMNS =
  "sku,name,brand,description,price,oldPrice,category,subCategory,countInStock,isFeatured,taxRate,ram,size,weight,countries,pictures,pictureAlts,archived";

function file(rows: string[]) {
  return { name: "products.csv", mimeType: "text/csv", buffer: Buffer.from(`${[COLUMNS, ...rows].join("\r\n")}\r\n`) };
}

/** Uploads for a dry run; the other project's browser may be importing at the same moment (one import at a time). */
async function checkFile(page: Page, rows: string[]) {
  const report = page.getByRole("heading", { level: 2, name: "Report" });
  const busy = page.getByText("Another import is running");
  for (let attempt = 0; attempt < 10; attempt++) {
    await page.goto("/admin/import");
    await page.getByLabel("CSV file").setInputFiles(file(rows));
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(report.or(busy)).toBeVisible({ timeout: 30_000 });
    if (await report.isVisible()) return;
    await page.waitForTimeout(1000);
  }
  await expect(report).toBeVisible();
}

test("the owner imports a file, fixes its bad row, then bulk-raises prices and reverts one", async ({ page }) => {
  // A long flow with axe on several pages: near a minute when two browsers share 2 cores.
  test.slow();
  const word = `Zephyr${Date.now().toString(36)}`;
  await signInAsOwner(page, "/admin/export");
  const category = (await page.locator("select[name=catId] option").allTextContents()).find(
    (name) => name !== "All" && !name.includes("›"),
  );
  expect(category).toBeTruthy();
  await expectNoSeriousAxeViolations(page, "body");

  const good = `${word}-1,${word} Kettle,Acme,A kettle.,1000,,${category},,5,false,18,,,,India,,,false`;
  const bad = `${word}-2,${word} Teapot,Acme,A teapot.,ten,,${category},,5,false,18,,,,India,,,false`;
  await checkFile(page, [good, bad]);
  await expect(page.getByRole("status")).toContainText("1 problem found: nothing was changed.");
  const problem = page.getByRole("row").filter({ hasText: "Price must be a number" });
  await expect(problem.getByRole("cell").nth(0)).toHaveText("3");
  await expect(problem.getByRole("cell").nth(1)).toHaveText("price");
  await expect(page.getByRole("button", { name: "Apply the import" })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, "body");

  await checkFile(page, [good, bad.replace(",ten,", ",2000,")]);
  await expect(page.getByRole("status")).toContainText("2 rows: 2 to create, 0 to update, 0 unchanged.");
  await page.getByLabel("Reason (kept in each product's history)").fill("New teaware");
  const imported = page.getByText("Imported: 2 created, 0 updated.");
  for (let attempt = 0; attempt < 10 && !(await imported.isVisible()); attempt++) {
    await page.getByRole("button", { name: "Apply the import" }).click();
    await expect(imported.or(page.getByText("Another import is running"))).toBeVisible({ timeout: 30_000 });
    if (!(await imported.isVisible())) await page.waitForTimeout(1000);
  }
  await expect(page.getByRole("status")).toContainText("Imported: 2 created, 0 updated.");

  await page.goto(`/admin/products?q=${word}`);
  await page.getByLabel(`Select ${word} Kettle`).check();
  await page.getByLabel(`Select ${word} Teapot`).check();
  await page.getByRole("button", { name: "Edit selected" }).click();
  await expect(page.getByText("2 products chosen.")).toBeVisible();
  await expectNoSeriousAxeViolations(page, "body");
  await page.getByLabel("Price", { exact: true }).selectOption("percent");
  await page.getByLabel("Amount or percentage").fill("10");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("status")).toContainText("2 products will change.");
  await expect(page.getByRole("row").filter({ hasText: `${word} Kettle` })).toContainText("Price: Rs 1,000 → Rs 1,100");
  await page.mouse.move(0, 0);
  await expectNoSeriousAxeViolations(page, "body");
  await page.getByRole("button", { name: "Apply to 2 products" }).click();
  await expect(page.getByRole("status")).toContainText("2 products changed.");

  await page.goto(`/admin/products?q=${word}`);
  await page.getByRole("link", { name: `${word} Kettle` }).click();
  await expect(page.locator("#price")).toHaveValue("1100");
  await page.getByRole("button", { name: /Revert product\.bulk-update/ }).click();
  await expect(page.getByRole("status")).toContainText("Reverted.");
  await expect(page.locator("#price")).toHaveValue("1000");
});
