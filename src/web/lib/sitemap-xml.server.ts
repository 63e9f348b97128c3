/** One `<url>` of a sitemap (https://www.sitemaps.org/protocol.html). */
export interface SitemapEntry {
  loc: string;
  lastmod?: Date | undefined;
}

/** The protocol's limit for one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);
}

export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.slice(0, SITEMAP_MAX_URLS).map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString().slice(0, 10)}</lastmod>` : "";
    return `<url><loc>${escapeXml(entry.loc)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/**
 * One file while pages and products fit; past that, `/sitemap.xml` is an index of parts: part 1 the pages, then the
 * products newest first, `perFile` to a part.
 */
export function sitemapLayout(pageUrls: number, products: number, perFile = SITEMAP_MAX_URLS) {
  const indexed = pageUrls + products > perFile;
  const files = indexed ? 1 + Math.ceil(products / perFile) : 1;
  return {
    indexed,
    files,
    /** What part `n` (from 1) lists: whether the pages, and which products; null for a part that does not exist. */
    part(n: number): { pages: boolean; offset: number; limit: number } | null {
      if (!Number.isInteger(n) || n < 1 || n > files) return null;
      if (!indexed) return { pages: true, offset: 0, limit: products };
      if (n === 1) return { pages: true, offset: 0, limit: 0 };
      return { pages: false, offset: (n - 2) * perFile, limit: perFile };
    },
  };
}

export function sitemapIndexXml(locs: readonly string[]): string {
  const sitemaps = locs.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps.join("\n")}\n</sitemapindex>\n`;
}

export const ROBOTS_DISALLOW = ["/api/", "/my-account", "/cart", "/checkout", "/orders", "/my-list", "/home-products"] as const;

export function robotsTxt(origin: string): string {
  const base = origin.replace(/\/+$/, "");
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}
