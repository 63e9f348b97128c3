import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AccountsTestApp, createAccountsTestApp, GOOD_PASSWORD, uniqueEmail, uniqueIp } from "../support/accounts.ts";
import { codeOf } from "../support/smtp-server.ts";
import { TEST_PUBLIC_URL } from "../support/test-app.ts";

// The accounts screens without JavaScript: every form is a plain POST to its route action (progressive enhancement),
// through the same services and rules as the API.
let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp({}, true);
});
afterAll(async () => {
  await t?.close();
});

type Jar = Record<string, string>;

async function page(
  method: "GET" | "POST",
  url: string,
  jar: Jar = {},
  form?: Record<string, string | string[]>,
  origin = TEST_PUBLIC_URL,
) {
  const body = form
    ? new URLSearchParams(
        Object.entries(form).flatMap(([key, value]) => (Array.isArray(value) ? value.map((v) => [key, v]) : [[key, value]])),
      ).toString()
    : undefined;
  const response = await t.app.server.inject({
    method,
    url,
    remoteAddress: uniqueIp(),
    cookies: jar,
    headers: {
      // The shop's own address: React Router compares a form post's Origin with it.
      host: new URL(TEST_PUBLIC_URL).host,
      ...(body !== undefined ? { "content-type": "application/x-www-form-urlencoded", origin } : {}),
    },
    ...(body !== undefined ? { payload: body } : {}),
  });
  for (const cookie of response.cookies) {
    if (cookie.maxAge === 0 || cookie.value === "") delete jar[cookie.name];
    else jar[cookie.name] = cookie.value;
  }
  return { status: response.statusCode, location: response.headers.location, headers: response.headers, html: response.body };
}

describe("sign up → code → verify → sign in, without JavaScript", () => {
  it("walks the whole flow and returns to the protected page the shopper asked for", async () => {
    const jar: Jar = {};
    const email = uniqueEmail("web");
    const guarded = await page("GET", "/my-account?tab=password", jar);
    expect(guarded.status).toBe(302);
    expect(guarded.location).toBe("/signIn?redirectTo=%2Fmy-account%3Ftab%3Dpassword");

    const signUp = await page("POST", "/signUp", jar, {
      name: "Web Shopper",
      phone: "9876543210",
      email,
      password: GOOD_PASSWORD,
    });
    expect(signUp.status).toBe(303);
    expect(signUp.location).toBe("/verifyOTP");
    const otpPage = await page("GET", "/verifyOTP", jar);
    expect(otpPage.html).toContain(email);
    expect(otpPage.html).toContain("We sent a 6-digit code");
    expect(otpPage.html.match(/name="otp"/g)).toHaveLength(6);

    const code = codeOf(await t.smtp.waitForMail(email));
    const wrong = await page("POST", "/verifyOTP", jar, { intent: "verify", otp: ["1", "2", "3"] });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain('role="alert"');
    expect(wrong.html).toContain("OTP must be 6 digits");
    const verified = await page("POST", "/verifyOTP", jar, { intent: "verify", otp: code.split("") });
    expect(verified.status).toBe(303);
    expect(verified.location).toBe("/signIn");
    expect((await page("GET", "/signIn", jar)).html).toContain("Your e-mail is verified. Please sign in.");

    const signIn = await page("POST", "/signIn", jar, {
      intent: "sign-in",
      email,
      password: GOOD_PASSWORD,
      redirectTo: "/my-account?tab=password",
    });
    expect(signIn.status).toBe(303);
    expect(signIn.location).toBe("/my-account?tab=password");
    expect(jar.sid).toBeTruthy();
    const account = await page("GET", "/my-account", jar);
    expect(account.status).toBe(200);
    expect(account.html).toContain("Web Shopper");
    expect(account.html).toContain("Edit Profile");

    const logout = await page("POST", "/logout", jar, {});
    expect(logout.location).toBe("/signIn");
    expect(jar.sid).toBeUndefined();
    expect((await page("GET", "/my-account", jar)).status).toBe(302);
  });
});

describe("sign-in screen", () => {
  it("shows the spec's messages in order", async () => {
    const blank = await page("POST", "/signIn", {}, { intent: "sign-in", email: "", password: "" });
    expect(blank.status).toBe(400);
    expect(blank.html).toContain("email can not be blank!");
    const noPassword = await page("POST", "/signIn", {}, { intent: "sign-in", email: "a@example.com", password: "" });
    expect(noPassword.html).toContain("password can not be blank!");
    const forgot = await page("POST", "/signIn", {}, { intent: "forgot-password", email: "" });
    expect(forgot.html).toContain("Please enter your email");
  });

  it("switches to Verify Email mode for an unverified account, which e-mails a new code and moves to /verifyOTP", async () => {
    const { email } = await t.signUp();
    await t.smtp.waitForMail(email);
    const jar: Jar = {};
    const response = await page("POST", "/signIn", jar, { intent: "sign-in", email, password: GOOD_PASSWORD });
    expect(response.status).toBe(403);
    expect(response.html).toContain("Verify Email");
    expect(response.html).not.toContain('name="password"');
    // The sign-up sent a code a moment ago: the resend cooldown answers with a clear wait.
    const tooSoon = await page("POST", "/signIn", jar, { intent: "verify-email", email });
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers["retry-after"])).toBeGreaterThan(0);
    expect(tooSoon.html).toMatch(/We sent a code to this e-mail a moment ago\. Please try again in \d+ (seconds?|minutes?)\./);
  });

  it("never redirects to another site after signing in", async () => {
    const { email } = await t.signUpVerified();
    const response = await page(
      "POST",
      "/signIn",
      {},
      { intent: "sign-in", email, password: GOOD_PASSWORD, redirectTo: "//evil.example/x" },
    );
    expect(response.location).toBe("/");
  });

  it("says Google sign-in is not configured instead of failing silently", async () => {
    const screen = await page("GET", "/signIn");
    expect(screen.html).toContain("Sign in with Google");
    expect(screen.html).toContain("Google sign-in is not configured on this shop.");
    const response = await page("POST", "/signIn", {}, { intent: "google", credential: "x" });
    expect(response.status).toBe(503);
  });
});

describe("forgot password on the web", () => {
  it("code → reset grant cookie → new password → every session ends", async () => {
    const { email, userId, token } = await t.signUpVerified();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const jar: Jar = {};
    expect((await page("GET", "/changePassword", jar)).location).toBe("/signIn");
    await t.app.services.rateLimiter.reset(`send-code:account:${email}`);
    const forgot = await page("POST", "/signIn", jar, { intent: "forgot-password", email });
    expect(forgot.location).toBe("/verifyOTP");
    const code = codeOf(await t.smtp.waitForMail(email, { after: 1 }));
    const verified = await page("POST", "/verifyOTP", jar, { intent: "verify", otp: code.split("") });
    expect(verified.location).toBe("/changePassword");
    expect(jar.reset_grant).toBeTruthy();
    const mismatch = await page("POST", "/changePassword", jar, { newPass: "a brand new passphrase", confirmPass: "nope" });
    expect(mismatch.html).toContain("Password and confirm password not match");
    const changed = await page("POST", "/changePassword", jar, {
      newPass: "a brand new passphrase",
      confirmPass: "a brand new passphrase",
    });
    expect(changed.location).toBe("/signIn");
    expect(jar.reset_grant).toBeUndefined();
    expect((await t.call({ method: "GET", url: `/api/user/${userId}`, token })).status).toBe(401);
    expect((await t.signIn(email, "a brand new passphrase")).status).toBe(200);
  });
});

describe("CSRF on the web app", () => {
  it("refuses a signed-in form post from another origin", async () => {
    const { token, userId } = await t.signUpVerified();
    const jar: Jar = { sid: token };
    const response = await page("POST", "/logout", jar, {}, "https://evil.example");
    expect(response.status).toBe(403);
    expect((await t.call({ method: "GET", url: `/api/user/${userId}`, token })).status).toBe(200);
  });
});
