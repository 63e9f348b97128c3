import { expect, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./browsing-helpers.ts";
import { signInAsOwner } from "./support/admin.ts";

// The back office's frame (decision 031): the owner gets in through the one-time link (made by the e2e server), a
// visitor sees the unknown page, and each page of the frame works by keyboard and passes axe at both widths.

test("a visitor asking for /admin gets the shop's unknown page", async ({ page }) => {
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("navigation", { name: "Back office" })).toHaveCount(0);
});

test("the owner's back office: overview, staff and audit log, by keyboard and axe-clean", async ({ page }) => {
  // A long flow with axe on several pages: near a minute when two browsers share 2 cores.
  test.slow();
  const owner = await signInAsOwner(page);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome");
  await expect(page.getByRole("banner").getByText(owner.email)).toBeVisible();
  await expectNoSeriousAxeViolations(page, "body");

  // The skip link is the first stop of the keyboard and leads to the page's content.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();

  const nav = page.getByRole("navigation", { name: "Back office" });
  await nav.getByRole("link", { name: "Staff" }).click();
  await expect(page).toHaveURL(/\/admin\/staff$/);
  await expect(page.getByRole("cell", { name: owner.email })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "body");

  await nav.getByRole("link", { name: "Audit log" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  // The claim through the one-time link is the trail's first entry.
  await expect(page.getByText("staff.claim-owner").first()).toBeVisible();
  await expectNoSeriousAxeViolations(page, "body");

  await page.goto("/admin/confirm");
  await expect(page.getByRole("heading", { name: "Confirm your password" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "body");
});
