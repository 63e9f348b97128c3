import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { BannerKind } from "#db/schema/catalog.ts";
import type { ProductFilter } from "#domain/catalog/types.ts";
import type { Services } from "#domain/services.ts";
import { rupeesToPaise } from "#shared/money.ts";
import {
  catIdQuery,
  catNameQuery,
  idParam,
  pagedLocationQuery,
  priceFilterQuery,
  productFilterQuery,
  ratingFilterQuery,
  searchQuery,
  subCatIdQuery,
} from "#shared/schemas/catalog.ts";
import { bannerJson, categoryJson, productJson, productPageJson } from "./catalog-schemas.ts";
import { errorResponses } from "./error-schemas.ts";
import { createPresenters } from "./present.ts";
import { type ResponseCache, serveThroughCache } from "./response-cache.ts";

const errors = errorResponses(400, 404);

const toPaise = (rupees: number | undefined) => (rupees === undefined ? undefined : rupeesToPaise(rupees));

/** The catalogue GETs of spec §7, with the contract's paths (including the misspelt `fiterByPrice`), under /api. */
export const catalogApi: FastifyPluginAsyncZod<{ services: Services; cache?: ResponseCache; publicUrl: string }> = async (
  app,
  { services, cache, publicUrl },
) => {
  const { catalog, search } = services;
  if (cache) serveThroughCache(app, cache);
  const present = createPresenters(publicUrl);
  const listProducts = async (filter: ProductFilter) => present.productPage(await catalog.listProducts(filter));
  const tags = ["Catalogue"];

  app.get(
    "/products",
    {
      schema: {
        tags,
        summary: "Products, newest first, with every filter combined",
        querystring: productFilterQuery,
        response: { 200: productPageJson, ...errors },
      },
    },
    async ({ query }) =>
      listProducts({
        ...query,
        minPricePaise: toPaise(query.minPrice),
        maxPricePaise: toPaise(query.maxPrice),
        minRating: query.rating,
      }),
  );

  app.get(
    "/products/getProducts",
    {
      schema: {
        tags,
        summary: "New products (newest first)",
        querystring: pagedLocationQuery,
        response: { 200: productPageJson, ...errors },
      },
    },
    async ({ query }) => listProducts(query),
  );

  app.get(
    "/products/featured",
    {
      schema: {
        tags,
        summary: "Featured products",
        querystring: pagedLocationQuery,
        response: { 200: productPageJson, ...errors },
      },
    },
    async ({ query }) => listProducts({ ...query, featured: true }),
  );

  app.get(
    "/products/catId",
    {
      schema: { tags, summary: "Products of a category", querystring: catIdQuery, response: { 200: productPageJson, ...errors } },
    },
    async ({ query }) => {
      await catalog.getCategory(query.catId);
      return listProducts(query);
    },
  );

  app.get(
    "/products/subCatId",
    {
      schema: {
        tags,
        summary: "Products of a sub-category",
        querystring: subCatIdQuery,
        response: { 200: productPageJson, ...errors },
      },
    },
    async ({ query }) => {
      await catalog.getCategory(query.subCatId);
      return listProducts(query);
    },
  );

  app.get(
    "/products/catName",
    {
      schema: {
        tags,
        summary: "Products of a category by its name (case-insensitive)",
        querystring: catNameQuery,
        response: { 200: productPageJson, ...errors },
      },
    },
    async ({ query }) => listProducts(query),
  );

  app.get(
    "/products/fiterByPrice",
    {
      schema: {
        tags,
        summary: "Products in a price range (rupees), in a category or sub-category",
        querystring: priceFilterQuery,
        response: { 200: productPageJson, ...errors },
      },
    },
    async ({ query }) =>
      listProducts({ ...query, minPricePaise: toPaise(query.minPrice), maxPricePaise: toPaise(query.maxPrice) }),
  );

  app.get(
    "/products/rating",
    {
      schema: {
        tags,
        summary: "Products rated at least `rating`, in a category or sub-category",
        querystring: ratingFilterQuery,
        response: { 200: productPageJson, ...errors },
      },
    },
    async ({ query }) => listProducts({ ...query, minRating: query.rating }),
  );

  app.get(
    "/products/:id",
    {
      schema: {
        tags,
        summary: "One product",
        params: z.object({ id: idParam("Product id") }),
        response: { 200: productJson, ...errors },
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

  app.get(
    "/search",
    {
      schema: {
        tags,
        summary: "Search products by name, brand and description (typo-tolerant)",
        querystring: searchQuery,
        response: { 200: productPageJson, ...errors },
      },
    },
    async ({ query }) => present.productPage(await search.findProducts({ ...query, query: query.q })),
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
