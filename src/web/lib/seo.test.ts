import { describe, expect, it } from "vitest";
import { absoluteUrl, seoMeta } from "./seo.ts";

const matches = [
  { id: "root", loaderData: { publicUrl: "https://shop.example/" } },
  { id: "routes/home", loaderData: {} },
];

describe("seoMeta", () => {
  it("gives a page its title, description, absolute canonical URL and Open Graph tags", () => {
    const tags = seoMeta({ title: "Fashion", description: "Shirts and more.", path: "/products/category/abc" }, matches);
    expect(tags).toEqual(
      expect.arrayContaining([
        { title: "Fashion | Storefront" },
        { name: "description", content: "Shirts and more." },
        { tagName: "link", rel: "canonical", href: "https://shop.example/products/category/abc" },
        { property: "og:title", content: "Fashion | Storefront" },
        { property: "og:description", content: "Shirts and more." },
        { property: "og:url", content: "https://shop.example/products/category/abc" },
        { property: "og:type", content: "website" },
      ]),
    );
    expect(tags.some((tag) => "property" in tag && tag.property === "og:image")).toBe(false);
  });

  it("makes the preview image absolute and does not repeat the site name", () => {
    const tags = seoMeta({ title: "Storefront", description: "d", path: "/", image: "/download/b.webp" }, matches);
    expect(tags).toContainEqual({ title: "Storefront" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://shop.example/download/b.webp" });
  });

  it("falls back to relative URLs when the root has no data (error pages)", () => {
    const tags = seoMeta({ title: "Oops", description: "d", path: "/x" }, [{ id: "root", loaderData: undefined }]);
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "/x" });
  });
});

describe("absoluteUrl", () => {
  it("joins origin and path with one slash and keeps absolute URLs", () => {
    expect(absoluteUrl("http://a.test", "b")).toBe("http://a.test/b");
    expect(absoluteUrl("http://a.test/", "/b")).toBe("http://a.test/b");
    expect(absoluteUrl("http://a.test", "https://cdn.test/i.png")).toBe("https://cdn.test/i.png");
  });
});
