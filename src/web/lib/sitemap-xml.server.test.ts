import { describe, expect, it } from "vitest";
import { robotsTxt, SITEMAP_MAX_URLS, sitemapIndexXml, sitemapLayout, sitemapXml } from "./sitemap-xml.server.ts";

describe("sitemapXml", () => {
  it("lists every URL with its date, XML-escaped", () => {
    const xml = sitemapXml([
      { loc: "https://shop.test/" },
      { loc: "https://shop.test/search?q=a&b", lastmod: new Date("2026-01-02T10:00:00Z") },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<url><loc>https://shop.test/</loc></url>");
    expect(xml).toContain("<url><loc>https://shop.test/search?q=a&amp;b</loc><lastmod>2026-01-02</lastmod></url>");
  });

  it("stops at the protocol's 50,000 URLs", () => {
    const entries = Array.from({ length: SITEMAP_MAX_URLS + 5 }, (_, i) => ({ loc: `https://shop.test/product/${i}` }));
    expect(sitemapXml(entries).match(/<url>/g)).toHaveLength(SITEMAP_MAX_URLS);
  });
});

describe("sitemapLayout", () => {
  it("keeps one file while the pages and products fit, and answers no other part", () => {
    const layout = sitemapLayout(40, SITEMAP_MAX_URLS - 40);
    expect(layout).toMatchObject({ indexed: false, files: 1 });
    expect(layout.part(1)).toEqual({ pages: true, offset: 0, limit: SITEMAP_MAX_URLS - 40 });
    expect(layout.part(2)).toBeNull();
    expect(layout.part(0)).toBeNull();
  });

  it("splits a larger catalogue into the pages, then the products, a file's worth to a part", () => {
    const layout = sitemapLayout(44, 1_000_000);
    expect(layout).toMatchObject({ indexed: true, files: 21 });
    expect(layout.part(1)).toEqual({ pages: true, offset: 0, limit: 0 });
    expect(layout.part(2)).toEqual({ pages: false, offset: 0, limit: SITEMAP_MAX_URLS });
    expect(layout.part(21)).toEqual({ pages: false, offset: 19 * SITEMAP_MAX_URLS, limit: SITEMAP_MAX_URLS });
    expect(layout.part(22)).toBeNull();
    expect(layout.part(1.5)).toBeNull();
    // One product over the limit is enough for an index; the parts then cover every product exactly once.
    const small = sitemapLayout(3, 7, 9);
    expect(small).toMatchObject({ indexed: true, files: 2 });
    expect(small.part(2)).toEqual({ pages: false, offset: 0, limit: 9 });
  });

  it("writes the index of the parts, XML-escaped", () => {
    const xml = sitemapIndexXml(["https://shop.test/sitemap.xml?part=1", "https://shop.test/sitemap.xml?part=2&x=<"]);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<sitemap><loc>https://shop.test/sitemap.xml?part=1</loc></sitemap>");
    expect(xml).toContain("<sitemap><loc>https://shop.test/sitemap.xml?part=2&amp;x=&lt;</loc></sitemap>");
  });
});

describe("robotsTxt", () => {
  it("allows everything but the API and per-shopper pages, and names the sitemap", () => {
    const text = robotsTxt("https://shop.test/");
    expect(text).toContain("User-agent: *\nAllow: /\n");
    for (const path of ["/api/", "/my-account", "/cart", "/checkout", "/orders", "/my-list"]) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }
    expect(text).toContain("Sitemap: https://shop.test/sitemap.xml\n");
  });
});
