import { describe, expect, it } from "vitest";
import { robotsTxt, SITEMAP_MAX_URLS, sitemapXml } from "./sitemap-xml.server.ts";

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
