import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./browsing-helpers.ts";
import { signInAsOwner } from "./support/admin.ts";
import { harness } from "./support/shop-api.ts";

// Staff invitations (decision 039): the owner invites an address on /admin/staff, the invitee signs up with it,
// enters the mailed code on /admin/join and is in the back office. Codes are read from the e2e server's SMTP server.

const PASSWORD = "correct horse battery";

async function mailCount(to: string): Promise<number> {
  return ((await (await fetch(`${harness}/mail/count?to=${encodeURIComponent(to)}`)).json()) as { count: number }).count;
}

async function codeFromMail(to: string, after: number): Promise<string> {
  const body = (await (await fetch(`${harness}/mail/code?to=${encodeURIComponent(to)}&after=${after}`)).json()) as {
    code?: string;
    error?: string;
  };
  if (!body.code) throw new Error(`no code mailed to ${to}: ${body.error}`);
  return body.code;
}

async function signUpAndVerify(page: Page, email: string) {
  await page.goto("/signUp");
  await page.getByLabel("Name").fill("Meera Iyer");
  await page.getByLabel("Phone No.").fill("9876543210");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  const before = await mailCount(email);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/verifyOTP$/);
  const code = await codeFromMail(email, before);
  await page.getByRole("textbox", { name: "Digit 1 of 6" }).focus();
  await page.keyboard.type(code);
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await expect(page).toHaveURL(/\/signIn/);
}

test("the owner invites by e-mail; the invitee signs up, enters the code and is staff", async ({ page, browser }) => {
  // Two people, two sign-ups and three mails over a dozen pages: up to a minute and more on 2 shared cores.
  test.slow();
  const email = `invitee-${randomUUID().slice(0, 8)}@example.com`;
  await signInAsOwner(page, "/admin/staff");
  await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "body");

  const invite = page.locator("section", { has: page.getByRole("heading", { name: "Invite someone" }) });
  await invite.getByLabel("E-mail").fill(email);
  await invite.getByLabel("Role").selectOption("staff");
  const before = await mailCount(email);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toContainText(`Invitation sent to ${email}.`);
  await expect(page.getByRole("cell", { name: email, exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "body");
  const code = await codeFromMail(email, before);

  const context = await browser.newContext();
  try {
    const invitee = await context.newPage();
    await signUpAndVerify(invitee, email);
    // The link in the mail: signed out, it goes through sign-in and comes back.
    await invitee.goto("/admin/join");
    await expect(invitee).toHaveURL(/\/signIn\?redirectTo=%2Fadmin%2Fjoin$/);
    await invitee.getByLabel("Email").fill(email);
    await invitee.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await invitee.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(invitee).toHaveURL(/\/admin\/join$/);
    await expect(invitee.getByRole("heading", { name: "Join the shop's team" })).toBeVisible();
    await expectNoSeriousAxeViolations(invitee, "body");

    await invitee.getByLabel("Invitation code").fill(code === "000000" ? "000001" : "000000");
    await invitee.getByRole("button", { name: "Join" }).click();
    await expect(invitee.getByRole("alert")).toContainText("That code is not right. 4 tries left.");
    await invitee.getByLabel("Invitation code").fill(code);
    await invitee.getByRole("button", { name: "Join" }).click();
    await expect(invitee).toHaveURL(/\/admin$/);
    await expect(invitee.getByRole("navigation", { name: "Back office" })).toBeVisible();
    await expect(invitee.getByRole("banner").getByText("staff", { exact: true })).toBeVisible();
  } finally {
    await context.close();
  }

  // The owner's list shows the new member and no longer the invitation.
  await page.reload();
  const members = page.getByRole("region", { name: "People with a back-office role" });
  await expect(members.getByRole("row", { name: new RegExp(email) })).toContainText("staff");
});
