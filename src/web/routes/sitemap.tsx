import { servicesContext, settingsContext } from "#app-context";
import { type SitemapEntry, sitemapIndexXml, sitemapLayout, sitemapXml } from "../lib/sitemap-xml.server.ts";
import type { Route } from "./+types/sitemap.ts";

/**
 * `/sitemap.xml`: home, listings and products; past the protocol's limit an index of `/sitemap.xml?part=N`
 * (`sitemapLayout`). Products are read as ids and dates only, one part at a time.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { catalog } = context.get(servicesContext);
  const origin = context.get(settingsContext).publicUrl.replace(/\/+$/, "");
  const pages: SitemapEntry[] = [{ loc: `${origin}/` }];
  for (const category of await catalog.listCategories()) {
    pages.push({ loc: `${origin}/products/category/${category.id}` });
    for (const sub of category.children) pages.push({ loc: `${origin}/products/subCat/${sub.id}` });
  }
  const { total } = await catalog.listProducts({ page: 1, perPage: 1 });
  const layout = sitemapLayout(pages.length, total);
  const asked = new URL(request.url).searchParams.get("part");
  if (asked === null && layout.indexed) {
    const parts = Array.from({ length: layout.files }, (_, index) => `${origin}/sitemap.xml?part=${index + 1}`);
    return xmlResponse(sitemapIndexXml(parts));
  }
  const part = layout.part(asked === null ? 1 : /^[1-9][0-9]{0,5}$/.test(asked) ? Number(asked) : 0);
  if (!part) throw new Response("No such sitemap part", { status: 404, headers: { "Content-Type": "text/plain" } });
  const entries = part.pages ? [...pages] : [];
  if (part.limit > 0) {
    for (const product of await catalog.productDates(part.offset, part.limit)) {
      entries.push({ loc: `${origin}/product/${product.id}`, lastmod: product.createdAt });
    }
  }
  return xmlResponse(sitemapXml(entries));
}

const xmlResponse = (xml: string) =>
  new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
