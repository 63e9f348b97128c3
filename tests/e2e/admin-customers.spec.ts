import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./browsing-helpers.ts";
import { signInAsOwner } from "./support/admin.ts";
import { createVerifiedAccount } from "./support/shop-api.ts";

// Customers in the back office (issue 34, item 3): the owner finds a shopper, blocks them, and the shopper's next
// request is signed out and their sign-in refused; both pages pass axe at both widths.

const PASSWORD = "correct horse battery";

async function signIn(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

test("the owner finds a customer and blocks them: the shopper is signed out at once and cannot sign in", async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const name = `Kiran ${randomUUID().slice(0, 6)}`;
  const email = await createVerifiedAccount(request, { prefix: "blocked", password: PASSWORD, name });

  // The shopper, in a browser of their own, is on My Account.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await shopper.goto("/signIn?redirectTo=%2Fmy-account");
  await signIn(shopper, email);
  await expect(shopper).toHaveURL(/\/my-account$/);

  const owner = await signInAsOwner(page, "/admin/customers");
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search" }).fill(email);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("link", { name })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "body");

  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("region", { name: "Sessions" })).not.toContainText("No live sessions");
  await expectNoSeriousAxeViolations(page, "body");

  await page.getByLabel("Reason", { exact: true }).fill("Repeated fraudulent chargebacks");
  await page.getByRole("button", { name: `Block ${name}` }).click();
  // Blocking asks for the password again when it was given a while ago.
  if (page.url().includes("/admin/confirm")) {
    await page.getByLabel("Password").fill(owner.password);
    await page.getByRole("button", { name: /confirm/i }).click();
    await page.getByLabel("Reason", { exact: true }).fill("Repeated fraudulent chargebacks");
    await page.getByRole("button", { name: `Block ${name}` }).click();
  }
  await expect(page.getByRole("status")).toContainText("Blocked");
  await expect(page.getByText(/Blocked on .*Repeated fraudulent chargebacks/)).toBeVisible();

  // The shopper's next request: signed out, and signing in again answers the shop's sentence.
  await shopper.reload();
  await expect(shopper).toHaveURL(/\/signIn\?redirectTo=%2Fmy-account$/);
  await signIn(shopper, email);
  await expect(shopper.getByRole("alert")).toContainText("This account has been blocked. Please contact the shop.");
  await shopperContext.close();

  // Tidy up: unblocked, the customer may come back.
  await page.getByRole("button", { name: `Unblock ${name}` }).click();
  await expect(page.getByRole("status")).toContainText("Unblocked");
});
