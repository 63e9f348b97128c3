import { servicesContext, settingsContext } from "#app-context";
import { SITEMAP_MAX_URLS, type SitemapEntry, sitemapXml } from "../lib/sitemap-xml.server.ts";
import type { Route } from "./+types/sitemap.ts";

const PAGE_SIZE = 100;

/**
 * `/sitemap.xml`: home, every category and sub-category listing and every product page, up to the protocol's 50,000
 * URLs (a larger catalogue would need a sitemap index). Products are read page by page, never all at once.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { catalog } = context.get(servicesContext);
  const origin = context.get(settingsContext).publicUrl.replace(/\/+$/, "");
  const entries: SitemapEntry[] = [{ loc: `${origin}/` }];
  for (const category of await catalog.listCategories()) {
    entries.push({ loc: `${origin}/products/category/${category.id}` });
    for (const sub of category.children) entries.push({ loc: `${origin}/products/subCat/${sub.id}` });
  }
  for (let page = 1; entries.length < SITEMAP_MAX_URLS; page++) {
    const { items, totalPages } = await catalog.listProducts({ page, perPage: PAGE_SIZE });
    for (const product of items) entries.push({ loc: `${origin}/product/${product.id}`, lastmod: product.createdAt });
    if (page >= totalPages) break;
  }
  return new Response(sitemapXml(entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
