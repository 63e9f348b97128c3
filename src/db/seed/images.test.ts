import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemoCatalog } from "./demo-catalog.ts";
import type { ImageSpec } from "./image-specs.ts";
import { renderImages } from "./images.ts";

const catalog = buildDemoCatalog({ products: 2 });
const pick = (kind: ImageSpec["kind"]) => catalog.images.filter((spec) => spec.kind === kind);
const productViews = pick("product").slice(0, 2);
const specs = [...productViews, pick("banner")[0], pick("category")[0]] as ImageSpec[];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "seed-images-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("renderImages", () => {
  it("writes each spec as a WebP of its size, then skips the files that exist", async () => {
    expect(await renderImages(specs, dir)).toEqual({ rendered: 4, skipped: 0 });
    for (const spec of specs) {
      const metadata = await sharp(path.join(dir, spec.fileName)).metadata();
      expect(metadata.format, spec.fileName).toBe("webp");
      expect([metadata.width, metadata.height], spec.fileName).toEqual([spec.width, spec.height]);
    }
    expect(await renderImages(specs, dir)).toEqual({ rendered: 0, skipped: 4 });
    expect((await readdir(dir)).sort()).toEqual(specs.map((spec) => spec.fileName).sort());
  });

  it("draws a product's second picture differently from its first (the card's hover shows it)", async () => {
    const [first, second] = await Promise.all(productViews.map((spec) => readFile(path.join(dir, spec.fileName))));
    expect(productViews[0]?.fileName).not.toBe(productViews[1]?.fileName);
    expect(first?.equals(second as Buffer)).toBe(false);
  });

  it("refuses a file name that could leave the images directory", async () => {
    const spec = { ...(specs[0] as ImageSpec), fileName: "../escape.webp" };
    await expect(renderImages([spec], dir)).rejects.toThrow(/unsafe file name/);
  });
});
