import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oneTimeCodes, users } from "#db/schema/accounts.ts";
import { type AccountsTestApp, createAccountsTestApp, GOOD_PASSWORD, uniqueEmail, uniqueIp } from "../support/accounts.ts";
import { codeOf } from "../support/smtp-server.ts";

// Sign-up, e-mailed codes, sign-in and forgot password (spec §2, §4, §5, §7 "User"), against a real SMTP server.
let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp({ OTP_RESEND_SECONDS: "1", SIGNIN_MAX_FAILURES: "3" });
});
afterAll(async () => {
  await t?.close();
});

const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Asha Rao",
  email: uniqueEmail(),
  phone: "9876543210",
  password: GOOD_PASSWORD,
  ...overrides,
});

async function userRow(email: string) {
  const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** Lets the resend cooldown (OTP_RESEND_SECONDS=1 here) pass. */
const cooldown = () => new Promise((resolve) => setTimeout(resolve, 1100));

describe("POST /api/user/signup", () => {
  it.each([
    [{ name: "" }, "name can not be blank!"],
    [{ name: "   ", email: "" }, "name can not be blank!"],
    [{ email: "" }, "email can not be blank!"],
    [{ email: "not-an-email" }, "Please enter a valid email address"],
    [{ phone: "" }, "phone can not be blank!"],
    [{ phone: "98765abc" }, "phone must contain digits only (6 to 15 of them)"],
    [{ password: "" }, "password can not be blank!"],
    [{ password: "short" }, "Password must be at least 8 characters"],
    [{ password: "x".repeat(129) }, "Password must be at most 128 characters"],
    [
      { password: "Password123" },
      "This password is one of the most common passwords and easy to guess. Please choose another one.",
    ],
  ])("refuses %j with the spec's message, status FAILED", async (overrides, msg) => {
    const response = await t.call({ method: "POST", url: "/api/user/signup", payload: signUpBody(overrides) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: true, status: "FAILED", msg });
  });

  it("reports the first missing field in the spec's order for an empty body", async () => {
    const response = await t.call({ method: "POST", url: "/api/user/signup", payload: {} });
    expect(response.body.msg).toBe("name can not be blank!");
  });

  it("creates an unverified account with an argon2id hash, ignores isAdmin, and e-mails a code it never returns", async () => {
    const body = signUpBody({ isAdmin: true, email: "  New.Shopper@Example.COM " });
    const response = await t.call({ method: "POST", url: "/api/user/signup", payload: body });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ error: false, status: "SUCCESS", email: "new.shopper@example.com" });
    const row = await userRow("new.shopper@example.com");
    expect(row).toMatchObject({ role: null, isVerified: false, phone: "9876543210" });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const mail = await t.smtp.waitForMail("new.shopper@example.com");
    expect(mail.subject).toContain("verification code");
    expect(mail.html).toContain(codeOf(mail));
    expect(JSON.stringify(response.body)).not.toContain(codeOf(mail));
    const [stored] = await t.app.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.userId, row?.id ?? ""));
    expect(stored?.codeHash).not.toContain(codeOf(mail));
    expect(stored?.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("sends a new code when an unverified e-mail signs up again, and the old code stops working", async () => {
    const { email } = await t.signUp();
    const first = codeOf(await t.smtp.waitForMail(email));
    await cooldown();
    await t.signUp(email, "another good passphrase");
    const second = codeOf(await t.smtp.waitForMail(email, { after: 1 }));
    const old = await t.call({ method: "POST", url: "/api/user/verifyemail", payload: { email, otp: first } });
    expect(first === second || old.status === 400).toBe(true);
    const ok = await t.call({ method: "POST", url: "/api/user/verifyemail", payload: { email, otp: second } });
    expect(ok.status).toBe(200);
    expect((await t.signIn(email, "another good passphrase")).status).toBe(200);
  });

  it("refuses a second sign-up within the resend cooldown with 429 and Retry-After", async () => {
    const { email } = await t.signUp();
    const again = await t.call({ method: "POST", url: "/api/user/signup", payload: signUpBody({ email }) });
    expect(again.status).toBe(429);
    expect(again.headers["retry-after"]).toBe("1");
    expect(again.body).toMatchObject({ error: true, status: "FAILED" });
  });

  it("refuses an e-mail that already has a verified account", async () => {
    const { email } = await t.signUpVerified();
    const response = await t.call({ method: "POST", url: "/api/user/signup", payload: signUpBody({ email }) });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      error: true,
      status: "FAILED",
      msg: "An account with this e-mail already exists. Please sign in, or use Forgot Password.",
    });
  });

  it("limits sign-ups per network (429)", async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await t.call({ method: "POST", url: "/api/user/signup", payload: signUpBody(), ip });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("ignores a forged X-Forwarded-For when no proxy is trusted (TRUST_PROXY unset): the limit still counts", async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await t.call({
        method: "POST",
        url: "/api/user/signup",
        payload: signUpBody(),
        ip,
        headers: { "x-forwarded-for": uniqueIp() },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("behind a trusted proxy (TRUST_PROXY)", () => {
  it("counts the client named by the proxy's X-Forwarded-For, not the proxy", async () => {
    // uniqueIp() gives 10.x.x.x addresses: the load balancers' network.
    const behindProxy = await createAccountsTestApp({ TRUST_PROXY: "10.0.0.0/8" });
    try {
      const proxy = uniqueIp();
      const client = uniqueIp();
      const signUp = (from: string) =>
        behindProxy.call({
          method: "POST",
          url: "/api/user/signup",
          payload: signUpBody(),
          ip: proxy,
          headers: { "x-forwarded-for": from },
        });
      for (let i = 0; i < 10; i++) expect((await signUp(client)).status).toBe(200);
      expect((await signUp(client)).status).toBe(429);
      // Another shopper behind the same load balancer is a network of its own.
      expect((await signUp(uniqueIp())).status).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });
});

describe("verifying e-mailed codes", () => {
  it("verifies with POST /api/user/verifyemail, after which sign-in works", async () => {
    const { email } = await t.signUp();
    const code = codeOf(await t.smtp.waitForMail(email));
    expect((await t.signIn(email)).status).toBe(403);
    const response = await t.call({ method: "POST", url: "/api/user/verifyemail", payload: { email, otp: code } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ error: false, success: true, status: "SUCCESS", purpose: "verify-email" });
    expect(response.body.resetToken).toBeUndefined();
    expect((await userRow(email))?.isVerified).toBe(true);
    expect((await t.signIn(email)).status).toBe(200);
  });

  it("verifies with PUT /api/user/verifyAccount/emailVerify/{id} only for that e-mail's account", async () => {
    const other = await t.signUpVerified();
    const { email } = await t.signUp();
    const code = codeOf(await t.smtp.waitForMail(email));
    const row = await userRow(email);
    const wrongId = await t.call({
      method: "PUT",
      url: `/api/user/verifyAccount/emailVerify/${other.userId}`,
      payload: { email, otp: code },
    });
    expect(wrongId.status).toBe(400);
    const right = await t.call({
      method: "PUT",
      url: `/api/user/verifyAccount/emailVerify/${row?.id}`,
      payload: { email, otp: code },
    });
    expect(right.status).toBe(200);
    expect(right.body.success).toBe(true);
  });

  it.each([
    [{ otp: "" }, "Please enter OTP"],
    [{ otp: "12a456" }, "OTP must be 6 digits"],
    [{ otp: "12345" }, "OTP must be 6 digits"],
  ])("refuses %j with %s", async (payload, msg) => {
    const response = await t.call({
      method: "POST",
      url: "/api/user/verifyemail",
      payload: { email: uniqueEmail(), ...payload },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: true, success: false, msg });
  });

  it("kills a code after 5 wrong tries: even the right code then fails", async () => {
    const { email } = await t.signUp();
    const code = codeOf(await t.smtp.waitForMail(email));
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const response = await t.call({ method: "POST", url: "/api/user/verifyemail", payload: { email, otp: wrong } });
      expect(response.body.msg).toMatch(/code is wrong or has expired/);
    }
    const late = await t.call({ method: "POST", url: "/api/user/verifyemail", payload: { email, otp: code } });
    expect(late.status).toBe(400);
    expect(late.body.msg).toBe("Too many wrong codes. Please ask for a new code.");
    expect((await userRow(email))?.isVerified).toBe(false);
  });

  it("refuses an expired code", async () => {
    const { email } = await t.signUp();
    const code = codeOf(await t.smtp.waitForMail(email));
    const row = await userRow(email);
    await t.app.db
      .update(oneTimeCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeCodes.userId, row?.id ?? ""));
    const response = await t.call({ method: "POST", url: "/api/user/verifyemail", payload: { email, otp: code } });
    expect(response.status).toBe(400);
  });

  it("stops brute force across many codes for one e-mail with 429 and Retry-After", async () => {
    const { email } = await t.signUp();
    let last = { status: 0, headers: {} as Record<string, unknown> };
    for (let i = 0; i < 16; i++) {
      last = await t.call({ method: "POST", url: "/api/user/verifyemail", payload: { email, otp: "999999" } });
    }
    expect(last.status).toBe(429);
    expect(Number(last.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("POST /api/user/verifyAccount/resendOtp", () => {
  it("e-mails a new code, never returns it, and allows one a minute (OTP_RESEND_SECONDS)", async () => {
    const { email } = await t.signUp();
    await t.smtp.waitForMail(email);
    const tooSoon = await t.call({ method: "POST", url: "/api/user/verifyAccount/resendOtp", payload: { email } });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.headers["retry-after"]).toBeDefined();
    await cooldown();
    const response = await t.call({ method: "POST", url: "/api/user/verifyAccount/resendOtp", payload: { email } });
    expect(response.status).toBe(200);
    const code = codeOf(await t.smtp.waitForMail(email, { after: 1 }));
    expect(JSON.stringify(response.body)).not.toContain(code);
    // The original client's Verify Email mode needs a non-empty `otp` and an id to go on: placeholders, never the code
    // or the account's id.
    expect(response.body).toMatchObject({ otp: "sent-by-email", existingUserId: "00000000-0000-0000-0000-000000000000" });
    expect(response.body.otp).not.toBe(code);
    expect(response.body.existingUserId).not.toBe((await userRow(email))?.id);
  });

  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const email = uniqueEmail();
    const response = await t.call({ method: "POST", url: "/api/user/verifyAccount/resendOtp", payload: { email } });
    expect(response.status).toBe(200);
    expect(response.body.msg).toMatch(/If this e-mail has an account/);
    expect(t.smtp.mailsTo(email)).toHaveLength(0);
    const { email: known } = await t.signUp();
    await t.smtp.waitForMail(known);
    await cooldown();
    const knownAnswer = await t.call({ method: "POST", url: "/api/user/verifyAccount/resendOtp", payload: { email: known } });
    expect(knownAnswer.status).toBe(200);
    expect(knownAnswer.body).toEqual(response.body);
  });

  it("needs an e-mail", async () => {
    const response = await t.call({ method: "POST", url: "/api/user/verifyAccount/resendOtp", payload: {} });
    expect(response.body).toMatchObject({ error: true, msg: "Please enter your email" });
  });
});

describe("POST /api/user/signin", () => {
  it.each([
    [{ email: "", password: "x" }, "email can not be blank!"],
    [{ email: "a@example.com", password: "" }, "password can not be blank!"],
    [{}, "email can not be blank!"],
  ])("refuses %j with the spec's message", async (payload, msg) => {
    const response = await t.call({ method: "POST", url: "/api/user/signin", payload });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: true, msg });
  });

  it("signs in: token, user, greeting, and an HttpOnly SameSite=Lax session cookie", async () => {
    const { email } = await t.signUpVerified();
    const response = await t.signIn(email.toUpperCase());
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ error: false, msg: "User authentication Successfully!", isVerify: true });
    expect(response.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.body.user).toMatchObject({ email, name: "Asha Rao", images: [] });
    expect(response.body.user).not.toHaveProperty("passwordHash");
    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toMatch(/^sid=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Expires=/);
    expect(setCookie).not.toContain("Secure");
  });

  it("answers a wrong password and an unknown e-mail with the same 401", async () => {
    const { email } = await t.signUpVerified();
    const wrong = await t.signIn(email, "not the password");
    const unknown = await t.signIn(uniqueEmail(), "not the password");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ error: true, msg: "Invalid email or password." });
  });

  it("answers isVerify:false (403) to the right password of an unverified account", async () => {
    const { email } = await t.signUp();
    const response = await t.signIn(email);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: true, isVerify: false });
    expect(response.body).not.toHaveProperty("token");
  });

  it("stops password guessing on one account (SIGNIN_MAX_FAILURES=3), even from many networks", async () => {
    const { email } = await t.signUpVerified();
    for (let i = 0; i < 3; i++) expect((await t.signIn(email, "guess number one")).status).toBe(401);
    const blocked = await t.signIn(email, GOOD_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toMatch(/^Too many sign-in attempts for this account\. Please try again in \d+ minutes?\.$/);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(800);
  });

  it("stops one network trying many accounts", async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) statuses.push((await t.signIn(uniqueEmail(), "guess number one", ip)).status);
    expect(statuses.slice(0, 15).every((status) => status === 401)).toBe(true);
    expect(statuses[15]).toBe(429);
  });

  it("a successful sign-in clears the account's failure count", async () => {
    const { email } = await t.signUpVerified();
    await t.signIn(email, "guess number one");
    await t.signIn(email, "guess number two");
    expect((await t.signIn(email)).status).toBe(200);
    await t.signIn(email, "guess number three");
    await t.signIn(email, "guess number four");
    expect((await t.signIn(email)).status).toBe(200);
  });
});

describe("forgot password", () => {
  const forgot = (email: string) => t.call({ method: "POST", url: "/api/user/forgotPassword", payload: { email } });

  it("needs the e-mail ('Please enter your email')", async () => {
    const response = await forgot("");
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: true, status: "FAILED", msg: "Please enter your email" });
  });

  it("answers the same whether or not the account exists, and mails only a real account", async () => {
    const { email } = await t.signUpVerified();
    await cooldown();
    const unknownEmail = uniqueEmail();
    const known = await forgot(email);
    const unknown = await forgot(unknownEmail);
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.status).toBe("SUCCESS");
    expect((await t.smtp.waitForMail(email, { after: 1 })).subject).toContain("password reset code");
    expect(t.smtp.mailsTo(unknownEmail)).toHaveLength(0);
  });

  it("resets the password only with the grant of a verified reset code, single use, ending every session", async () => {
    const { email, userId, token } = await t.signUpVerified();
    await cooldown();
    await forgot(email);
    const code = codeOf(await t.smtp.waitForMail(email, { after: 1 }));

    const withoutGrant = await t.call({
      method: "POST",
      url: "/api/user/forgotPassword/changePassword",
      payload: { email, newPass: "a brand new passphrase", confirmPass: "a brand new passphrase" },
    });
    expect(withoutGrant.status).toBe(403);
    expect(withoutGrant.body.status).toBe("FAILED");

    const verified = await t.call({ method: "POST", url: "/api/user/verifyemail", payload: { email, otp: code } });
    expect(verified.body).toMatchObject({ success: true, purpose: "reset-password" });
    const resetToken = verified.body.resetToken as string;
    expect(resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const grantCookie = verified.cookies.find((cookie) => cookie.name === "reset_grant");
    expect(grantCookie?.value).toBe(resetToken);
    expect(String(verified.headers["set-cookie"])).toContain("HttpOnly; SameSite=Strict");

    const changed = await t.call({
      method: "POST",
      url: "/api/user/forgotPassword/changePassword",
      payload: { email, newPass: "a brand new passphrase", confirmPass: "a brand new passphrase" },
      cookies: { reset_grant: resetToken },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ error: false, status: "SUCCESS" });
    expect((await t.call({ method: "GET", url: `/api/user/${userId}`, token })).status).toBe(401);
    expect((await t.signIn(email)).status).toBe(401);
    expect((await t.signIn(email, "a brand new passphrase")).status).toBe(200);

    const replay = await t.call({
      method: "POST",
      url: "/api/user/forgotPassword/changePassword",
      payload: { newPass: "yet another passphrase", confirmPass: "yet another passphrase", resetToken },
    });
    expect(replay.status).toBe(403);
  });

  it("refuses a grant used with another account's e-mail", async () => {
    const victim = await t.signUpVerified();
    const attacker = await t.signUpVerified();
    await cooldown();
    await forgot(attacker.email);
    const code = codeOf(await t.smtp.waitForMail(attacker.email, { after: 1 }));
    const verified = await t.call({
      method: "POST",
      url: "/api/user/verifyemail",
      payload: { email: attacker.email, otp: code },
    });
    const response = await t.call({
      method: "POST",
      url: "/api/user/forgotPassword/changePassword",
      payload: {
        email: victim.email,
        newPass: "taken over passphrase",
        confirmPass: "taken over passphrase",
        resetToken: verified.body.resetToken,
      },
    });
    expect(response.status).toBe(403);
    expect((await t.signIn(victim.email, "taken over passphrase")).status).toBe(401);
  });

  it.each([
    [{ newPass: "", confirmPass: "" }, "Please enter new password"],
    [{ newPass: "a brand new passphrase", confirmPass: "" }, "Please confirm password"],
    [{ newPass: "a brand new passphrase", confirmPass: "something else" }, "Password and confirm password not match"],
    [
      { newPass: "qwerty123", confirmPass: "qwerty123" },
      "This password is one of the most common passwords and easy to guess. Please choose another one.",
    ],
  ])("checks the new password %j in the spec's order", async (payload, msg) => {
    const response = await t.call({
      method: "POST",
      url: "/api/user/forgotPassword/changePassword",
      payload: { ...payload, resetToken: "x".repeat(43) },
    });
    expect(response.body.msg).toBe(msg);
  });
});
