import { z } from "zod";
import { DEFAULT_PER_PAGE } from "#shared/constants.ts";
import { rupeesToPaise } from "#shared/money.ts";
import { paginationQuery, priceRangeQuery, ratingQuery } from "#shared/schemas/catalog.ts";
import { DEFAULT_VIEW, LISTING_VIEWS, type ListingQuery } from "./listing-url.ts";

// Server side only (loaders): zod stays out of the browser bundle; the page itself uses listing-url.ts.

const viewSchema = z.enum(LISTING_VIEWS);

/** One parameter through its shared schema; a bad value falls back to the default instead of failing the page. */
function field<T>(schema: z.ZodType<T>, value: string | null, fallback: T): T {
  const parsed = schema.safeParse(value ?? undefined);
  return parsed.success && parsed.data !== undefined ? parsed.data : fallback;
}

/**
 * The API's own schemas; shoppers edit URLs and old links linger, so a bad value means "not given", never an error page.
 * A minimum above the maximum drops both.
 */
export function parseListingQuery(params: URLSearchParams): ListingQuery {
  let minPrice = field(priceRangeQuery.shape.minPrice, params.get("minPrice"), undefined);
  let maxPrice = field(priceRangeQuery.shape.maxPrice, params.get("maxPrice"), undefined);
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    minPrice = undefined;
    maxPrice = undefined;
  }
  return {
    page: field(paginationQuery.shape.page, params.get("page"), 1),
    perPage: field(paginationQuery.shape.perPage, params.get("perPage"), DEFAULT_PER_PAGE),
    minPrice,
    maxPrice,
    rating: field(ratingQuery.shape.rating, params.get("rating"), undefined),
    inStock: params.get("inStock") === "true",
    view: field(viewSchema, params.get("view"), DEFAULT_VIEW),
  };
}

export function toProductFilter(query: ListingQuery) {
  return {
    page: query.page,
    perPage: query.perPage,
    minPricePaise: query.minPrice === undefined ? undefined : rupeesToPaise(query.minPrice),
    maxPricePaise: query.maxPrice === undefined ? undefined : rupeesToPaise(query.maxPrice),
    minRating: query.rating,
    inStock: query.inStock || undefined,
  };
}
