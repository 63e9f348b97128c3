import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { BannerKind } from "#db/schema/catalog.ts";
import type { ProductFilter } from "#domain/catalog/types.ts";
import type { Services } from "#domain/services.ts";
import { DEFAULT_PER_PAGE, UNPAGED_LIST_MAX } from "#shared/constants.ts";
import {
  catIdQuery,
  catNameQuery,
  idParam,
  listLocationQuery,
  priceFilterQuery,
  productFilterQuery,
  ratingFilterQuery,
  subCatIdQuery,
} from "#shared/schemas/catalog.ts";
import { type ResponseCache, serveThroughCache } from "../response-cache/response-cache.ts";
import {
  bannerJson,
  categoryJson,
  productJson,
  productListJson,
  productListPageJson,
  productPageJson,
} from "./catalog-schemas.ts";
import { errorResponses } from "./error-schemas.ts";
import { type ListQuery, listQueries, toPaise } from "./list-queries.ts";
import { createPresenters } from "./present.ts";

const errors = errorResponses(400, 404);

type ListFilters = Omit<ProductFilter, "page" | "perPage" | "location">;

/**
 * Spec §7's catalogue GETs but search, with the contract's paths (misspelt `fiterByPrice` too): `featured` is a bare
 * array, every other list `{ error, products, total, page, perPage, totalPages }` (docs/decisions/006-api-contract.md).
 */
export const catalogApi: FastifyPluginAsyncZod<{ services: Services; cache?: ResponseCache; publicUrl: string }> = async (
  app,
  { services, cache, publicUrl },
) => {
  const { catalog, locations } = services;
  if (cache) serveThroughCache(app, cache);
  const present = createPresenters(publicUrl);
  const tags = ["Catalogue"];

  const { listFilter } = listQueries(locations);
  const listProducts = async (query: ListQuery, filters: ListFilters = {}) =>
    catalog.listProducts({ ...filters, ...listFilter(query).filter });
  const productPage = async (query: ListQuery, filters?: ListFilters) => present.productPage(await listProducts(query, filters));
  const listed = (summary: string, paged = "one page") =>
    `${summary}. Without page and perPage: the whole list (at most ${UNPAGED_LIST_MAX}), otherwise ${paged} (perPage ${DEFAULT_PER_PAGE} by default).`;

  app.get(
    "/products",
    {
      schema: {
        tags,
        summary: "Products, newest first, with every filter combined",
        description: listed(
          "`{ products, total, page, perPage, totalPages, nextCursor }`; `rating` means at least; `after` walks the list by keyset",
        ),
        querystring: productFilterQuery,
        response: { 200: productListPageJson, ...errors },
      },
    },
    async ({ query }) => {
      const filters: ListFilters = {
        catId: query.catId,
        subCatId: query.subCatId,
        catName: query.catName,
        featured: query.featured,
        inStock: query.inStock,
        minPricePaise: toPaise(query.minPrice),
        maxPricePaise: toPaise(query.maxPrice),
        minRating: query.rating,
      };
      if (query.after === undefined) return productPage(query, filters);
      // A keyset page: as deep as the client walks, at the cost of the first page, and never counted.
      const { filter } = listFilter({ ...query, page: 1, perPage: query.perPage ?? DEFAULT_PER_PAGE });
      return present.productCursorPage(await catalog.listProductsAfter({ ...filters, ...filter }, query.after));
    },
  );

  app.get(
    "/products/getProducts",
    {
      schema: {
        tags,
        summary: "New products (newest first)",
        description: listed("`{ products, total, page, perPage, totalPages }`"),
        querystring: listLocationQuery,
        response: { 200: productPageJson, ...errors },
      },
    },
    async ({ query }) => productPage(query),
  );

  app.get(
    "/products/featured",
    {
      schema: {
        tags,
        summary: "Featured products, as a bare array (the original client calls .slice and .map on the answer)",
        description: listed("a bare array of products", "the products of that page"),
        querystring: listLocationQuery,
        response: { 200: productListJson, ...errors },
      },
    },
    async ({ query }) => (await listProducts(query, { featured: true })).items.map(present.product),
  );

  app.get(
    "/products/catId",
    {
      schema: {
        tags,
        summary: "Products of a category",
        description: listed("`{ products, total, page, perPage, totalPages }`"),
        querystring: catIdQuery,
        response: { 200: productPageJson, ...errors },
      },
    },
    async ({ query }) => {
      await catalog.getCategory(query.catId);
      return productPage(query, { catId: query.catId });
    },
  );

  app.get(
    "/products/subCatId",
    {
      schema: {
        tags,
        summary: "Products of a sub-category",
        description: listed("`{ products, total, page, perPage, totalPages }`"),
        querystring: subCatIdQuery,
        response: { 200: productPageJson, ...errors },
      },
    },
    async ({ query }) => {
      await catalog.getCategory(query.subCatId);
      return productPage(query, { subCatId: query.subCatId });
    },
  );

  app.get(
    "/products/catName",
    {
      schema: {
        tags,
        summary: "Products of a category by its name (case-insensitive)",
        description: listed("`{ products, total, page, perPage, totalPages }`"),
        querystring: catNameQuery,
        response: { 200: productPageJson, ...errors },
      },
    },
    async ({ query }) => productPage(query, { catName: query.catName }),
  );

  app.get(
    "/products/fiterByPrice",
    {
      schema: {
        tags,
        summary: "Products in a price range (rupees), in a category or sub-category",
        description: listed("`{ products, total, page, perPage, totalPages }`"),
        querystring: priceFilterQuery,
        response: { 200: productPageJson, ...errors },
      },
    },
    async ({ query }) =>
      productPage(query, {
        catId: query.catId,
        subCatId: query.subCatId,
        minPricePaise: toPaise(query.minPrice),
        maxPricePaise: toPaise(query.maxPrice),
      }),
  );

  app.get(
    "/products/rating",
    {
      schema: {
        tags,
        summary: "Products rated at least `rating`, in a category or sub-category",
        description: listed("`{ products, total, page, perPage, totalPages }`; `rating` means at least"),
        querystring: ratingFilterQuery,
        response: { 200: productPageJson, ...errors },
      },
    },
    async ({ query }) => productPage(query, { catId: query.catId, subCatId: query.subCatId, minRating: query.rating }),
  );

  app.get(
    "/products/:id",
    {
      schema: {
        tags,
        summary: "One product",
        description: "A product no longer sold (archived) answers 410 Gone with `{ error: true, msg }`.",
        params: z.object({ id: idParam("Product id") }),
        response: { 200: productJson, ...errorResponses(400, 404, 410) },
      },
    },
    async ({ params }) => present.product(await catalog.getProduct(params.id)),
  );

  app.get(
    "/category",
    {
      schema: {
        tags,
        summary: "Categories with their sub-categories (children)",
        response: { 200: z.object({ error: z.literal(false), categoryList: z.array(categoryJson) }) },
      },
    },
    async () => ({ error: false as const, categoryList: (await catalog.listCategories()).map(present.category) }),
  );

  const bannerRoutes: [string, BannerKind, string][] = [
    ["/homeBanner", "home", "Home carousel banners"],
    ["/banners", "row", "Home banner row"],
    ["/homeSideBanners", "side", "Side banners"],
    ["/homeBottomBanners", "bottom", "Bottom banners"],
  ];
  for (const [url, kind, summary] of bannerRoutes) {
    app.get(url, { schema: { tags: ["Banners"], summary, response: { 200: z.array(bannerJson) } } }, async () =>
      (await catalog.listBanners(kind)).map(present.banner),
    );
  }
};
