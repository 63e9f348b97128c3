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

/** Paths crawlers should leave alone: the API, per-shopper pages and the home page's data endpoint. */
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
