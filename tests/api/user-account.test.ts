import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "#db/schema/accounts.ts";
import { uploads } from "#db/schema/media.ts";
import { type AccountsTestApp, createAccountsTestApp, GOOD_PASSWORD } from "../support/accounts.ts";
import { TEST_PUBLIC_URL } from "../support/test-app.ts";

// My Account over the API: profile, password change, sessions, CSRF and photo uploads (spec §2 My Account, §7 "User").
let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp({ UPLOAD_MAX_BYTES: String(300 * 1024), UPLOAD_MAX_PIXELS: "4000000" });
});
afterAll(async () => {
  await t?.close();
});

const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();

function multipart(files: { name?: string; filename: string; type: string; data: Buffer }[]) {
  const boundary = `----storefront${Math.random().toString(16).slice(2)}`;
  const parts = files.map((file) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? "images"}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(token: string, files: Parameters<typeof multipart>[0]) {
  const body = multipart(files);
  return t.call({ method: "POST", url: "/api/user/upload", token, payload: body.payload, headers: body.headers });
}

describe("GET and PUT /api/user/{id}", () => {
  it("answers your own profile, 401 without a session, 403 for another user's id", async () => {
    const me = await t.signUpVerified();
    const other = await t.signUpVerified();
    const own = await t.call({ method: "GET", url: `/api/user/${me.userId}`, token: me.token });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ error: false, id: me.userId, _id: me.userId, email: me.email, phone: "9876543210" });
    expect(own.body).not.toHaveProperty("passwordHash");
    expect((await t.call({ method: "GET", url: `/api/user/${me.userId}` })).status).toBe(401);
    const foreign = await t.call({ method: "GET", url: `/api/user/${other.userId}`, token: me.token });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ error: true, msg: "You can only see and change your own account." });
    expect((await t.call({ method: "GET", url: "/api/user/not-a-uuid", token: me.token })).status).toBe(400);
  });

  it("updates name, phone and photo from your own upload; e-mail stays read-only; 'user updated'", async () => {
    const me = await t.signUpVerified();
    const uploaded = await upload(me.token, [{ filename: "me.png", type: "image/png", data: await png() }]);
    const [image] = uploaded.body.images as string[];
    expect(image).toMatch(/^u-[0-9a-f]{32}\.webp$/);
    const response = await t.call({
      method: "PUT",
      url: `/api/user/${me.userId}`,
      token: me.token,
      payload: { name: "Asha R.", email: "changed@example.com", phone: "9000000001", images: [image] },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      msg: "user updated",
      name: "Asha R.",
      email: me.email,
      phone: "9000000001",
      images: [image],
      imageUrls: [`${TEST_PUBLIC_URL}/download/${image}`],
    });
    const pending = await t.call({ method: "GET", url: "/api/imageUpload", token: me.token });
    expect(pending.body).toEqual([]);
  });

  it.each([
    [{ name: "", phone: "9000000001", images: ["x.webp"] }],
    [{ name: "Asha", phone: "", images: ["x.webp"] }],
    [{ name: "Asha", phone: "9000000001", images: [] }],
    [{}],
  ])("refuses %j with 'Please fill all the details'", async (payload) => {
    const me = await t.signUpVerified();
    const response = await t.call({ method: "PUT", url: `/api/user/${me.userId}`, token: me.token, payload });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe("Please fill all the details");
  });

  it("refuses a photo someone else uploaded, and another user's id", async () => {
    const me = await t.signUpVerified();
    const other = await t.signUpVerified();
    const theirs = await upload(other.token, [{ filename: "x.png", type: "image/png", data: await png(100, 100) }]);
    const payload = { name: "Asha", phone: "9000000001", images: theirs.body.images };
    const stolen = await t.call({ method: "PUT", url: `/api/user/${me.userId}`, token: me.token, payload });
    expect(stolen.status).toBe(400);
    const foreign = await t.call({ method: "PUT", url: `/api/user/${other.userId}`, token: me.token, payload });
    expect(foreign.status).toBe(403);
  });
});

describe("saving a profile (the rules the web's My Account and the API share)", () => {
  it("keeps the current photo when no new one is given, and refuses a profile that would have none", async () => {
    const me = await t.signUpVerified();
    const { accounts } = t.app.services;
    await expect(accounts.saveProfile({ userId: me.userId, name: "Asha", phone: "9000000001" })).rejects.toMatchObject({
      status: 400,
      message: "Please fill all the details",
    });
    const saved = await accounts.saveProfile({ userId: me.userId, name: "Asha", phone: "9000000001", photo: await png(80, 80) });
    expect(saved.images).toHaveLength(1);
    const renamed = await accounts.saveProfile({ userId: me.userId, name: "Asha R.", phone: "9000000001" });
    expect(renamed).toMatchObject({ name: "Asha R.", images: saved.images });
    const pending = await t.call({ method: "GET", url: "/api/imageUpload", token: me.token });
    expect(pending.body).toEqual([]);
  });

  it("refuses a photo over UPLOAD_MAX_BYTES with the same message as the upload route", async () => {
    const me = await t.signUpVerified();
    const photo = new Uint8Array(300 * 1024 + 1);
    await expect(
      t.app.services.accounts.saveProfile({ userId: me.userId, name: "Asha", phone: "9000000001", photo }),
    ).rejects.toMatchObject({ status: 413, message: "The photo is larger than 0.3 MB. Please choose a smaller one." });
  });
});

describe("PUT /api/user/changePassword/{id}", () => {
  it("checks the old password, ends the other sessions and keeps this one", async () => {
    const me = await t.signUpVerified();
    const otherDevice = (await t.signIn(me.email)).body.token as string;
    const wrongOld = await t.call({
      method: "PUT",
      url: `/api/user/changePassword/${me.userId}`,
      token: me.token,
      payload: { password: "not my password", newPass: "a brand new passphrase", confirmPass: "a brand new passphrase" },
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.msg).toBe("The old password is not correct.");
    const changed = await t.call({
      method: "PUT",
      url: `/api/user/changePassword/${me.userId}`,
      token: me.token,
      payload: {
        name: "Asha",
        email: me.email,
        password: GOOD_PASSWORD,
        newPass: "a brand new passphrase",
        phone: "1",
        images: [],
      },
    });
    expect(changed.status).toBe(200);
    expect((await t.call({ method: "GET", url: `/api/user/${me.userId}`, token: me.token })).status).toBe(200);
    expect((await t.call({ method: "GET", url: `/api/user/${me.userId}`, token: otherDevice })).status).toBe(401);
    expect((await t.signIn(me.email, "a brand new passphrase")).status).toBe(200);
  });

  it.each([
    [{ password: "", newPass: "a brand new passphrase", confirmPass: "a brand new passphrase" }, "Please fill all the details"],
    [{ password: GOOD_PASSWORD, newPass: "", confirmPass: "" }, "Please fill all the details"],
    [
      { password: GOOD_PASSWORD, newPass: "a brand new passphrase", confirmPass: "different" },
      "Password and confirm password not match",
    ],
  ])("refuses %j with %s", async (payload, msg) => {
    const me = await t.signUpVerified();
    const response = await t.call({ method: "PUT", url: `/api/user/changePassword/${me.userId}`, token: me.token, payload });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe(msg);
  });

  it("refuses another user's id", async () => {
    const me = await t.signUpVerified();
    const other = await t.signUpVerified();
    const response = await t.call({
      method: "PUT",
      url: `/api/user/changePassword/${other.userId}`,
      token: me.token,
      payload: { password: GOOD_PASSWORD, newPass: "a brand new passphrase" },
    });
    expect(response.status).toBe(403);
    expect((await t.signIn(other.email)).status).toBe(200);
  });
});

describe("sessions", () => {
  it("logout ends the session server-side and clears the cookie", async () => {
    const me = await t.signUpVerified();
    const response = await t.call({ method: "POST", url: "/api/user/logout", token: me.token });
    expect(response.status).toBe(200);
    expect(String(response.headers["set-cookie"])).toMatch(/^sid=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
    expect((await t.call({ method: "GET", url: `/api/user/${me.userId}`, token: me.token })).status).toBe(401);
  });

  it("accepts the session cookie as well as the bearer token", async () => {
    const me = await t.signUpVerified();
    const response = await t.call({ method: "GET", url: `/api/user/${me.userId}`, cookies: { sid: me.token } });
    expect(response.status).toBe(200);
  });

  it("expires sessions, and slides a session's expiry forward at most once an hour", async () => {
    const me = await t.signUpVerified();
    const [before] = await t.app.db.select().from(sessions).where(eq(sessions.userId, me.userId));
    await t.call({ method: "GET", url: `/api/user/${me.userId}`, token: me.token });
    const [unchanged] = await t.app.db.select().from(sessions).where(eq(sessions.userId, me.userId));
    expect(unchanged?.expiresAt).toEqual(before?.expiresAt);

    await t.app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '2 hours'`, expiresAt: sql`now() + interval '1 day'` })
      .where(eq(sessions.userId, me.userId));
    await t.call({ method: "GET", url: `/api/user/${me.userId}`, token: me.token });
    const [slid] = await t.app.db.select().from(sessions).where(eq(sessions.userId, me.userId));
    expect((slid?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

    await t.app.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(sessions.userId, me.userId));
    expect((await t.call({ method: "GET", url: `/api/user/${me.userId}`, token: me.token })).status).toBe(401);
  });
});

describe("CSRF protection of cookie-authenticated changes", () => {
  const logoutWith = (token: string, headers: Record<string, string>, bearer = false) =>
    t.call({
      method: "POST",
      url: "/api/user/logout",
      ...(bearer ? { token } : { cookies: { sid: token } }),
      headers,
    });

  it("refuses a cookie-authenticated POST from another origin (403) and keeps the session", async () => {
    const me = await t.signUpVerified();
    const response = await logoutWith(me.token, { origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(response.body.msg).toMatch(/came from another site/);
    expect((await t.call({ method: "GET", url: `/api/user/${me.userId}`, token: me.token })).status).toBe(200);
  });

  it("refuses a cross-site request without Origin by Sec-Fetch-Site", async () => {
    const me = await t.signUpVerified();
    expect((await logoutWith(me.token, { "sec-fetch-site": "cross-site" })).status).toBe(403);
  });

  it("judges a request without Origin or Sec-Fetch-Site by its Referer, and refuses one without any of the three", async () => {
    const me = await t.signUpVerified();
    expect((await logoutWith(me.token, { referer: "https://evil.example/page" })).status).toBe(403);
    expect((await logoutWith(me.token, { referer: "not a url" })).status).toBe(403);
    const none = await logoutWith(me.token, {});
    expect(none.status).toBe(403);
    expect(none.body.msg).toMatch(/came from another site/);
    expect((await t.call({ method: "GET", url: `/api/user/${me.userId}`, token: me.token })).status).toBe(200);
    expect((await logoutWith(me.token, { referer: `${TEST_PUBLIC_URL}/my-account?tab=profile` })).status).toBe(200);
  });

  it("accepts the shop's own origin, and bearer requests from anywhere", async () => {
    const me = await t.signUpVerified();
    const other = await t.signUpVerified();
    expect((await logoutWith(me.token, { origin: TEST_PUBLIC_URL })).status).toBe(200);
    expect((await logoutWith(other.token, { origin: "https://evil.example" }, true)).status).toBe(200);
  });
});

describe("photo uploads", () => {
  it("re-encodes a PNG to WebP of at most 512 px without metadata, pending until saved, served by /download", async () => {
    const me = await t.signUpVerified();
    const withExif = await sharp(await png(1600, 1200))
      .withExif({ IFD0: { Copyright: "secret location" } })
      .jpeg()
      .toBuffer();
    const response = await upload(me.token, [{ filename: "photo.jpg", type: "image/jpeg", data: withExif }]);
    expect(response.status).toBe(200);
    expect(response.body.msg).toBe("Images Uploaded!");
    const [name] = response.body.images as string[];
    expect(name).toMatch(/^u-[0-9a-f]{32}\.webp$/);
    const [url] = response.body.imageUrls as string[];
    expect(url).toBe(`${TEST_PUBLIC_URL}/download/${name}`);
    const file = await t.app.server.inject({ method: "GET", url: new URL(url ?? "").pathname });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 512, height: 384 });
    expect(meta.exif).toBeUndefined();
    const pending = await t.call({ method: "GET", url: "/api/imageUpload", token: me.token });
    const rows = pending.body as unknown as { images: string[]; imageUrls: string[] }[];
    expect(rows.map((p) => p.images[0])).toEqual([name]);
    expect(rows.map((p) => p.imageUrls[0])).toEqual([url]);
  });

  it.each([
    ["an SVG", "me.svg", "image/svg+xml", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ["HTML named .png", "me.png", "image/png", Buffer.from("<html><script>alert(1)</script></html>")],
    [
      "a JPEG-headed HTML polyglot",
      "me.jpg",
      "image/jpeg",
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("<html><script>alert(1)</script></html>")]),
    ],
    ["a GIF", "me.gif", "image/gif", Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;")],
  ])("refuses %s with the spec's message", async (_label, filename, type, data) => {
    const me = await t.signUpVerified();
    const response = await upload(me.token, [{ filename, type, data }]);
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ error: true, msg: "Please select a valid JPG or PNG image file." });
    const rows = await t.app.db.select().from(uploads).where(eq(uploads.userId, me.userId));
    expect(rows).toHaveLength(0);
  });

  it("refuses a file over UPLOAD_MAX_BYTES with 413 and a clear message", async () => {
    const me = await t.signUpVerified();
    const noise = await sharp(Buffer.from(Array.from({ length: 600 * 600 * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: 600, height: 600, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const response = await upload(me.token, [{ filename: "big.png", type: "image/png", data: noise }]);
    expect(response.status).toBe(413);
    expect(response.body.msg).toBe("The photo is larger than 0.3 MB. Please choose a smaller one.");
  });

  it("refuses an image with more pixels than UPLOAD_MAX_PIXELS", async () => {
    const me = await t.signUpVerified();
    const huge = await sharp({ create: { width: 4000, height: 1500, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const response = await upload(me.token, [{ filename: "huge.png", type: "image/png", data: huge }]);
    expect(response.status).toBe(413);
  });

  it("without a session only stages the photo (not stored, not served, not anyone's), and needs a multipart body", async () => {
    const me = await t.signUpVerified();
    const body = multipart([{ filename: "a.png", type: "image/png", data: await png(10, 10) }]);
    const anonymous = await t.call({ method: "POST", url: "/api/user/upload", payload: body.payload, headers: body.headers });
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toMatchObject({ error: false, staged: true });
    const [name] = anonymous.body.images as string[];
    expect((await t.app.server.inject({ method: "GET", url: `/download/${name}` })).statusCode).toBe(404);
    expect(
      await t.app.db
        .select()
        .from(uploads)
        .where(eq(uploads.fileName, name ?? "")),
    ).toHaveLength(0);
    // Another requester (a fresh network here) claims nothing.
    expect((await t.call({ method: "GET", url: "/api/imageUpload", token: me.token })).body).toEqual([]);
    const json = await t.call({ method: "POST", url: "/api/user/upload", token: me.token, payload: { images: "x" } });
    expect(json.status).toBe(415);
  });

  it("lists and deletes only the caller's own pending uploads", async () => {
    const me = await t.signUpVerified();
    const other = await t.signUpVerified();
    await upload(me.token, [{ filename: "a.png", type: "image/png", data: await png(50, 50) }]);
    const theirs = await upload(other.token, [{ filename: "b.png", type: "image/png", data: await png(60, 60) }]);
    const deleted = await t.call({ method: "DELETE", url: "/api/imageUpload/deleteAllImages", token: me.token });
    expect(deleted.body).toMatchObject({ error: false, deleted: 1 });
    expect(await t.call({ method: "GET", url: "/api/imageUpload", token: me.token }).then((r) => r.body)).toEqual([]);
    const remaining = (await t.call({ method: "GET", url: "/api/imageUpload", token: other.token })).body as unknown as {
      images: string[];
    }[];
    expect(remaining.map((p) => p.images[0])).toEqual(theirs.body.images);
    expect((await t.call({ method: "GET", url: "/api/imageUpload" })).status).toBe(401);
  });

  it("keeps saved photos when pending ones are deleted", async () => {
    const me = await t.signUpVerified();
    const saved = await upload(me.token, [{ filename: "a.png", type: "image/png", data: await png(50, 50) }]);
    await t.call({
      method: "PUT",
      url: `/api/user/${me.userId}`,
      token: me.token,
      payload: { name: "Asha", phone: "9000000001", images: saved.body.images },
    });
    await t.call({ method: "DELETE", url: "/api/imageUpload/deleteAllImages", token: me.token });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, me.userId));
    expect(row?.images).toHaveLength(1);
    const file = await t.app.server.inject({ method: "GET", url: `/download/${row?.images[0]}` });
    expect(file.statusCode).toBe(200);
  });
});
