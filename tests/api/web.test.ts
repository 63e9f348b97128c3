import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildDemoCatalog } from "#db/seed/demo-catalog.ts";
import { createTestProduct } from "../support/builders.ts";
import { signedInAs } from "../support/staff.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// The web adapter through the same app: the home page is rendered on the server from the services (load context).
const demo = buildDemoCatalog();
const newest = [...demo.products].sort((a, b) => Number(b.createdAt) - Number(a.createdAt))[0];

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ web: true });
});
afterAll(async () => {
  await app?.close();
});

describe("server-rendered pages", () => {
  it("renders the home page with the newest products, compressed, its inline scripts allowed by hash (anonymous)", async () => {
    const response = await app.server.inject({ method: "GET", url: "/", headers: { "accept-encoding": "gzip" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.headers["content-encoding"]).toBe("gzip");
    const html = (await import("node:zlib")).gunzipSync(response.rawPayload).toString("utf8");
    expect(html).toContain(`/product/${newest?.id}`);
    // A visitor without cookies gets the page every such visitor gets: no nonce (tests/api/public-pages.test.ts).
    expect(String(response.headers["content-security-policy"])).toMatch(/script-src 'self'( 'sha256-[^']+')+/);
    expect(html).not.toContain("nonce=");
  });

  it("renders the search page with the products that match the query, typos tolerated", async () => {
    const laptops = demo.products.filter((p) => /\blaptop\b/i.test(p.name));
    const response = await app.server.inject({ method: "GET", url: "/search?q=lapotp" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Results for <q>laptop</q>");
    expect(response.body).toMatch(/Nothing matches <q>lapotp<\/q>\. Did you mean.*href="\/search\?q=laptop"/s);
    expect(laptops.some((p) => response.body.includes(`/product/${p.id}`))).toBe(true);
  });

  it("shows counts beside the search filters, and narrows by them without JavaScript (links)", async () => {
    const response = await app.server.inject({ method: "GET", url: "/search?q=gold" });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain("Did you mean");
    expect(response.body).toMatch(/In stock only.*\(\d+\)/s);
    expect(response.body).toContain("Price range");
    // The first price band's link and its count (React writes comment markers around text it joins).
    const band =
      /href="(\/search\?q=gold&amp;[^"]*maxPrice=[\d.]+)"[^>]*><span>[^<]*<\/span><span[^>]*>\((?:<!-- -->)?(\d+)/.exec(
        response.body,
      );
    expect(band).not.toBeNull();
    const narrowed = await app.server.inject({ method: "GET", url: String(band?.[1]).replaceAll("&amp;", "&") });
    expect(narrowed.statusCode).toBe(200);
    expect(/aria-live="polite">(\d+) products?</.exec(narrowed.body)?.[1]).toBe(band?.[2]);
    expect((narrowed.body.match(/href="\/product\/[0-9a-f-]{36}"/g) ?? []).length).toBeGreaterThan(0);
    const stocked = await app.server.inject({ method: "GET", url: "/search?q=gold&inStock=true" });
    expect(stocked.body).toContain("In stock only: on");
  });

  it("shows the last page a filtered listing serves for an edited page number past it, never an error page", async () => {
    const category = demo.categories.find((c) => !c.parentId);
    // The API refuses page 5,000 of a price-filtered list (tests/api/catalog.test.ts); the listing page clamps to it.
    const response = await app.server.inject({ method: "GET", url: `/products/category/${category?.id}?minPrice=1&page=5000` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<h1`);
    expect(response.body).toContain(category?.name ?? "?");
  });

  it("serves the sitemap whole while the catalogue fits one file: part 1 is the same, other parts do not exist", async () => {
    const whole = await app.server.inject({ method: "GET", url: "/sitemap.xml" });
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toContain("<urlset");
    expect(whole.body.match(/<url>/g)?.length).toBe(1 + demo.categories.length + demo.products.length);
    expect(whole.body).toContain(`/product/${newest?.id}</loc>`);
    expect((await app.server.inject({ method: "GET", url: "/sitemap.xml?part=1" })).body).toBe(whole.body);
    for (const part of ["2", "0", "abc", "1e3"]) {
      expect((await app.server.inject({ method: "GET", url: `/sitemap.xml?part=${part}` })).statusCode, part).toBe(404);
    }
  });

  it("answers an unknown page with the web app's 404 page", async () => {
    const response = await app.server.inject({ method: "GET", url: "/no-such-page" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("Page not found");
  });
});

describe("the category menu of every page", () => {
  // A private page (the cart), so that the page micro-cache cannot answer it: each request is rendered.
  const renderCart = async (shop: TestApp) => {
    const response = await shop.server.inject({ method: "GET", url: "/cart" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`/products/category/${demo.categories.find((row) => !row.parentId)?.id}`);
  };

  const readsOver3Pages = async (ttlMs: string) => {
    const shop = await createTestApp({ web: true, env: { API_CACHE_TTL_MS: ttlMs } });
    try {
      const reads = vi.spyOn(shop.services.catalog, "listCategories");
      for (let i = 0; i < 3; i++) await renderCart(shop);
      return reads.mock.calls.length;
    } finally {
      await shop.close();
    }
  };

  it("is read once for the pages rendered within API_CACHE_TTL_MS, not once per page", async () => {
    expect(await readsOver3Pages("60000")).toBe(1);
  });

  it("is read for every page with the micro-cache off (API_CACHE_TTL_MS=0)", async () => {
    expect(await readsOver3Pages("0")).toBe(3);
  });

  it("is read once for a page whose menu and sidebar both show it, even with the micro-cache off", async () => {
    const shop = await createTestApp({ web: true, env: { API_CACHE_TTL_MS: "0" } });
    try {
      const reads = vi.spyOn(shop.services.catalog, "listCategories");
      const category = demo.categories.find((c) => !c.parentId);
      for (const url of [`/products/category/${category?.id}`, "/", "/search?q=gold"]) {
        reads.mockClear();
        const response = await shop.server.inject({ method: "GET", url });
        expect(response.statusCode, url).toBe(200);
        expect(reads, url).toHaveBeenCalledTimes(1);
      }
    } finally {
      await shop.close();
    }
  });
});

describe("the web app's scripts and stylesheets", () => {
  function firstAsset(html: string, pattern: RegExp): string {
    const href = pattern.exec(html)?.[1];
    if (!href) throw new Error(`no asset matching ${pattern} in the home page`);
    return href;
  }

  it("asks for the stylesheet before any script, so the first paint does not wait behind them", async () => {
    const html = (await app.server.inject({ method: "GET", url: "/" })).body;
    const stylesheet = html.indexOf('rel="stylesheet"');
    expect(stylesheet).toBeGreaterThan(0);
    expect(stylesheet).toBeLessThan(html.indexOf('rel="modulepreload"'));
  });

  it("preloads the scripts at low priority, behind the stylesheet and the pictures, signed out and signed in", async () => {
    const { sid } = await signedInAs(app, null);
    const visitors: Record<string, string>[] = [{}, { sid }];
    for (const cookies of visitors) {
      const html = (await app.server.inject({ method: "GET", url: "/", cookies })).body;
      const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
      expect(preloads.length).toBeGreaterThan(2);
      for (const preload of preloads) expect(preload).toContain('fetchpriority="low"');
    }
  });

  it("sends the build's own Brotli and gzip copies, cached for a year and varying by Accept-Encoding", async () => {
    const { brotliDecompressSync, gunzipSync } = await import("node:zlib");
    const html = (await app.server.inject({ method: "GET", url: "/" })).body;
    const script = firstAsset(html, /<link rel="modulepreload"[^>]* href="([^"]+)"/);
    const plain = await app.server.inject({ method: "GET", url: script });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();

    const br = await app.server.inject({ method: "GET", url: script, headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toContain("javascript");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toBe("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(plain.body);

    const gz = await app.server.inject({ method: "GET", url: script, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString("utf8")).toBe(plain.body);
  });

  it("sends them with the fixed strict headers, not a page's per-request nonces", async () => {
    const html = await app.server.inject({ method: "GET", url: "/" });
    const script = firstAsset(html.body, /<link rel="modulepreload"[^>]* href="([^"]+)"/);
    const response = await app.server.inject({ method: "GET", url: script });
    expect(response.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    // Pages keep helmet's policy: hashes for an anonymous page's inline scripts (a nonce for a personal page).
    expect(String(html.headers["content-security-policy"])).toMatch(/script-src[^;]*'sha256-/);
  });
});

// Last: it adds a product, which the pages above do not expect.
describe("a product without pictures", () => {
  it("names a product card's link by the product's name when the product has no picture (added in the back office)", async () => {
    const product = await createTestProduct(app.db, { images: [], name: "Plain Clay Pot Without Pictures" });
    const response = await app.server.inject({ method: "GET", url: `/products/category/${product.catId}` });
    expect(response.statusCode).toBe(200);
    const link = new RegExp(`<a[^>]*href="/product/${product.id}"[^>]*>(.*?)</a>`, "s").exec(response.body);
    expect(link?.[1]).toContain("Plain Clay Pot Without Pictures");
    expect(link?.[1]).not.toContain("card-skeleton");
  });
});

describe("a product page's shared reads (decision 040)", () => {
  it("are read once for the signed-in shoppers within API_CACHE_TTL_MS, and afresh once the product changes", async () => {
    const shop = await createTestApp({ web: true, env: { API_CACHE_TTL_MS: "60000" } });
    try {
      const product = demo.products[0];
      const [first, second] = [await signedInAs(shop, null), await signedInAs(shop, null)];
      const reads = [
        vi.spyOn(shop.services.catalog, "getProduct"),
        vi.spyOn(shop.services.catalog, "listRelatedProducts"),
        vi.spyOn(shop.services.reviews, "listReviews"),
      ];
      const view = async (sid: string) => {
        const response = await shop.server.inject({ method: "GET", url: `/product/${product?.id}`, cookies: { sid } });
        expect(response.statusCode).toBe(200);
        return response.body;
      };
      await view(first.sid);
      await view(second.sid);
      for (const read of reads) expect(read).toHaveBeenCalledTimes(1);

      // A review is a change of the product (its rating, its list): the next page reads it.
      await shop.services.reviews.addReview({
        userId: first.user.id,
        productId: product?.id ?? "",
        review: "Kept reads are evicted with the product",
        customerRating: 4,
      });
      expect(await view(second.sid)).toContain("Kept reads are evicted with the product");
      for (const read of reads) expect(read).toHaveBeenCalledTimes(2);
    } finally {
      await shop.close();
    }
  });

  it("are read once on the home page and a listing viewed by two signed-in shoppers", async () => {
    const shop = await createTestApp({ web: true, env: { API_CACHE_TTL_MS: "60000" } });
    try {
      const shoppers = [await signedInAs(shop, null), await signedInAs(shop, null)];
      const lists = vi.spyOn(shop.services.catalog, "listProducts");
      const banners = vi.spyOn(shop.services.catalog, "listBanners");
      for (const url of ["/", `/products/category/${demo.categories.find((c) => !c.parentId)?.id}`]) {
        lists.mockClear();
        banners.mockClear();
        const view = async (sid: string) => {
          const response = await shop.server.inject({ method: "GET", url, cookies: { sid } });
          expect(response.statusCode, url).toBe(200);
          const reads = { lists: lists.mock.calls.length, banners: banners.mock.calls.length };
          lists.mockClear();
          banners.mockClear();
          return reads;
        };
        const first = await view(shoppers[0]?.sid ?? "");
        expect(first.lists, url).toBeGreaterThan(0);
        // The listing's side banners are the home page's, already kept.
        if (url === "/") expect(first.banners, url).toBeGreaterThan(0);
        expect(await view(shoppers[1]?.sid ?? ""), url).toEqual({ lists: 0, banners: 0 });
      }
    } finally {
      await shop.close();
    }
  });

  it("are read once for signed-in shoppers' search results, each search that found nothing still counted", async () => {
    const shop = await createTestApp({ web: true, env: { API_CACHE_TTL_MS: "60000" } });
    try {
      const shoppers = [await signedInAs(shop, null), await signedInAs(shop, null)];
      const reads = vi.spyOn(shop.services.search, "findProducts");
      for (const q of ["gold", "qzvxkw"]) {
        for (const shopper of shoppers) {
          const response = await shop.server.inject({ method: "GET", url: `/search?q=${q}`, cookies: { sid: shopper.sid } });
          expect(response.statusCode, q).toBe(200);
        }
      }
      expect(reads).toHaveBeenCalledTimes(2);
      const counted = await shop.services.search.zeroResultSearches(10);
      expect(counted.map(({ query, count }) => [query, count])).toEqual([["qzvxkw", 2]]);
    } finally {
      await shop.close();
    }
  });

  it("are read for every page with the micro-cache off", async () => {
    const shop = await createTestApp({ web: true, env: { API_CACHE_TTL_MS: "0" } });
    try {
      const { sid } = await signedInAs(shop, null);
      const reads = vi.spyOn(shop.services.catalog, "getProduct");
      for (let i = 0; i < 2; i++) {
        const response = await shop.server.inject({ method: "GET", url: `/product/${demo.products[0]?.id}`, cookies: { sid } });
        expect(response.statusCode).toBe(200);
      }
      expect(reads).toHaveBeenCalledTimes(2);
    } finally {
      await shop.close();
    }
  });
});
