import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTransaction } from "#db/client.ts";
import { categoryCounts, products } from "#db/schema/catalog.ts";
import { orders } from "#db/schema/orders.ts";
import { searchTerms } from "#db/schema/search.ts";
import { catalogMessages, checkoutMessages, pageMessages } from "#shared/messages.ts";
import { createTestCategory, createTestProduct, type TestProduct } from "../support/builders.ts";
import { ordersTestKit } from "../support/orders.ts";
import { requestPage } from "../support/pages.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// Issue 33, item 3 (decision 032): an archived product leaves every list, count, search, suggestion and the sitemap,
// its page and API answer 410, carts mark it unavailable and checkout refuses it, past orders keep it; putting it back
// on sale brings it back everywhere. The test archives as the back office will: catalog.archiveProduct in a
// transaction, then catalog.productsChanged after commit. Answers are kept a minute here, so the product's own page and
// API answer show the eviction; lists are not evicted by product (decision 009) and expire, which `listsExpire` stands for.

const WORD = "zorblaxian";
let app: TestApp;
let kit: ReturnType<typeof ordersTestKit>;
let archived: TestProduct;
let sibling: TestProduct;
let categoryId: string;
let categoryName: string;
let subCategoryId: string;
let shopper: { id: string; token: string };
let paidOrderId: string;

beforeAll(async () => {
  app = await createTestApp({ web: true, env: { API_CACHE_TTL_MS: "60000" } });
  kit = ordersTestKit(app);
  const category = await createTestCategory(app.db);
  const sub = await createTestCategory(app.db, { parentId: category.id });
  categoryId = category.id;
  categoryName = category.name;
  subCategoryId = sub.id;
  const common = { catId: category.id, subCatId: sub.id, rating: 4, locations: ["Nepal"], isFeatured: true };
  archived = await createTestProduct(app.db, {
    ...common,
    name: `${WORD[0]?.toUpperCase()}${WORD.slice(1)} teapot`,
    pricePaise: 150_000,
    createdAt: new Date(Date.now() - 1000),
  });
  sibling = await createTestProduct(app.db, { ...common, pricePaise: 160_000 });
  shopper = await kit.shopper();
  // A paid order of the product, a cart line and a My List entry, all from before it was archived.
  expect((await kit.addToCart(shopper.token, archived.id, 1)).status).toBe(201);
  const started = await kit.checkout(shopper.token);
  expect(started.status).toBe(201);
  const body = started.body as { orderId: string; razorpayOrderId: string };
  expect((await kit.confirm(shopper.token, kit.gateway.pay(body.razorpayOrderId))).status).toBe(200);
  paidOrderId = body.orderId;
  expect((await kit.addToCart(shopper.token, archived.id, 2)).status).toBe(201);
  const listed = await kit.call({
    method: "POST",
    url: "/api/my-list/add",
    token: shopper.token,
    payload: { productId: archived.id },
  });
  expect(listed.status).toBe(201);
});
afterAll(async () => {
  await app?.close();
});

async function getJson<T>(url: string): Promise<{ status: number; body: T; headers: Record<string, unknown> }> {
  const response = await app.server.inject({ method: "GET", url });
  return { status: response.statusCode, body: response.json() as T, headers: response.headers };
}
const idsOf = (items: readonly { id: string }[]) => items.map((item) => item.id);

async function archive(on: boolean) {
  const { catalog } = app.services;
  const change = await withTransaction(app.db, (tx) =>
    on ? catalog.archiveProduct(tx, archived.id) : catalog.unarchiveProduct(tx, archived.id),
  );
  expect(change.changed).toBe(true);
  catalog.productsChanged([archived.id]);
}
const listsExpire = () => app.catalogCache.clear();

/** Every list, count, search, suggestion and the sitemap, each saying whether the product is in it. */
async function whereListed(): Promise<Record<string, boolean | number>> {
  type Page = { products: { id: string }[]; total: number };
  const seen: Record<string, boolean | number> = {};
  const lists: Record<string, string> = {
    products: `/api/products?catId=${categoryId}`,
    productsBySub: `/api/products?subCatId=${subCategoryId}`,
    productsByPrice: `/api/products?catId=${categoryId}&minPrice=1000&maxPrice=2000`,
    productsByRating: `/api/products?catId=${categoryId}&rating=3`,
    productsByLocation: `/api/products?location=Nepal&catId=${categoryId}`,
    productsFeaturedInStock: `/api/products?featured=true&inStock=true&catId=${categoryId}`,
    keyset: `/api/products?catId=${categoryId}&after=${sibling.id}`,
    keysetSecondPage: `/api/products?catId=${categoryId}&perPage=1&page=2`,
    catId: `/api/products/catId?catId=${categoryId}`,
    subCatId: `/api/products/subCatId?subCatId=${subCategoryId}`,
    catName: `/api/products/catName?catName=${encodeURIComponent(categoryName)}`,
    fiterByPrice: `/api/products/fiterByPrice?catId=${categoryId}&minPrice=1000&maxPrice=2000`,
    rating: `/api/products/rating?catId=${categoryId}&rating=3`,
    newest: "/api/products/getProducts?perPage=50",
    search: `/api/search?q=${WORD}&page=1`,
    searchInCategory: `/api/search?q=teapot&catId=${categoryId}&page=1`,
  };
  for (const [name, url] of Object.entries(lists)) {
    const { status, body } = await getJson<Page>(url);
    expect(status, url).toBe(200);
    expect(body.products, url).toBeDefined();
    seen[name] = idsOf(body.products).includes(archived.id);
  }
  seen.catIdTotal = (await getJson<Page>(lists.catId ?? "")).body.total;
  seen.subCatIdTotal = (await getJson<Page>(lists.subCatId ?? "")).body.total;
  const featured = await getJson<{ id: string }[]>("/api/products/featured?perPage=50");
  seen.featured = idsOf(featured.body).includes(archived.id);
  const suggestions = await getJson<{ id: string }[]>(`/api/search/suggest?q=${WORD.slice(0, 6)}`);
  seen.suggestions = idsOf(suggestions.body).includes(archived.id);
  const related = await app.services.catalog.listRelatedProducts({
    productId: sibling.id,
    subCatId: subCategoryId,
    catId: categoryId,
    limit: 8,
  });
  seen.related = idsOf(related).includes(archived.id);
  const counts = await app.db
    .select({ id: categoryCounts.categoryId, n: categoryCounts.products })
    .from(categoryCounts)
    .where(inArray(categoryCounts.categoryId, [categoryId, subCategoryId]));
  seen.categoryCount = counts.find((row) => row.id === categoryId)?.n ?? 0;
  seen.subCategoryCount = counts.find((row) => row.id === subCategoryId)?.n ?? 0;
  const [term] = await app.db.select({ n: searchTerms.products }).from(searchTerms).where(eq(searchTerms.term, WORD));
  seen.dictionary = term?.n ?? 0;
  const sitemap = await requestPage(app, "GET", "/sitemap.xml");
  seen.sitemap = sitemap.html.includes(`/product/${archived.id}<`);
  const listing = await requestPage(app, "GET", `/products/category/${categoryId}`);
  expect(listing.status).toBe(200);
  seen.categoryPage = listing.html.includes(`/product/${archived.id}`);
  const searchPage = await requestPage(app, "GET", `/search?q=${WORD}`);
  seen.searchPage = searchPage.html.includes(`/product/${archived.id}`);
  return seen;
}

const everywhere = (on: boolean, total: number) => ({
  products: on,
  productsBySub: on,
  productsByPrice: on,
  productsByRating: on,
  productsByLocation: on,
  productsFeaturedInStock: on,
  keyset: on,
  keysetSecondPage: on,
  catId: on,
  subCatId: on,
  catName: on,
  fiterByPrice: on,
  rating: on,
  newest: on,
  search: on,
  searchInCategory: on,
  catIdTotal: total,
  subCatIdTotal: total,
  featured: on,
  suggestions: on,
  related: on,
  categoryCount: total,
  subCategoryCount: total,
  dictionary: on ? 1 : 0,
  sitemap: on,
  categoryPage: on,
  searchPage: on,
});

const cartLines = async () =>
  (await kit.call({ method: "GET", url: "/api/cart", token: shopper.token })).body as {
    id: string;
    productId: string;
    stockProblem: string | null;
  }[];

describe("an archived product", () => {
  it("is in every list, count, search and the sitemap while on sale", async () => {
    expect(await whereListed()).toEqual(everywhere(true, 2));
    // Kept for a minute from here on: the product's page and API answer (evicted below by productsChanged).
    expect((await requestPage(app, "GET", `/product/${archived.id}`)).status).toBe(200);
    expect((await getJson(`/api/products/${archived.id}`)).status).toBe(200);
  });

  it("answers 410 on its page and in the API once archived, at once and never kept publicly", async () => {
    await archive(true);
    const page = await requestPage(app, "GET", `/product/${archived.id}`);
    expect(page.status).toBe(410);
    expect(page.html).toContain(catalogMessages.productGone);
    expect(page.html).toContain(pageMessages.productGoneDetail);
    expect(String(page.headers["cache-control"])).not.toMatch(/public|s-maxage/);
    expect((await requestPage(app, "GET", `/product/${archived.id}`)).headers["x-cache"]).not.toBe("HIT");
    const api = await getJson<{ error: boolean; msg: string }>(`/api/products/${archived.id}`);
    expect(api.status).toBe(410);
    expect(api.body).toEqual({ error: true, msg: catalogMessages.productGone });
    // A product that never existed is still a 404.
    expect((await getJson("/api/products/0190a6c2-0000-7000-8000-000000000000")).status).toBe(404);
  });

  it("leaves every list, count, search, suggestion and the sitemap", async () => {
    listsExpire();
    expect(await whereListed()).toEqual(everywhere(false, 1));
  });

  it("stays in the cart marked unavailable, blocks checkout without changing anything, and can be removed", async () => {
    const [line] = await cartLines();
    expect(line).toMatchObject({ productId: archived.id, stockProblem: "unavailable" });
    const cartPage = await requestPage(app, "GET", "/cart", { sid: shopper.token });
    expect(cartPage.html).toContain("No longer available");
    const [stock] = await app.db.select({ n: products.countInStock }).from(products).where(eq(products.id, archived.id));
    const ordersBefore = await app.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, shopper.id));
    const refused = await kit.checkout(shopper.token);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: true, msg: checkoutMessages.blocked([archived.name]) });
    expect(await app.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, shopper.id))).toHaveLength(
      ordersBefore.length,
    );
    const [stockAfter] = await app.db.select({ n: products.countInStock }).from(products).where(eq(products.id, archived.id));
    expect(stockAfter?.n).toBe(stock?.n);
    // More of it is refused; adding it again is refused (API and the product page's form).
    const more = await kit.call({ method: "PUT", url: `/api/cart/${line?.id}`, token: shopper.token, payload: { quantity: 3 } });
    expect(more.status).toBe(410);
    const added = await kit.addToCart(shopper.token, archived.id, 1);
    expect(added.status).toBe(410);
    expect(added.body).toMatchObject({ error: true, msg: catalogMessages.productGone });
    const formAdd = await requestPage(app, "POST", "/cart", {
      sid: shopper.token,
      form: { intent: "add", productId: archived.id, quantity: "1" },
    });
    expect(formAdd.html).toContain(catalogMessages.productGone);
    const removed = await kit.call({ method: "DELETE", url: `/api/cart/${line?.id}`, token: shopper.token });
    expect(removed.status).toBe(200);
    expect(await cartLines()).toEqual([]);
  });

  it("keeps past orders, its reviews, and My List's entry marked unavailable; new reviews and entries are refused", async () => {
    const history = await kit.call({ method: "GET", url: "/api/orders", token: shopper.token });
    const order = (history.body as { id: string; products: { productId: string; productTitle: string }[] }[]).find(
      (row) => row.id === paidOrderId,
    );
    expect(order?.products).toEqual([expect.objectContaining({ productId: archived.id, productTitle: archived.name })]);
    const ordersPage = await requestPage(app, "GET", "/orders", { sid: shopper.token });
    expect(ordersPage.status).toBe(200);
    expect(ordersPage.html).toContain(archived.name);

    const myList = await kit.call({ method: "GET", url: "/api/my-list", token: shopper.token });
    expect(myList.body).toEqual([expect.objectContaining({ productId: archived.id, available: false })]);
    const myListPage = await requestPage(app, "GET", "/my-list", { sid: shopper.token });
    expect(myListPage.html).toContain("No longer available");
    const other = await kit.shopper();
    const listAdd = await kit.call({
      method: "POST",
      url: "/api/my-list/add",
      token: other.token,
      payload: { productId: archived.id },
    });
    expect(listAdd.status).toBe(410);

    expect((await getJson(`/api/productReviews?productId=${archived.id}`)).status).toBe(200);
    const review = await kit.call({
      method: "POST",
      url: "/api/productReviews/add",
      token: shopper.token,
      payload: { productId: archived.id, review: "Still pours well", customerRating: 4 },
    });
    expect(review.status).toBe(410);
    expect(review.body).toMatchObject({ error: true, msg: catalogMessages.productGone });
  });

  it("comes back everywhere when put back on sale", async () => {
    const again = await withTransaction(app.db, (tx) => app.services.catalog.archiveProduct(tx, archived.id));
    expect(again.changed).toBe(false);
    await archive(false);
    expect((await requestPage(app, "GET", `/product/${archived.id}`)).status).toBe(200);
    expect((await getJson(`/api/products/${archived.id}`)).status).toBe(200);
    listsExpire();
    expect(await whereListed()).toEqual(everywhere(true, 2));
    expect((await kit.addToCart(shopper.token, archived.id, 1)).status).toBe(201);
    expect((await cartLines()).map((line) => line.stockProblem)).toEqual([null]);
    const myList = await kit.call({ method: "GET", url: "/api/my-list", token: shopper.token });
    expect(myList.body).toEqual([expect.objectContaining({ productId: archived.id, available: true })]);
  });
});
