import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousAxeViolations } from "./browsing-helpers.ts";

// The e2e server (scripts/e2e-server.ts) sends the shop's mail to a real SMTP server and verifies Google tokens
// against a local issuer; its harness, one port above the shop, reads codes from the received mail and signs tokens.
const harness = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

async function mailCount(to: string): Promise<number> {
  return ((await (await fetch(`${harness}/mail/count?to=${encodeURIComponent(to)}`)).json()) as { count: number }).count;
}

/** The code of the next mail to `to` (after the `after` mails already received). */
async function codeFromMail(to: string, after: number): Promise<string> {
  const response = await fetch(`${harness}/mail/code?to=${encodeURIComponent(to)}&after=${after}`);
  const body = (await response.json()) as { code?: string; error?: string };
  if (!body.code) throw new Error(`no code mailed to ${to}: ${body.error}`);
  return body.code;
}

const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "staple gun lighthouse";

// Google Identity Services cannot load here (no network); the page's own fallback form posts the ID token instead.
test.beforeEach(async ({ page }) => {
  await page.route("https://accounts.google.com/**", (route) => route.abort());
});

async function typeCode(page: Page, code: string) {
  await page.getByRole("textbox", { name: "Digit 1 of 6" }).focus();
  await page.keyboard.type(code);
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

async function openAccountMenu(page: Page, name: string) {
  await page.getByRole("button", { name: `Account menu for ${name}` }).click();
}

test("sign up → code from the mail → verify → sign in → edit profile with a photo → change password → logout", async ({
  page,
}) => {
  // A journey over eight pages and a mail round trip: up to a minute when two browsers share 2 cores.
  test.slow();
  const email = uniqueEmail("journey");
  await page.goto("/signUp");
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel("Name").fill("Asha Verma");
  await page.getByLabel("Phone No.").pressSequentially("98a76-54 3210");
  await expect(page.getByLabel("Phone No.")).toHaveValue("9876543210");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("password");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("alert")).toContainText(/common/i);

  const before = await mailCount(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/verifyOTP$/);
  const code = await codeFromMail(email, before);
  // The code reaches the shopper only by mail: never the page.
  expect(await page.content()).not.toContain(code);

  // Digits only, focus moves forward on entry and back on Backspace in an empty box.
  const first = page.getByRole("textbox", { name: "Digit 1 of 6" });
  await first.focus();
  await page.keyboard.type("x");
  await expect(first).toHaveValue("");
  await page.keyboard.type(code.slice(0, 2));
  await expect(page.getByRole("textbox", { name: "Digit 3 of 6" })).toBeFocused();
  await page.keyboard.press("Backspace");
  await expect(page.getByRole("textbox", { name: "Digit 2 of 6" })).toBeFocused();
  await expect(page.getByRole("textbox", { name: "Digit 2 of 6" })).toHaveValue("");
  await page.keyboard.type(code.slice(1));
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await expect(page).toHaveURL(/\/signIn/);
  await expect(page.getByText("Your e-mail is verified. Please sign in.")).toBeVisible();

  // A protected page sends a visitor to sign in and brings them back.
  await page.goto("/my-account");
  await expect(page).toHaveURL(/\/signIn\?redirectTo=%2Fmy-account$/);
  await signIn(page, email, "not the password");
  await expect(page.getByRole("alert")).toBeVisible();
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByText("User authentication Successfully!", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Edit Profile: the e-mail is read-only; the photo is uploaded with Save and shown as the avatar.
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
  const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c62828" } })
    .png()
    .toBuffer();
  await page.getByLabel("Profile photo (JPG, PNG or WebP)").setInputFiles({
    name: "me.png",
    mimeType: "image/png",
    buffer: photo,
  });
  await page.getByLabel("Name").fill("Asha V.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("user updated", { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Name")).toHaveValue("Asha V.");
  const avatar = page.getByRole("img", { name: "Your profile" });
  await expect(avatar).toHaveAttribute("src", /^\/download\/.+\.webp$/);
  expect(await avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

  // Change Password: the old one is checked.
  await page.getByRole("tab", { name: "Change Password" }).click();
  await page.getByLabel("Old Password").fill("not the password");
  await page.getByLabel("New Password").fill(NEW_PASSWORD);
  await page.getByLabel("Confirm Password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await page.getByLabel("Old Password").fill(PASSWORD);
  await page.getByLabel("New Password").fill(NEW_PASSWORD);
  await page.getByLabel("Confirm Password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your password has been changed.", { exact: true }).first()).toBeVisible();

  // The account menu, then Logout: back to /signIn, and the session is gone.
  await openAccountMenu(page, "Asha V.");
  const menu = page.getByRole("menu");
  await expect(menu).toContainText(email);
  for (const item of ["My Account", "Orders", "My List", "Logout"]) {
    await expect(menu.getByRole("menuitem", { name: item })).toBeVisible();
  }
  await menu.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/signIn$/);
  await expect(page.getByText("You are signed out.")).toBeVisible();
  await page.goto("/my-account");
  await expect(page).toHaveURL(/\/signIn\?redirectTo=/);

  await signIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/my-account$/);
});

test("forgot password: the code from the mail, pasted, leads to a new password; the old one stops working", async ({ page }) => {
  const email = uniqueEmail("forgot");
  await page.goto("/signUp");
  await page.getByLabel("Name").fill("Ravi Iyer");
  await page.getByLabel("Phone No.").fill("9123456780");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  let before = await mailCount(email);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/verifyOTP$/);
  await typeCode(page, await codeFromMail(email, before));
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await expect(page).toHaveURL(/\/signIn/);

  await page.getByRole("button", { name: "Forgot Password?" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter your email");
  // One code per address per OTP_RESEND_SECONDS (3 s on the e2e server): the sign-up's code was just sent.
  await page.waitForTimeout(3000);
  before = await mailCount(email);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Forgot Password?" }).click();
  await expect(page).toHaveURL(/\/verifyOTP$/);
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  // The re-send waits for its cooldown, counting down, then is offered.
  await expect(page.getByRole("button", { name: /^Resend OTP in \d+ s$/ })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Resend OTP", exact: true })).toBeEnabled({ timeout: 6000 });
  await expectNoSeriousAxeViolations(page);

  // Pasting a whole code into the first box fills all six.
  const code = await codeFromMail(email, before);
  const first = page.getByRole("textbox", { name: "Digit 1 of 6" });
  await first.evaluate(
    (input, text) => {
      const data = new DataTransfer();
      data.setData("text/plain", text);
      input.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    },
    `${code.slice(0, 3)} ${code.slice(3)}`,
  );
  for (let i = 1; i <= 6; i++) {
    await expect(page.getByRole("textbox", { name: `Digit ${i} of 6` })).toHaveValue(code[i - 1] ?? "");
  }
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await expect(page).toHaveURL(/\/changePassword$/);
  await page.getByLabel("New Password").fill(NEW_PASSWORD);
  await page.getByLabel("Confirm Password").fill("something else entirely");
  await page.getByRole("button", { name: /Change Password|Save/ }).click();
  await expect(page.getByRole("alert")).toHaveText("Password and confirm password not match");
  await page.getByLabel("New Password").fill(NEW_PASSWORD);
  await page.getByLabel("Confirm Password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: /Change Password|Save/ }).click();
  await expect(page).toHaveURL(/\/signIn$/);
  await expect(page.getByText("Your password has been changed. Please sign in.")).toBeVisible();

  await signIn(page, email, PASSWORD);
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page).toHaveURL(/\/signIn/);
  await signIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Account menu for Ravi Iyer" })).toBeVisible();
});

test("Google sign-in with a token from the issuer signs in (and creates the account); a forged one is refused", async ({
  page,
  isMobile,
}) => {
  const email = uniqueEmail("google");
  await page.goto("/signIn?redirectTo=%2Fmy-account");
  await expectNoSeriousAxeViolations(page);
  const button = page.getByRole("button", { name: "Sign in with Google" });
  const credential = page.locator('#google-sign-in input[name="credential"]');

  await credential.evaluate((input: HTMLInputElement) => {
    input.value = "eyJhbGciOiJub25lIn0.eyJlbWFpbCI6Im1hbGxvcnlAZXhhbXBsZS5jb20ifQ.";
  });
  await button.click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page).toHaveURL(/\/signIn/);

  const token = (await (
    await fetch(`${harness}/google/token?email=${encodeURIComponent(email)}&name=${encodeURIComponent("Meera Nair")}`)
  ).json()) as { credential: string };
  await page.locator('#google-sign-in input[name="credential"]').evaluate((input: HTMLInputElement, value) => {
    input.value = value;
  }, token.credential);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByRole("button", { name: "Account menu for Meera Nair" })).toBeVisible();

  // Under 992 px the slide-in navigation offers Logout too.
  if (isMobile) {
    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/signIn$/);
    await expect(page.getByText("You are signed out.")).toBeVisible();
    await page.goto("/my-account");
    await expect(page).toHaveURL(/\/signIn\?redirectTo=/);
  }
});
