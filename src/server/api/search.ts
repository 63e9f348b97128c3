import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Services } from "#domain/services.ts";
import { DEFAULT_PER_PAGE, UNPAGED_LIST_MAX } from "#shared/constants.ts";
import { searchQuery, suggestQuery } from "#shared/schemas/catalog.ts";
import { type ResponseCache, serveThroughCache } from "../response-cache/response-cache.ts";
import { searchAnswerJson, suggestionJson } from "./catalog-schemas.ts";
import { errorResponses } from "./error-schemas.ts";
import { listQueries, toPaise } from "./list-queries.ts";
import { createPresenters } from "./present.ts";

const errors = errorResponses(400, 404);

/** `search` answers a bare array unless paging is asked for (decision 006), through the catalogue's cache. */
export const searchApi: FastifyPluginAsyncZod<{ services: Services; cache?: ResponseCache; publicUrl: string }> = async (
  app,
  { services, cache, publicUrl },
) => {
  const { search, locations } = services;
  if (cache) serveThroughCache(app, cache);
  const present = createPresenters(publicUrl);
  const tags = ["Catalogue"];
  const { locationOf, listFilter } = listQueries(locations);

  app.get(
    "/search",
    {
      schema: {
        tags,
        summary: "Search products by name, brand and description (typo-tolerant), best match first",
        description:
          `Without page and perPage: a bare array of the matches (at most ${UNPAGED_LIST_MAX}), as the original client ` +
          `reads it. With page or perPage: \`{ products, total, page, perPage, totalPages }\` (perPage ${DEFAULT_PER_PAGE} by default).`,
        querystring: searchQuery,
        response: { 200: searchAnswerJson, ...errors },
      },
    },
    async ({ query }) => {
      const { paged, filter } = listFilter(query);
      const found = await search.findProducts({
        ...filter,
        query: query.q,
        subCatId: query.subCatId,
        minPricePaise: toPaise(query.minPrice),
        maxPricePaise: toPaise(query.maxPrice),
        minRating: query.rating,
        inStock: query.inStock,
      });
      await search.countIfUnmatched(found, query.q);
      return paged ? present.searchPage(found) : found.items.map(present.product);
    },
  );

  app.get(
    "/search/suggest",
    {
      schema: {
        tags,
        summary: "Products to suggest as the shopper types (the header's search box)",
        description:
          "Every finished word must match (misspelled ones are corrected when nothing matches as typed); the word being " +
          "typed is completed from 2 letters on. A bare array, names starting with the text first.",
        querystring: suggestQuery,
        response: { 200: z.array(suggestionJson), ...errors },
      },
    },
    async ({ query }) => {
      return (await search.suggest(query.q, query.limit, locationOf(query.location))).map(present.suggestion);
    },
  );
};
