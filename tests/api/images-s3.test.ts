import { existsSync } from "node:fs";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AccountsTestApp, createAccountsTestApp, uniqueIp } from "../support/accounts.ts";
import { type S3StandIn, startS3Server } from "../support/s3-server.ts";
import { multipart, solidPng } from "../support/uploads.ts";

// Pictures in object storage (docs/decisions/018-object-storage.md): with S3_BUCKET set, uploads and their narrower
// copies live in the bucket, /download streams them with the same caching as from the disk, and DATA_DIR holds none.
let s3: S3StandIn;
let t: AccountsTestApp;
let bucket: S3Client;
beforeAll(async () => {
  s3 = await startS3Server();
  t = await createAccountsTestApp(s3.env);
  bucket = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
});
afterAll(async () => {
  bucket?.destroy();
  await t?.close();
  // The last test has already stopped it.
  if (!stopped) await s3?.close();
});
let stopped = false;

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) s3-test";
const IMMUTABLE = "public, max-age=31536000, immutable";

/** Every key in the bucket under `prefix`, read with S3's own listing (not through the shop). */
async function keysIn(prefix: string): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key ?? "").sort();
}

async function uploadPhoto(options: { token?: string; ip?: string } = {}): Promise<string> {
  const body = multipart([{ filename: "me.png", type: "image/png", data: await solidPng(900, 600) }]);
  const response = await t.call({
    method: "POST",
    url: "/api/user/upload",
    payload: body.payload,
    headers: { ...body.headers, "user-agent": BROWSER },
    ...options,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const [name] = response.body.images as string[];
  return name as string;
}

const download = (url: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
  t.app.server.inject({ method, url, headers });

describe("with S3_BUCKET set", () => {
  it("stores an uploaded photo in the bucket and serves it at /download with a year of immutable caching", async () => {
    const me = await t.signUpVerified();
    const name = await uploadPhoto({ token: me.token });
    expect(await keysIn(`images/${name}`)).toEqual([`images/${name}`]);

    const response = await download(`/download/${name}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(response.headers["cache-control"]).toBe(IMMUTABLE);
    expect(response.headers["content-length"]).toBe(String(response.rawPayload.byteLength));
    expect(response.headers["last-modified"]).toMatch(/GMT$/);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: "webp", width: 512 });

    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const again = await download(`/download/${name}`, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.byteLength).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["cache-control"]).toBe(IMMUTABLE);
    const changed = await download(`/download/${name}`, { "if-none-match": '"something-else"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(response.rawPayload)).toBe(true);
    // Conditions S3 is not asked (a weak tag, a list of tags) are compared by the shop on the image it read.
    for (const condition of [`W/${etag}`, `"something-else", ${etag}`]) {
      const weak = await download(`/download/${name}`, { "if-none-match": condition });
      expect(weak.statusCode, condition).toBe(304);
      expect(weak.headers.etag).toBe(etag);
    }
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const me = await t.signUpVerified();
    const name = await uploadPhoto({ token: me.token });
    const full = await download(`/download/${name}`);
    const head = await download(`/download/${name}`, {}, "HEAD");
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.byteLength).toBe(0);
    expect(head.headers["content-length"]).toBe(full.headers["content-length"]);
    expect(head.headers.etag).toBe(full.headers.etag);
  });

  it("makes a ?w= copy from the stored original once, keeps it in the bucket under variants/{width}/, and caches it alike", async () => {
    const me = await t.signUpVerified();
    const name = await uploadPhoto({ token: me.token });
    expect(await keysIn(`variants/160/${name}`)).toEqual([]);

    const response = await download(`/download/${name}?w=160`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(response.headers["cache-control"]).toBe(IMMUTABLE);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: "webp", width: 160 });
    expect(await keysIn(`variants/160/${name}`)).toEqual([`variants/160/${name}`]);

    const again = await download(`/download/${name}?w=160`);
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
    expect((await download(`/download/${name}?w=160`, { "if-none-match": String(response.headers.etag) })).statusCode).toBe(304);
  });

  it("answers 404 for a picture the bucket does not have, and makes no copy of it", async () => {
    for (const url of ["/download/p-missing.webp", "/download/p-missing.webp?w=320"]) {
      const response = await download(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: true, msg: "File not found" });
    }
    expect(await keysIn("variants/320/p-missing")).toEqual([]);
  });

  it("writes a photo staged without a session to the bucket when its requester's next signed-in request claims it", async () => {
    const me = await t.signUpVerified();
    const ip = uniqueIp();
    const name = await uploadPhoto({ ip });
    expect(await keysIn(`images/${name}`)).toEqual([]);
    const pending = await t.call({
      method: "GET",
      url: "/api/imageUpload",
      token: me.token,
      ip,
      headers: { "user-agent": BROWSER },
    });
    expect((pending.body as unknown as { images: string[] }[]).map((row) => row.images[0])).toEqual([name]);
    expect(await keysIn(`images/${name}`)).toEqual([`images/${name}`]);
    expect((await download(`/download/${name}`)).statusCode).toBe(200);
  });

  it("deletes pending photos from the bucket", async () => {
    const me = await t.signUpVerified();
    const name = await uploadPhoto({ token: me.token });
    await t.call({ method: "DELETE", url: "/api/imageUpload/deleteAllImages", token: me.token });
    expect(await keysIn(`images/${name}`)).toEqual([]);
    expect((await download(`/download/${name}`)).statusCode).toBe(404);
  });

  it("writes no picture to DATA_DIR", () => {
    expect(existsSync(t.app.config.paths.images)).toBe(false);
    expect(existsSync(t.app.config.paths.imageVariants)).toBe(false);
  });
});

describe("when the bucket does not answer", () => {
  it("answers 503 with Retry-After, not a 500 or a 404: the picture is not gone", async () => {
    const me = await t.signUpVerified();
    const name = await uploadPhoto({ token: me.token });
    await s3.close();
    stopped = true;
    for (const url of [`/download/${name}`, `/download/${name}?w=160`]) {
      const response = await download(url);
      expect(response.statusCode, url).toBe(503);
      expect(response.headers["retry-after"], url).toBe("5");
      expect(response.headers["cache-control"], url).toBe("no-store");
      expect(response.json().msg, url).toBe("The shop is busy, try again shortly.");
    }
  });
});
