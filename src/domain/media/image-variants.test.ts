import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createImageVariants } from "./image-variants.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "variants-"));
  const picture = await sharp({ create: { width: 1600, height: 600, channels: 3, background: "#1565c0" } })
    .webp()
    .toBuffer();
  await writeFile(path.join(dir, "b-1.webp"), picture);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("image variants", () => {
  it("gives concurrent requests the same finished copy, at the width asked for, with no temporary file left", async () => {
    const variants = createImageVariants({ imagesDir: dir, variantsDir: path.join(dir, "variants") });
    const answers = await Promise.all(Array.from({ length: 8 }, () => variants.variant("b-1.webp", 320)));
    expect(new Set(answers)).toEqual(new Set([path.join("320", "b-1.webp")]));
    expect(await readdir(path.join(dir, "variants", "320"))).toEqual(["b-1.webp"]);
    const { width, height, format } = await sharp(path.join(dir, "variants", "320", "b-1.webp")).metadata();
    expect({ width, height, format }).toEqual({ width: 320, height: 120, format: "webp" });
  });

  it("answers null for a picture that is not stored, and makes nothing", async () => {
    const variants = createImageVariants({ imagesDir: dir, variantsDir: path.join(dir, "variants") });
    expect(await variants.variant("p-missing.webp", 320)).toBeNull();
    expect(await readdir(dir)).toEqual(["b-1.webp"]);
  });
});
