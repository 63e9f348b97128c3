import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetGrants, users } from "#db/schema/accounts.ts";
import { stagedUploads } from "#db/schema/media.ts";
import { type AccountsTestApp, createAccountsTestApp, GOOD_PASSWORD, uniqueEmail, uniqueIp } from "../support/accounts.ts";
import { originalClient } from "../support/original-client.ts";
import { codeOf } from "../support/smtp-server.ts";
import { multipart, solidPng } from "../support/uploads.ts";

/**
 * The original storefront client against our API, with exactly the bodies and headers its pages send (spec §7 "User"):
 * SignIn (sign-in, its Verify Email mode, Forgot Password), VerifyOTP, ChangePassword and MyAccount, through the
 * helpers of its utils/api.js (tests/support/original-client.ts).
 */
let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp({ OTP_RESEND_SECONDS: "1", CORS_ORIGINS: "http://client.test" });
});
afterAll(async () => {
  await t?.close();
});

const cooldown = () => new Promise((resolve) => setTimeout(resolve, 1100));

const browser = (token: string | null = null) => originalClient(t, token);

const userRow = async (email: string) => (await t.app.db.select().from(users).where(eq(users.email, email)))[0];

describe("Forgot Password → VerifyOTP → ChangePassword, with the original client's bodies (no cookie, no token)", () => {
  async function verifiedReset(client: ReturnType<typeof browser>, email: string) {
    const before = t.smtp.mailsTo(email).length;
    const forgot = await client.postData("/api/user/forgotPassword", { email });
    expect(forgot.body.status).toBe("SUCCESS");
    const otp = codeOf(await t.smtp.waitForMail(email, { after: before }));
    const verified = await client.postData("/api/user/verifyemail", { otp, email });
    expect(verified.body).toMatchObject({ success: true, message: "Code verified. Choose a new password." });
  }
  const changeBody = (email: string, password = "a brand new passphrase") => ({
    email,
    newPass: password,
    confirmPass: password,
  });

  it("sets the new password for the requester that verified the code, once", async () => {
    const { email } = await t.signUpVerified();
    await cooldown();
    const client = browser();
    await verifiedReset(client, email);
    const changed = await client.postData("/api/user/forgotPassword/changePassword", changeBody(email));
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ status: "SUCCESS", message: "Your password has been changed. Please sign in." });
    expect((await t.signIn(email, "a brand new passphrase")).status).toBe(200);
    const replay = await client.postData("/api/user/forgotPassword/changePassword", changeBody(email, "yet another passphrase"));
    expect(replay.status).toBe(403);
    expect((await t.signIn(email, "yet another passphrase")).status).toBe(401);
  });

  it("is bound to the e-mail, the network and the browser, and lasts 10 minutes", async () => {
    const victim = await t.signUpVerified();
    const { email } = await t.signUpVerified();
    await cooldown();
    const client = browser();
    await verifiedReset(client, email);
    const notThisEmail = await client.postData("/api/user/forgotPassword/changePassword", changeBody(victim.email));
    expect(notThisEmail.status).toBe(403);
    const otherNetwork = await t.call({
      method: "POST",
      url: "/api/user/forgotPassword/changePassword",
      payload: changeBody(email),
      ip: uniqueIp(),
      headers: { "user-agent": client.userAgent },
    });
    const otherBrowser = await t.call({
      method: "POST",
      url: "/api/user/forgotPassword/changePassword",
      payload: changeBody(email),
      ip: client.ip,
      headers: { "user-agent": "curl/8.0" },
    });
    for (const refused of [otherNetwork, otherBrowser]) {
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(notThisEmail.body);
    }
    const user = await userRow(email);
    await t.app.db
      .update(passwordResetGrants)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(passwordResetGrants.userId, user?.id ?? ""));
    expect((await client.postData("/api/user/forgotPassword/changePassword", changeBody(email))).status).toBe(403);
    expect((await t.signIn(victim.email)).status).toBe(200);
    expect((await t.signIn(email)).status).toBe(200);
    // The grant is stored without the requester's address: a keyed hash only.
    const [grant] = await t.app.db
      .select()
      .from(passwordResetGrants)
      .where(eq(passwordResetGrants.userId, user?.id ?? ""));
    expect(grant?.requesterHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(grant)).not.toContain(client.ip);
  });

  it("answers an unknown e-mail like a known one without a verified code", async () => {
    const { email } = await t.signUpVerified();
    const client = browser();
    const known = await client.postData("/api/user/forgotPassword/changePassword", changeBody(email));
    const unknown = await client.postData("/api/user/forgotPassword/changePassword", changeBody(uniqueEmail()));
    expect(known.status).toBe(403);
    expect(unknown.status).toBe(403);
    expect(unknown.body).toEqual(known.body);
  });
});

describe("Sign In's Verify Email mode → VerifyOTP", () => {
  it("goes on to the code page with placeholders, verifies nothing without the e-mailed code, then verifies with it", async () => {
    const client = browser();
    const { email } = await t.signUp();
    await t.smtp.waitForMail(email);
    await cooldown();
    const signIn = await client.postData("/api/user/signin", { email, password: GOOD_PASSWORD });
    expect(signIn.body).toMatchObject({ error: true, isVerify: false });

    // SignIn: postData(resendOtp) then, when res.otp is neither null nor "", editData(emailVerify/{res.existingUserId}).
    const resent = await client.postData("/api/user/verifyAccount/resendOtp", { email });
    expect(resent.status).toBe(200);
    const { otp, existingUserId } = resent.body as { otp: string; existingUserId: string };
    expect(otp !== null && otp !== "").toBe(true);
    const code = codeOf(await t.smtp.waitForMail(email, { after: 1 }));
    expect(otp).not.toBe(code);
    expect(existingUserId).not.toBe((await userRow(email))?.id);
    const put = await client.editData(`/api/user/verifyAccount/emailVerify/${existingUserId}`, { email, otp });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ error: false, verified: false });
    expect(JSON.stringify(put.body)).not.toContain(code);
    expect((await userRow(email))?.isVerified).toBe(false);

    // VerifyOTP: postData(verifyemail, { otp, email }); success → message shown, then /signIn.
    const verified = await client.postData("/api/user/verifyemail", { otp: code, email });
    expect(verified.body).toMatchObject({ success: true, message: "Your e-mail is verified. Please sign in." });
    expect((await client.postData("/api/user/signin", { email, password: GOOD_PASSWORD })).status).toBe(200);
  });

  it("still reaches the code page when resendOtp is refused within the cooldown (emailVerify/undefined, no otp)", async () => {
    const client = browser();
    const { email } = await t.signUp();
    const resent = await client.postData("/api/user/verifyAccount/resendOtp", { email });
    expect(resent.status).toBe(429);
    // JSON.stringify drops `otp: undefined`; the path says "undefined".
    const put = await client.editData(`/api/user/verifyAccount/emailVerify/${resent.body.existingUserId}`, { email });
    expect(put.status).toBe(200);
    expect((await userRow(email))?.isVerified).toBe(false);
  });

  it("answers the same whether or not the e-mail has an account", async () => {
    const client = browser();
    const { email } = await t.signUp();
    await t.smtp.waitForMail(email);
    await cooldown();
    const unknownEmail = uniqueEmail();
    const known = await client.postData("/api/user/verifyAccount/resendOtp", { email });
    const unknown = await client.postData("/api/user/verifyAccount/resendOtp", { email: unknownEmail });
    expect(unknown.body).toEqual(known.body);
    const path = `/api/user/verifyAccount/emailVerify/${known.body.existingUserId}`;
    const knownPut = await client.editData(path, { email, otp: known.body.otp });
    const unknownPut = await client.editData(path, { email: unknownEmail, otp: unknown.body.otp });
    expect(unknownPut.status).toBe(knownPut.status);
    expect(unknownPut.body).toEqual(knownPut.body);
  });

  it("carries `message` (what VerifyOTP shows) beside `msg` on every failure", async () => {
    const client = browser();
    const { email } = await t.signUp();
    const code = codeOf(await t.smtp.waitForMail(email));
    const wrong = code === "000000" ? "111111" : "000000";
    const failures = [
      await client.postData("/api/user/verifyemail", { otp: wrong, email }),
      await client.postData("/api/user/verifyemail", { otp: "12345", email }),
      await client.postData("/api/user/verifyemail", { otp: wrong, email: uniqueEmail() }),
      await client.editData(`/api/user/verifyAccount/emailVerify/${(await userRow(email))?.id}`, { otp: wrong, email }),
    ];
    for (const failure of failures) {
      expect(failure.status).toBe(400);
      expect(failure.body).toMatchObject({ error: true, success: false, status: "FAILED" });
      expect(failure.body.message).toBe(failure.body.msg);
      expect(failure.body.message).toEqual(expect.any(String));
    }
    expect(failures[0]?.body.message).toBe(failures[2]?.body.message);
  });
});

describe("My Account's photo: uploadImage without Authorization, then the signed-in fetch claims it", () => {
  async function openMyAccount() {
    const { email, userId } = await t.signUpVerified();
    const client = browser();
    const signIn = await client.postData("/api/user/signin", { email, password: GOOD_PASSWORD });
    client.signedIn(signIn.body.token as string);
    expect((await client.deleteData("/api/imageUpload/deleteAllImages")).status).toBe(200);
    const profile = await client.fetchDataFromApi(`/api/user/${userId}`);
    expect(profile.body).toMatchObject({ name: "Asha Rao", email, images: [] });
    return { client, email, userId };
  }
  const formData = async () => multipart([{ filename: "me.jpg", type: "image/jpeg", data: await solidPng(900, 600) }]);

  it("shows and saves the photo by name; {host}/download/{name} serves it", async () => {
    const { client, email, userId } = await openMyAccount();
    // Save before any upload: previews is [res.images[0]] = [undefined], sent as [null]: the profile has no photo yet.
    const noPhoto = await client.editData(`/api/user/${userId}`, { name: "Asha", email, phone: "9876543210", images: [null] });
    expect(noPhoto.status).toBe(400);
    expect(noPhoto.body).toEqual({ error: true, msg: "Please fill all the details" });

    expect((await client.uploadImage("/api/user/upload", await formData())).status).toBe(200);
    const listed = await client.fetchDataFromApi("/api/imageUpload");
    const rows = listed.body as unknown as { images: string[] }[];
    expect(rows).toHaveLength(1);
    const [name] = rows[0]?.images ?? [];
    expect(name).toMatch(/^u-[0-9a-f]{32}\.webp$/);
    const served = await t.app.server.inject({ method: "GET", url: `/download/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");

    const saved = await client.editData(`/api/user/${userId}`, { name: "Asha", email, phone: "9876543210", images: [name] });
    expect(saved.body).toMatchObject({ msg: "user updated", images: [name] });
    await client.deleteData("/api/imageUpload/deleteAllImages");
    const again = await client.fetchDataFromApi(`/api/user/${userId}`);
    expect(again.body.images).toEqual([name]);
    // Saving again with the stored photo as its preview plus an empty entry keeps it.
    const kept = await client.editData(`/api/user/${userId}`, { name: "Asha R", email, phone: "9876543210", images: [null, ""] });
    expect(kept.body).toMatchObject({ name: "Asha R", images: [name] });
    const signIn = await client.postData("/api/user/signin", { email, password: GOOD_PASSWORD });
    expect((signIn.body.user as { images: string[] }).images[0]).toBe(name);
    expect((await t.app.server.inject({ method: "GET", url: `/download/${name}` })).statusCode).toBe(200);
  });

  it("is claimed by PUT /api/user/{id} as well, and only by the requester that uploaded it", async () => {
    const { client, email, userId } = await openMyAccount();
    const other = browser();
    const uploaded = await other.uploadImage("/api/user/upload", await formData());
    const [foreign] = uploaded.body.images as string[];
    expect((await client.fetchDataFromApi("/api/imageUpload")).body).toEqual([]);
    const stolen = await client.editData(`/api/user/${userId}`, { name: "Asha", email, phone: "9876543210", images: [foreign] });
    expect(stolen.status).toBe(400);

    const mine = await client.uploadImage("/api/user/upload", await formData());
    const [name] = mine.body.images as string[];
    const saved = await client.editData(`/api/user/${userId}`, { name: "Asha", email, phone: "9876543210", images: [name] });
    expect(saved.body).toMatchObject({ msg: "user updated", images: [name] });
    expect((await t.app.server.inject({ method: "GET", url: `/download/${name}` })).statusCode).toBe(200);
  });

  it("expires after 15 minutes unclaimed, and is deleted by the next upload or claim", async () => {
    const { client } = await openMyAccount();
    const uploaded = await client.uploadImage("/api/user/upload", await formData());
    const [name] = uploaded.body.images as string[];
    await t.app.db
      .update(stagedUploads)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(stagedUploads.fileName, name ?? ""));
    expect((await client.fetchDataFromApi("/api/imageUpload")).body).toEqual([]);
    expect(
      await t.app.db
        .select()
        .from(stagedUploads)
        .where(eq(stagedUploads.fileName, name ?? "")),
    ).toHaveLength(0);
    expect((await t.app.server.inject({ method: "GET", url: `/download/${name}` })).statusCode).toBe(404);
  });

  it("is refused from another site's page, accepted from a CORS_ORIGINS client, and limited per network", async () => {
    const { client } = await openMyAccount();
    const evil = await client.uploadImage("/api/user/upload", await formData(), { origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    expect(evil.body.msg).toMatch(/only from the shop's own pages/);
    const listed = (await client.fetchDataFromApi("/api/imageUpload")).body;
    expect(listed).toEqual([]);
    const fromClient = await client.uploadImage("/api/user/upload", await formData(), { origin: "http://client.test" });
    expect(fromClient.status).toBe(200);

    const statuses: number[] = [];
    const body = await formData();
    for (let i = 0; i < 20; i++) statuses.push((await client.uploadImage("/api/user/upload", body)).status);
    expect(statuses.slice(0, 19).every((status) => status === 200)).toBe(true);
    expect(statuses[19]).toBe(429);
  });
});
