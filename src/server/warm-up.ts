import type { FastifyInstance } from "fastify";

/**
 * A cold process is slow (unoptimized code, no pooled connection, no prepared statement): on PostgreSQL main.ts calls this
 * before `listen`, so the balancer sends traffic elsewhere (docs/decisions/027-an-instance-warms-up-before-it-listens.md).
 * Through `inject`: the URLs shoppers ask most, hardly one twice (the micro-cache answers few), anonymous GETs that write
 * nothing (so no search results page: a search that finds nothing is recorded). Request logging is off meanwhile.
 */
export async function warmUp(
  server: FastifyInstance,
  options: {
    requests: number;
    concurrency: number;
    host: string;
    /** Asked before each request: true stops the warm-up once the requests in flight are answered (a shutdown). */
    stop?: () => boolean;
  },
): Promise<WarmUp> {
  const started = performance.now();
  const kinds: Record<string, number> = {};
  let made = 0;
  let failed = 0;
  const get = async (url: string) => {
    made++;
    const kind = kindOf(url);
    kinds[kind] = (kinds[kind] ?? 0) + 1;
    const response = await server.inject({ method: "GET", url, headers: { host: options.host } });
    if (response.statusCode >= 400) failed++;
    return response;
  };
  /** `concurrency` at a time until the URLs or the budget run out; with `keep`, the bodies of the 200s are returned. */
  const run = async (urls: string[], keep = false) => {
    const bodies: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < urls.length && made < options.requests && !options.stop?.()) {
        const response = await get(urls[next++] as string);
        if (keep && response.statusCode === 200) bodies.push(response.body);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    return bodies;
  };

  const [categories] = await run(["/api/category"], true);
  // Every category and sub-category: its list in the API and its listing page.
  const lists = (categories ? (JSON.parse(categories) as { categoryList: CategoryJson[] }).categoryList : []).flatMap(
    (category) => [
      { api: `catId=${category._id}`, page: `/products/category/${category._id}` },
      ...category.children.map((sub) => ({ api: `subCatId=${sub._id}`, page: `/products/subCat/${sub._id}` })),
    ],
  );
  // Lists first, up to two fifths of the budget: their products are what the rest asks for. Pages 1 to 5 of each in
  // turn: each is a statement of its own (PLANNED_PAGES in product-statements.ts), which every pool connection prepares.
  const listUrls = lists.flatMap((list) => [1, 2, 3, 4, 5].map((page) => `/api/products?${list.api}&page=${page}&perPage=20`));
  const pages = await run(listUrls.slice(0, Math.ceil(options.requests * 0.4)), true);
  const products = new Map<string, string>();
  for (const body of pages) {
    for (const product of (JSON.parse(body) as { products: ProductJson[] }).products) products.set(product._id, product.name);
  }
  // Then every other kind in turn, so a small budget still warms each of them.
  const rest: string[] = ["/"];
  let index = 0;
  for (const [id, name] of products) {
    rest.push(`/api/products/${id}`, `/product/${id}`);
    // The first word of its name as typed so far: 3 to 5 letters.
    const word = name.toLowerCase().match(/\p{L}{3,}/u)?.[0];
    if (word) rest.push(`/api/search/suggest?q=${encodeURIComponent(word.slice(0, 3 + (index % 3)))}`);
    const list = lists[index];
    if (list) rest.push(list.page);
    index++;
  }
  await run(rest);
  return { requests: made, failed, ms: Math.round(performance.now() - started), kinds };
}

export interface WarmUp {
  requests: number;
  /** Answered 4xx or 5xx: the warm-up goes on, and main.ts logs it as a warning. */
  failed: number;
  ms: number;
  kinds: Record<string, number>;
}

function kindOf(url: string): string {
  if (url === "/") return "home page";
  if (url.startsWith("/api/products?")) return "product lists";
  if (url.startsWith("/api/products/")) return "products";
  if (url.startsWith("/api/search/suggest")) return "suggestions";
  if (url.startsWith("/product/")) return "product pages";
  if (url.startsWith("/products/")) return "listing pages";
  return "categories";
}

interface CategoryJson {
  _id: string;
  children: { _id: string }[];
}

interface ProductJson {
  _id: string;
  name: string;
}
