import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemoCatalog } from "#db/seed/demo-catalog.ts";
import { renderImages } from "#db/seed/images.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// The original storefront client (spec §7) reads our catalogue answers as below: every test makes the call its code
// makes, with its URL as written there, and reads the answer the way that code does (`.slice`/`.map` on a bare array,
// `res.products` on an object, `{host}/download/${images[0]}` for a picture). Rules: docs/decisions/006-api-contract.md.

const demo = buildDemoCatalog();
const topCategories = demo.categories.filter((c) => !c.parentId);
const soldInIndia = demo.products.filter((p) => p.locations?.includes("India"));

// App.js stores "IN" as the location at start; the country dropdown stores the chosen country's `iso2`.
const location = "IN";

interface Product {
  id: string;
  name: string;
  images: string[];
  price: number;
  oldPrice: number;
  rating: number;
  catId: string;
  subCatId: string | null;
  location: string[];
  isFeatured: boolean;
  productRam: string[];
  size: string[];
  productWeight: string[];
}
type Answer = { products: Product[] } & Record<string, unknown>;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** utils/api.js `fetchDataFromApi`: axios GET with `Bearer ${token}` (the string "null" when signed out) and JSON. */
async function fetchDataFromApi<T = Answer>(url: string): Promise<T> {
  // The browser sends the URL as the client wrote it, spaces escaped.
  const response = await app.server.inject({
    method: "GET",
    url: encodeURI(url),
    headers: { authorization: "Bearer null", "content-type": "application/json" },
  });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
  return response.json() as T;
}

/** `<img src={`${REACT_APP_API_URL}/download/${item?.images[0]?.replaceAll(' ', '')}`}>` shows a picture. */
async function expectPicture(file: string | undefined) {
  expect(file).toBeTypeOf("string");
  const name = String(file).replaceAll(" ", "");
  // The test database has the demo rows but not their rendered files: draw the one asked for.
  const spec = demo.images.find((image) => image.fileName === name);
  if (spec) await renderImages([spec], app.imageStores.originals);
  const response = await app.server.inject({ method: "GET", url: `/download/${name}` });
  expect(response.statusCode, `/download/${name}`).toBe(200);
  expect(response.headers["content-type"]).toBe("image/webp");
  expect(response.rawPayload.subarray(8, 12).toString("latin1")).toBe("WEBP");
}

const ids = (products: readonly { id: string }[]) => products.map((p) => p.id).sort();

describe("Home page (Pages/Home)", () => {
  it("featured products: a bare array it calls .slice(0).map on, filtered by the IN location", async () => {
    const featuredProducts = await fetchDataFromApi<Product[]>(`/api/products/featured?location=${location}`);
    expect(featuredProducts?.length !== 0).toBe(true);
    const shown = featuredProducts?.slice(0).map((item) => item);
    expect(ids(shown)).toEqual(ids(soldInIndia.filter((p) => p.isFeatured)));
    await expectPicture(shown[0]?.images[0]);
  });

  it("new products and the random category: productsData?.products?.slice(0), res?.products", async () => {
    const productsData = await fetchDataFromApi(`/api/products?page=1&perPage=16&location=${location}`);
    expect(productsData?.products?.slice(0)).toHaveLength(16);
    expect(productsData.products.every((p) => p.location.includes("India"))).toBe(true);
    const category = topCategories[1];
    const res = await fetchDataFromApi(`/api/products/catId?catId=${category?.id}&location=${location}`);
    // No paging asked: the whole category, not a first page of 10.
    expect(ids(res?.products)).toEqual(ids(soldInIndia.filter((p) => p.catId === category?.id)));
    expect(res.products.length).toBeGreaterThan(10);
  });

  it("popular products tab: setFilterData(res.products) for the category picked by name", async () => {
    const selectedCat = topCategories[0]?.name;
    const res = await fetchDataFromApi(`/api/products/catName?catName=${selectedCat}&location=${location}`);
    expect(ids(res.products)).toEqual(ids(soldInIndia.filter((p) => p.catId === topCategories[0]?.id)));
  });

  it.each(["/api/homeBanner", "/api/banners", "/api/homeSideBanners", "/api/homeBottomBanners"])(
    "%s: an array whose images[0] is a working /download/ picture",
    async (url) => {
      const banners = await fetchDataFromApi<{ images: string[]; catId: string; subCatId: string | null }[]>(url);
      expect(banners?.length !== 0 && Array.isArray(banners)).toBe(true);
      await expectPicture(banners[0]?.images[0]);
    },
  );

  it("category strip and navigation: categoryList[].images[0] is a working /download/ picture", async () => {
    const res = await fetchDataFromApi<{ categoryList: { _id: string; images: string[]; children: unknown[] }[] }>(
      "/api/category",
    );
    expect(res.categoryList).toHaveLength(topCategories.length);
    await expectPicture(res.categoryList[0]?.images[0]);
  });
});

describe("Listing page (Pages/Listing, Components/Sidebar)", () => {
  const category = topCategories[1];
  const subCategory = demo.categories.find((c) => c.parentId === category?.id);
  const inCategory = soldInIndia.filter((p) => p.catId === category?.id);

  it("reads productData?.products of catId and subCatId: the whole list without paging, the page with it", async () => {
    const byCategory = await fetchDataFromApi(`/api/products/catId?catId=${category?.id}&location=${location}`);
    expect(ids(byCategory.products)).toEqual(ids(inCategory));
    const bySub = await fetchDataFromApi(`/api/products/subCatId?subCatId=${subCategory?.id}&location=${location}`);
    expect(ids(bySub.products)).toEqual(ids(inCategory.filter((p) => p.subCatId === subCategory?.id)));
    // handleClose (per-page menu) and handleChangePage (perPage=8).
    const perPage = await fetchDataFromApi(
      `/api/products/catId?catId=${category?.id}&location=${location}&page=${1}&perPage=${20}`,
    );
    expect(perPage.products).toHaveLength(20);
    const second = await fetchDataFromApi(`/api/products/catId?catId=${category?.id}&location=${location}&page=2&perPage=8`);
    expect(second.products).toHaveLength(8);
  });

  it("filterByPrice with the slider's range and filterByRating ('at least'): res.products", async () => {
    const byPrice = await fetchDataFromApi(
      `/api/products/fiterByPrice?minPrice=${100}&maxPrice=${60000}&catId=${category?.id}&location=${location}`,
    );
    expect(ids(byPrice.products)).toEqual(ids(inCategory.filter((p) => p.pricePaise >= 10_000 && p.pricePaise <= 6_000_000)));
    const byRating = await fetchDataFromApi(`/api/products/rating?rating=${4}&catId=${category?.id}&location=${location}`);
    expect(ids(byRating.products)).toEqual(ids(inCategory.filter((p) => (p.rating ?? 0) >= 4)));
    expect(byRating.products.length).toBeGreaterThan(0);
  });
});

describe("Product page (Pages/ProductDetails, ProductItem, ProductModal)", () => {
  it("shows 'Rs {oldPrice}' with a number, its gallery from /download/, and related products of its sub-category", async () => {
    const row = soldInIndia.find((p) => p.oldPricePaise === null);
    if (!row) throw new Error("the demo catalogue sells a product without an old price in India");
    const res = await fetchDataFromApi<Product>(`/api/products/${row?.id}`);
    // `res?.productRam.length === 0 && ...` decides whether options must be picked: the lists are always there.
    for (const list of [res?.productRam, res?.productWeight, res?.size]) expect(Array.isArray(list)).toBe(true);
    expect(`Rs ${res.oldPrice}`).toBe(`Rs ${res.price}`);
    for (const img of res.images) await expectPicture(img);
    const related = await fetchDataFromApi(`/api/products/subCatId?subCatId=${res?.subCatId}&location=${location}`);
    const filteredData = related?.products?.filter((item) => item.id !== row?.id);
    expect(ids(filteredData)).toEqual(ids(soldInIndia.filter((p) => p.subCatId === res.subCatId && p.id !== row?.id)));
  });
});

describe("Search (Header/SearchBox, Pages/Search)", () => {
  const word = demo.products[0]?.name.split(" ").find((w) => w.length >= 5);
  if (!word) throw new Error("the first demo product has a word of five letters");

  it("suggestions: searchData?.length > 0 && searchData?.map(...) with item.images[0] as a picture", async () => {
    const searchData = await fetchDataFromApi<Product[]>(`/api/search?q=${word}`);
    expect(searchData?.length > 0).toBe(true);
    const names = searchData?.map((item) => `${item?.name.slice(0, 50)}...`);
    expect(names.length).toBe(searchData.length);
    await expectPicture(searchData[0]?.images[0]);
  });

  it("the search page's sidebar filters send subCatId=undefined and read res.products", async () => {
    // On /search the sidebar has no sub-category: `subCatId=${subCatId}` sends the text "undefined".
    const byPrice = await fetchDataFromApi(`/api/products?minPrice=${100}&maxPrice=${60000}&subCatId=${undefined}`);
    expect(byPrice.total).toBe(demo.products.filter((p) => p.pricePaise >= 10_000 && p.pricePaise <= 6_000_000).length);
    expect(byPrice.products).toHaveLength(100);
    const byRating = await fetchDataFromApi(`/api/products?rating=${4}&subCatId=${null}`);
    expect(byRating.products.every((p) => p.rating >= 4)).toBe(true);
  });
});

describe("the rules behind it", () => {
  it("resolves a location given as an ISO code or a name in any case; an unknown one finds nothing", async () => {
    const total = async (value: string) => (await fetchDataFromApi(`/api/products/getProducts?page=1&location=${value}`)).total;
    const nepal = demo.products.filter((p) => p.locations?.includes("Nepal")).length;
    expect(await total("NP")).toBe(nepal);
    expect(await total("np")).toBe(nepal);
    expect(await total("nepal")).toBe(nepal);
    expect(await total("GB")).toBe(demo.products.filter((p) => p.locations?.includes("United Kingdom")).length);
    expect(await total("XX")).toBe(0);
  });

  it("answers a list without paging whole up to 100, and says so in its paging fields", async () => {
    const all = await fetchDataFromApi("/api/products/getProducts");
    expect(all).toMatchObject({
      total: demo.products.length,
      page: 1,
      perPage: 100,
      totalPages: Math.ceil(demo.products.length / 100),
    });
    expect(all.products).toHaveLength(100);
    expect((await fetchDataFromApi("/api/products/getProducts?page=2")).perPage).toBe(10);
  });

  it("refuses subCatId=null where a sub-category is required, naming it", async () => {
    const response = await app.server.inject({ method: "GET", url: "/api/products/subCatId?subCatId=null&location=IN" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: true, msg: "subCatId is required" });
  });

  it("micro-caches a bare array like an object", async () => {
    app.catalogCache.clear();
    const url = `/api/products/featured?location=${location}`;
    const first = await app.server.inject({ method: "GET", url });
    const second = await app.server.inject({ method: "GET", url });
    expect([first.headers["x-cache"], second.headers["x-cache"]]).toEqual(["MISS", "HIT"]);
    expect(second.body).toBe(first.body);
    expect(Array.isArray(second.json())).toBe(true);
  });

  it("documents every shape in OpenAPI: bare arrays, the paged object, file names, 'at least'", async () => {
    const doc = await fetchDataFromApi<OpenApi>("/api/docs");
    const ok = (path: string) => doc.paths[path]?.get.responses["200"]?.content["application/json"]?.schema;
    expect(ok("/api/products/featured")).toMatchObject({ type: "array", items: { $ref: "#/components/schemas/Product" } });
    expect(ok("/api/search")?.anyOf?.map((s) => s.type)).toEqual(["array", "object"]);
    expect(ok("/api/products/catId")).toMatchObject({ type: "object", properties: { products: { type: "array" } } });
    expect(doc.components.schemas.Product?.properties.images?.description).toMatch(/file name/);
    expect(doc.components.schemas.Product?.properties.imageUrls).toBeDefined();
    const rating = doc.paths["/api/products/rating"]?.get.parameters.find((p) => p.name === "rating");
    expect(rating?.description).toMatch(/at least/i);
  });
});

interface JsonSchema {
  type?: string;
  anyOf?: JsonSchema[];
  description?: string;
  properties: Record<string, JsonSchema | undefined>;
}
interface OpenApi {
  paths: Record<
    string,
    | {
        get: {
          parameters: { name: string; description?: string }[];
          responses: Record<string, { content: Record<string, { schema: JsonSchema }> } | undefined>;
        };
      }
    | undefined
  >;
  components: { schemas: Record<string, JsonSchema | undefined> };
}
