import { describe, expect, it } from "vitest";
import type { Banner, Category } from "#domain/catalog/types.ts";
import { bannerHref, hourlyPick, toBannerData } from "./home-data.server.ts";

const categories: Category[] = [
  { id: "c1", name: "Fashion", color: "#fff", images: [], children: [{ id: "s1", name: "Shirts", parentId: "c1" }] },
];

describe("bannerHref", () => {
  it("opens the sub-category when the banner carries one, otherwise the category", () => {
    expect(bannerHref({ subCatId: "s1", catId: "c1" })).toBe("/products/subCat/s1");
    expect(bannerHref({ subCatId: null, catId: "c1" })).toBe("/products/category/c1");
  });
});

describe("toBannerData", () => {
  it("shows the first picture without spaces in its name and names the banner after its target", () => {
    const banners: Banner[] = [
      { id: "b1", kind: "home", images: ["a b.webp", "c.webp"], catId: "c1", subCatId: "s1" },
      { id: "b2", kind: "home", images: [], catId: "c1", subCatId: null },
    ];
    expect(toBannerData(banners, categories)).toEqual([
      { id: "b1", image: "ab.webp", href: "/products/subCat/s1", label: "Shop Fashion / Shirts" },
      { id: "b2", image: null, href: "/products/category/c1", label: "Shop Fashion" },
    ]);
  });
});

describe("hourlyPick", () => {
  const hour = 3_600_000;
  it("is the same all hour long, below the count, and not always the same category", () => {
    const start = 1_780_000_000_000 - (1_780_000_000_000 % hour);
    expect(hourlyPick(start, 9)).toBe(hourlyPick(start + hour - 1, 9));
    const picks = Array.from({ length: 48 }, (_, index) => hourlyPick(start + index * hour, 9));
    expect(picks.every((pick) => Number.isInteger(pick) && pick >= 0 && pick < 9)).toBe(true);
    expect(new Set(picks).size).toBeGreaterThan(4);
    expect(hourlyPick(start, 0)).toBe(0);
  });
});
