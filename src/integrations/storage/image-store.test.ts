import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ImageAlreadyStoredError, type ImageStore, readAll } from "#domain/media/ports.ts";
import { type S3StandIn, startS3Server } from "#tests/support/s3-server.ts";
import { createImageStores, type ImageStores } from "./image-stores.ts";

// One contract, two adapters: what the media services and /download rely on holds for the disk and for a bucket.
let s3: S3StandIn;
let dir: string;
const stores: Record<"local disk" | "S3", ImageStores> = {} as never;
beforeAll(async () => {
  s3 = await startS3Server();
  dir = await mkdtemp(path.join(tmpdir(), "image-store-"));
  stores["local disk"] = await createImageStores({
    kind: "local",
    imagesDir: path.join(dir, "images"),
    variantsDir: path.join(dir, "variants"),
  });
  stores.S3 = await createImageStores({ kind: "s3", ...s3, forcePathStyle: true });
});
afterAll(async () => {
  for (const store of Object.values(stores)) store.close();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

const bytes = (text: string) => new TextEncoder().encode(text);
const text = async (store: ImageStore, name: string) => {
  const image = await store.read(name);
  return image && (await readAll(image)).toString();
};

describe.each(["local disk", "S3"] as const)("image store on %s", (kind) => {
  const originals = () => stores[kind].originals;

  it("reads back what was put, with its size, type, entity tag and date; then deletes it", async () => {
    await originals().put("p-read.webp", bytes("RIFF picture"));
    expect(await originals().exists("p-read.webp")).toBe(true);
    const image = await originals().read("p-read.webp");
    expect(image).toMatchObject({ size: 12, contentType: "image/webp" });
    expect(image?.etag).toMatch(/^(W\/)?".+"$/);
    expect(Math.abs(Date.now() - (image?.lastModified.getTime() ?? 0))).toBeLessThan(60_000);
    expect(image && (await readAll(image)).toString()).toBe("RIFF picture");

    await originals().delete("p-read.webp");
    expect(await originals().exists("p-read.webp")).toBe(false);
    expect(await originals().read("p-read.webp")).toBeNull();
  });

  it("answers null and false for a name that was never stored, and deleting it is no error", async () => {
    expect(await originals().read("p-never.webp")).toBeNull();
    expect(await originals().exists("p-never.webp")).toBe(false);
    await expect(originals().delete("p-never.webp")).resolves.toBeUndefined();
  });

  it("keeps each width's copies apart from the originals and from other widths", async () => {
    await originals().put("b-wide.webp", bytes("original"));
    await stores[kind].variants(320).put("b-wide.webp", bytes("at 320"));
    expect(await text(originals(), "b-wide.webp")).toBe("original");
    expect(await text(stores[kind].variants(320), "b-wide.webp")).toBe("at 320");
    expect(await stores[kind].variants(640).exists("b-wide.webp")).toBe(false);
  });

  it("reads unless the tag is the stored one: the image for another tag, null for a name never stored", async () => {
    await originals().put("t-other.webp", bytes("tagged"));
    const other = await originals().readUnlessEtag("t-other.webp", '"not-its-tag"');
    expect(other !== "unchanged" && other && (await readAll(other)).toString()).toBe("tagged");
    expect(await originals().readUnlessEtag("t-never.webp", '"any"')).toBeNull();
  });

  it.each(["../escape.webp", "..", ".hidden", "a/b.webp", "images%2Fx", "", "x\0.webp", "/etc/passwd"])(
    "refuses the name %j before touching the store",
    async (name) => {
      await expect(originals().put(name, bytes("x"))).rejects.toThrow(/not a stored image name/);
      await expect(originals().read(name)).rejects.toThrow(/not a stored image name/);
      await expect(originals().exists(name)).rejects.toThrow(/not a stored image name/);
      await expect(originals().delete(name)).rejects.toThrow(/not a stored image name/);
    },
  );
});

describe("image store on local disk", () => {
  it("refuses to put a name that is taken, keeps the first bytes and leaves no temporary file", async () => {
    const { originals } = stores["local disk"];
    await originals.put("u-once.webp", bytes("first"));
    await expect(originals.put("u-once.webp", bytes("second"))).rejects.toBeInstanceOf(ImageAlreadyStoredError);
    expect(await text(originals, "u-once.webp")).toBe("first");
    expect((await readdir(path.join(dir, "images"))).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });
});

describe("image store on S3", () => {
  it("stores pictures under images/ and copies under variants/{width}/ in the bucket, with their media type", async () => {
    await stores.S3.originals.put("c-keys.webp", bytes("c"));
    await stores.S3.variants(160).put("c-keys.webp", bytes("c small"));
    const object = (key: string) => fetch(`${s3.endpoint}/${s3.bucket}/${key}`, { method: "HEAD" });
    // The stand-in answers anonymous reads of its objects; a 404 would say the key is not where decision 018 puts it.
    expect((await object("images/c-keys.webp")).status).toBe(200);
    expect((await object("images/c-keys.webp")).headers.get("content-type")).toBe("image/webp");
    expect((await object("variants/160/c-keys.webp")).status).toBe(200);
  });

  it('answers a read unless the tag is the stored one with "unchanged": S3 answered the conditional GET with a 304', async () => {
    const { originals } = stores.S3;
    await originals.put("c-tag.webp", bytes("tagged"));
    const image = await originals.read("c-tag.webp");
    const etag = image?.etag ?? "";
    image?.body.destroy();
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    expect(await originals.readUnlessEtag("c-tag.webp", etag)).toBe("unchanged");
  });

  // s3rver does not verify SigV4 signatures, so wrong keys cannot be shown here; a missing bucket can.
  it("passes the start-up check for its bucket, and names S3_BUCKET when the bucket is not there", async () => {
    await expect(stores.S3.check()).resolves.toBeUndefined();
    const elsewhere = await createImageStores({ kind: "s3", ...s3, bucket: "no-such-bucket", forcePathStyle: true });
    try {
      await expect(elsewhere.check()).rejects.toThrow('S3_BUCKET: cannot use bucket "no-such-bucket" (no such bucket)');
    } finally {
      elsewhere.close();
    }
  });

  // AWS S3 and MinIO refuse the conditional write (If-None-Match: *) with a 412; s3rver ignores the condition, so that
  // refusal cannot be shown here. What can: a 412 from the server becomes the port's ImageAlreadyStoredError.
  it("turns the server's refusal of a taken name into ImageAlreadyStoredError", async () => {
    const { createS3ImageStore } = await import("./s3.ts");
    const refusing = {
      send: async () => Promise.reject(Object.assign(new Error("PreconditionFailed"), { $metadata: { httpStatusCode: 412 } })),
    };
    const store = createS3ImageStore({ client: refusing as never, bucket: s3.bucket, prefix: "images/" });
    await expect(store.put("u-taken.webp", bytes("x"))).rejects.toBeInstanceOf(ImageAlreadyStoredError);
  });
});
