import { describe, expect, it } from "vitest";
import { imageUrl, isStoredImageName, storedImageName } from "./images.ts";

describe("stored image URLs and names", () => {
  it("serves stored images under /download, absolute when given the shop's origin", () => {
    expect(imageUrl("p-1.webp")).toBe("/download/p-1.webp");
    expect(imageUrl("u-1.webp", "https://shop.example")).toBe("https://shop.example/download/u-1.webp");
  });

  it("accepts only names the shop gives its images", () => {
    for (const name of ["u-0f3a.webp", "p_1.png", "B1.webp"]) expect(isStoredImageName(name)).toBe(true);
    for (const name of ["", "../x.webp", "a..b", ".env", "a/b.webp", "a%2Fb", "-x.webp", "x".repeat(201)]) {
      expect(isStoredImageName(name)).toBe(false);
    }
  });

  it("reads the stored name back from a URL the shop handed out, or a bare name", () => {
    expect(storedImageName("https://shop.example/download/u-1.webp?w=320")).toBe("u-1.webp");
    expect(storedImageName("u-1.webp")).toBe("u-1.webp");
    expect(storedImageName("https://shop.example/download/../secret")).toBeUndefined();
    expect(storedImageName("https://evil.example/x.webp")).toBeUndefined();
  });
});
