import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { createMemoryImageStore } from "#tests/support/memory-image-store.ts";
import { createImageVariants } from "./image-variants.ts";
import { type ImageStore, readAll } from "./ports.ts";

let originals: ReturnType<typeof createMemoryImageStore>;
let copies: Map<number, ReturnType<typeof createMemoryImageStore>>;
const variantsAt = (width: number) => {
  if (!copies.has(width)) copies.set(width, createMemoryImageStore());
  return (copies.get(width) as ReturnType<typeof createMemoryImageStore>).store;
};
/** `store` with its reads counted. */
function countingReads(store: ImageStore) {
  const counted = {
    reads: 0,
    store: {
      ...store,
      read: (name: string) => {
        counted.reads++;
        return store.read(name);
      },
    },
  };
  return counted;
}
beforeEach(async () => {
  originals = createMemoryImageStore();
  copies = new Map();
  const picture = await sharp({ create: { width: 1600, height: 600, channels: 3, background: "#1565c0" } })
    .webp()
    .toBuffer();
  await originals.store.put("b-1.webp", picture);
});

describe("image variants", () => {
  it("gives concurrent requests the same copy, made once from the original and kept in the store at its width", async () => {
    const counted = countingReads(originals.store);
    const variants = createImageVariants({ originals: counted.store, variants: variantsAt });
    const answers = await Promise.all(Array.from({ length: 8 }, () => variants.variant("b-1.webp", 320)));
    expect(counted.reads).toBe(1);
    expect([...(copies.get(320)?.files.keys() ?? [])]).toEqual(["b-1.webp"]);
    const sent = await Promise.all(answers.map(async (image) => image && (await readAll(image))));
    expect(new Set(sent.map((data) => data?.toString("base64"))).size).toBe(1);
    const { width, height, format } = await sharp(sent[0] as Buffer).metadata();
    expect({ width, height, format }).toEqual({ width: 320, height: 120, format: "webp" });
  });

  it("answers null for a picture that is not stored, and makes nothing", async () => {
    const variants = createImageVariants({ originals: originals.store, variants: variantsAt });
    expect(await variants.variant("p-missing.webp", 320)).toBeNull();
    expect(copies.get(320)?.files.size ?? 0).toBe(0);
  });

  it("uses the copy another instance stored first", async () => {
    const small = await sharp({ create: { width: 320, height: 120, channels: 3, background: "#000" } })
      .webp()
      .toBuffer();
    await variantsAt(320).put("b-1.webp", small);
    const variants = createImageVariants({ originals: originals.store, variants: variantsAt });
    const image = await variants.variant("b-1.webp", 320);
    expect(image && (await readAll(image)).equals(small)).toBe(true);
  });

  it("answers unchanged when the stored copy still carries the client's tag, without reading the original", async () => {
    const counted = countingReads(originals.store);
    const copy = variantsAt(320);
    const tagged = {
      ...copy,
      readUnlessEtag: async (name: string, etag: string) => (etag === '"copy-tag"' ? ("unchanged" as const) : copy.read(name)),
    };
    const variants = createImageVariants({ originals: counted.store, variants: () => tagged });
    expect(await variants.variantUnlessEtag("b-1.webp", 320, '"copy-tag"')).toBe("unchanged");
    expect(counted.reads).toBe(0);
    // Another tag, and no copy yet: made from the original as `variant` does.
    const made = await variants.variantUnlessEtag("b-1.webp", 320, '"old-tag"');
    expect(made !== "unchanged" && made && (await sharp(await readAll(made)).metadata()).width).toBe(320);
    expect(counted.reads).toBe(1);
  });
});
