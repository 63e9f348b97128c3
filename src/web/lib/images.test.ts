import { describe, expect, it } from "vitest";
import { imageUrl } from "#shared/images.ts";
import { imageSrcSet } from "./images.ts";

describe("image URLs", () => {
  it("serves stored images under /download", () => {
    expect(imageUrl("p-1.webp")).toBe("/download/p-1.webp");
  });

  it("offers the server's narrower copies, then the picture itself at its own width", () => {
    expect(imageSrcSet("p-1.webp", 600)).toBe(
      "/download/p-1.webp?w=160 160w, /download/p-1.webp?w=320 320w, /download/p-1.webp?w=480 480w, /download/p-1.webp 600w",
    );
    expect(imageSrcSet("b.webp", 1600).split(", ").at(-2)).toBe("/download/b.webp?w=1280 1280w");
    expect(imageSrcSet("b.webp", 1600).split(", ").at(-1)).toBe("/download/b.webp 1600w");
  });
});
