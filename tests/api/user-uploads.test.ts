import { readdir } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stagedUploads, uploads } from "#db/schema/media.ts";
import { type AccountsTestApp, createAccountsTestApp, uniqueIp } from "../support/accounts.ts";
import { multipart, noiseJpeg, photos, solidPng } from "../support/uploads.ts";

// Upload quotas and malformed uploads of POST /api/user/upload (spec §2 My Account, §7 "User").
let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp({
    UPLOAD_PENDING_MAX_FILES: "3",
    UPLOAD_PENDING_MAX_BYTES: "60000",
    UPLOAD_DAILY_MAX_FILES: "7",
  });
});
afterAll(async () => {
  await t?.close();
});

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) quota-test";

async function upload(files: Awaited<ReturnType<typeof photos>>, options: { token?: string; ip?: string } = {}) {
  const body = multipart(files);
  return t.call({
    method: "POST",
    url: "/api/user/upload",
    payload: body.payload,
    headers: { ...body.headers, "user-agent": BROWSER },
    ...options,
  });
}

const rowsOf = (userId: string) => t.app.db.select().from(uploads).where(eq(uploads.userId, userId));
const storedFiles = async () => (await readdir(t.app.config.paths.images).catch(() => [])).filter((f) => f.startsWith("u-"));
const pendingList = (token: string, ip?: string) =>
  t.call({ method: "GET", url: "/api/imageUpload", token, ip, headers: { "user-agent": BROWSER } });

describe("one request: all photos or none", () => {
  it("stores nothing from a request over the per-request file limit (11 files), and says so", async () => {
    const me = await t.signUpVerified();
    const before = await storedFiles();
    const response = await upload(await photos(11), { token: me.token });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: true, msg: "Please upload at most 5 photos at a time." });
    expect(await rowsOf(me.userId)).toHaveLength(0);
    expect(await storedFiles()).toEqual(before);
  });

  it("stores nothing when one photo of the request is not an image", async () => {
    const me = await t.signUpVerified();
    const before = await storedFiles();
    const svg = { filename: "x.svg", type: "image/svg+xml", data: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") };
    const response = await upload([...(await photos(2)), svg], { token: me.token });
    expect(response.status).toBe(415);
    expect(await rowsOf(me.userId)).toHaveLength(0);
    expect(await storedFiles()).toEqual(before);
  });
});

describe("quotas per user (UPLOAD_PENDING_MAX_FILES=3, UPLOAD_PENDING_MAX_BYTES=60000, UPLOAD_DAILY_MAX_FILES=7)", () => {
  it("refuses photos past the pending count, whole requests at a time, until pending ones are saved or deleted", async () => {
    const me = await t.signUpVerified();
    expect((await upload(await photos(2), { token: me.token })).status).toBe(200);
    const over = await upload(await photos(2), { token: me.token });
    expect(over.status).toBe(409);
    expect(over.body.msg).toBe(
      "You already have 3 unsaved photos. Save your profile or delete the unsaved photos before uploading more.",
    );
    expect(await rowsOf(me.userId)).toHaveLength(2);
    expect((await upload(await photos(1), { token: me.token })).status).toBe(200);
    await t.call({ method: "DELETE", url: "/api/imageUpload/deleteAllImages", token: me.token });
    expect((await upload(await photos(3), { token: me.token })).status).toBe(200);
  });

  it("refuses photos past the pending bytes (sizes as stored, after re-encoding)", async () => {
    const me = await t.signUpVerified();
    const noisy = { filename: "noise.jpg", type: "image/jpeg", data: await noiseJpeg() };
    const response = await upload([noisy], { token: me.token });
    expect(response.status).toBe(409);
    expect(response.body.msg).toBe(
      "Your unsaved photos take up too much space. Save your profile or delete them before uploading more.",
    );
    expect(await rowsOf(me.userId)).toHaveLength(0);
    expect((await upload(await photos(1), { token: me.token })).status).toBe(200);
  });

  it("caps the photos stored per day, even when pending ones are deleted (429 with Retry-After)", async () => {
    const me = await t.signUpVerified();
    const deleteAll = () => t.call({ method: "DELETE", url: "/api/imageUpload/deleteAllImages", token: me.token });
    expect((await upload(await photos(3), { token: me.token })).status).toBe(200);
    await deleteAll();
    expect((await upload(await photos(3), { token: me.token })).status).toBe(200);
    await deleteAll();
    const overDay = await upload(await photos(2), { token: me.token });
    expect(overDay.status).toBe(429);
    expect(overDay.body.msg).toBe("You have uploaded 7 photos today, the most allowed in a day. Please try again in 24 hours.");
    expect(Number(overDay.headers["retry-after"])).toBeGreaterThan(23 * 3600);
    expect(await rowsOf(me.userId)).toHaveLength(0);
    // The refused request counted nothing: the one photo left today still goes in, then nothing more.
    expect((await upload(await photos(1), { token: me.token })).status).toBe(200);
    expect((await upload(await photos(1), { token: me.token })).status).toBe(429);
  });

  it("applies to staged photos too: a claim takes what fits and leaves the rest staged", async () => {
    const me = await t.signUpVerified();
    const ip = uniqueIp();
    expect((await upload(await photos(2), { token: me.token })).status).toBe(200);
    const staged = await upload(await photos(2), { ip });
    expect(staged.body).toMatchObject({ staged: true });
    const [claimed, left] = staged.body.images as string[];
    const listed = (await pendingList(me.token, ip)).body as unknown as { images: string[] }[];
    expect(listed.map((row) => row.images[0])).toHaveLength(3);
    expect(listed.map((row) => row.images[0])).toContain(claimed);
    const stillStaged = await t.app.db
      .select()
      .from(stagedUploads)
      .where(eq(stagedUploads.fileName, left ?? ""));
    expect(stillStaged).toHaveLength(1);
    expect(await rowsOf(me.userId).then((rows) => rows.map((row) => row.fileName))).not.toContain(left);
  });
});

describe("staged photos (uploaded without a session)", () => {
  it("are deleted once expired by the clean-up createServices runs at start-up (no background job)", async () => {
    const staged = await upload(await photos(1), { ip: uniqueIp() });
    const [name] = staged.body.images as string[];
    const row = () =>
      t.app.db
        .select()
        .from(stagedUploads)
        .where(eq(stagedUploads.fileName, name ?? ""));
    expect(await row()).toHaveLength(1);
    expect(await t.app.services.uploads.deleteExpiredStaged()).toBe(0);
    await t.app.db
      .update(stagedUploads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(stagedUploads.fileName, name ?? ""));
    expect(await t.app.services.uploads.deleteExpiredStaged()).toBeGreaterThanOrEqual(1);
    expect(await row()).toHaveLength(0);
  });
});

describe("malformed multipart bodies answer 400 with a clear message, never 500, and store nothing", () => {
  const MALFORMED =
    "The upload is not valid multipart/form-data (its boundary is missing or wrong, or it was cut off). Send the photos in the field `images`.";

  async function send(payload: Buffer, contentType: string, token?: string) {
    return t.call({ method: "POST", url: "/api/user/upload", payload, headers: { "content-type": contentType }, token });
  }

  it.each([
    ["no boundary", async () => ({ payload: multipart(await photos(1)).payload, type: "multipart/form-data" })],
    [
      "a wrong boundary",
      async () => ({ payload: multipart(await photos(1)).payload, type: "multipart/form-data; boundary=not-the-one" }),
    ],
    [
      "a body cut off inside a photo",
      async () => {
        const body = multipart([{ filename: "a.png", type: "image/png", data: await solidPng(300, 300) }]);
        return { payload: body.payload.subarray(0, Math.floor(body.payload.length / 2)), type: body.headers["content-type"] };
      },
    ],
    [
      "a part header that never ends",
      async () => ({
        payload: Buffer.from('--b\r\nContent-Disposition: form-data; name="images"'),
        type: "multipart/form-data; boundary=b",
      }),
    ],
  ])("with %s", async (_label, make) => {
    const me = await t.signUpVerified();
    const { payload, type } = await make();
    for (const token of [me.token, undefined]) {
      const response = await send(payload, type, token);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: true, msg: MALFORMED });
    }
    expect(await rowsOf(me.userId)).toHaveLength(0);
  });
});
