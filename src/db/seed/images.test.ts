import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createMemoryImageStore } from "#tests/support/memory-image-store.ts";
import { buildDemoCatalog } from "./demo-catalog.ts";
import type { ImageSpec } from "./image-specs.ts";
import { renderImages } from "./images.ts";

const catalog = buildDemoCatalog({ products: 2 });
const pick = (kind: ImageSpec["kind"]) => catalog.images.filter((spec) => spec.kind === kind);
const productViews = pick("product").slice(0, 2);
const specs = [...productViews, pick("banner")[0], pick("category")[0]] as ImageSpec[];

const { store, files } = createMemoryImageStore();
const stored = (name: string) => files.get(name)?.data as Buffer;

describe("renderImages", () => {
  it("writes each spec as a WebP of its size, then skips the files that exist", async () => {
    expect(await renderImages(specs, store)).toEqual({ rendered: 4, skipped: 0 });
    for (const spec of specs) {
      const metadata = await sharp(stored(spec.fileName)).metadata();
      expect(metadata.format, spec.fileName).toBe("webp");
      expect([metadata.width, metadata.height], spec.fileName).toEqual([spec.width, spec.height]);
    }
    expect(await renderImages(specs, store)).toEqual({ rendered: 0, skipped: 4 });
    expect([...files.keys()].sort()).toEqual(specs.map((spec) => spec.fileName).sort());
  });

  it("draws a product's second picture differently from its first (the card's hover shows it)", async () => {
    const [first, second] = productViews.map((spec) => stored(spec.fileName));
    expect(productViews[0]?.fileName).not.toBe(productViews[1]?.fileName);
    expect(first?.equals(second as Buffer)).toBe(false);
  });

  it("refuses a file name that could leave the images directory, before storing anything", async () => {
    const spec = { ...(specs[0] as ImageSpec), fileName: "../escape.webp" };
    const before = files.size;
    await expect(renderImages([spec], store)).rejects.toThrow(/unsafe file name/);
    expect(files.size).toBe(before);
  });

  it("counts a picture another instance stored while this one rendered it as skipped", async () => {
    const { store: racing } = createMemoryImageStore();
    const lateExists = { ...racing, exists: async () => false };
    await racing.put(productViews[0]?.fileName as string, new Uint8Array([1]));
    expect(await renderImages(productViews, lateExists)).toEqual({ rendered: 1, skipped: 1 });
  });
});
