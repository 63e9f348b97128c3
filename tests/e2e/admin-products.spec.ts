import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousAxeViolations } from "./browsing-helpers.ts";
import { signInAsOwner } from "./support/admin.ts";

// Products in the back office (issue 33, item 3): an owner creates a product, gives it two pictures, and the shop's
// product page shows both and the price; every product page of the back office passes axe at both widths.

const picture = (background: string) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background } })
    .png()
    .toBuffer();

test("an owner creates a product with two pictures and sees it in the shop", async ({ page }) => {
  // A long flow with axe on several pages: near a minute when two browsers share 2 cores.
  test.slow();
  const name = `Copper Kettle ${Date.now().toString(36)}`;
  await signInAsOwner(page, "/admin/products");
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "body");

  await page.getByRole("link", { name: "New product" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  await expectNoSeriousAxeViolations(page, "body");
  await page.locator("#name").fill(name);
  await page.locator("#price").fill("1234");
  await page.locator("#oldPrice").fill("1500");
  await page.locator("#catId").selectOption({ index: 1 });
  await page.locator("#countInStock").fill("5");
  await page.locator("#sku").fill(`E2E-${Date.now().toString(36)}`);
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}\?created=1$/);
  await expect(page.getByRole("status")).toContainText("Product created.");
  const id = new URL(page.url()).pathname.split("/").pop() ?? "";

  await page.getByLabel("Upload pictures (JPEG, PNG or WebP)").setInputFiles([
    { name: "front.png", mimeType: "image/png", buffer: await picture("#b45309") },
    { name: "side.png", mimeType: "image/png", buffer: await picture("#1d4ed8") },
  ]);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("2 pictures added.");
  await page.getByLabel("Alt text of picture 1").fill(`${name} from the front`);
  await page.getByLabel("Alt text of picture 2").fill(`${name} from the side`);
  await page.getByRole("button", { name: "Save alt texts" }).click();
  await expect(page.getByRole("status")).toContainText("Saved.");
  // Axe reads the page at rest, not the button still under the pointer (its hover colour).
  await page.mouse.move(0, 0);
  await expectNoSeriousAxeViolations(page, "body");
  const files = await page
    .locator('input[type="hidden"][name="file"]')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(files).toHaveLength(2);
  await expect(page.getByRole("link", { name: /Preview/ })).toHaveAttribute("href", `/product/${id}`);

  await page.goto(`/product/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.locator("main")).toContainText("Rs 1,234");
  for (const file of files) await expect(page.locator(`main img[src*="${file}"]`).first()).toBeAttached();

  await page.goto("/admin/pictures");
  await expect(page.getByRole("heading", { level: 1, name: "Pictures" })).toBeVisible();
  await expect(page.getByText("front.png").first()).toBeVisible();
  await expectNoSeriousAxeViolations(page, "body");
  // The product still shows it: the library refuses to delete it and says where it is used.
  await page.getByRole("button", { name: "Delete front.png" }).first().click();
  await expect(page.getByRole("alert")).toContainText("still used by 1 product");
});
