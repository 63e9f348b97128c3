import { z } from "zod";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, RATING_MAX, UNPAGED_LIST_MAX } from "#shared/constants.ts";
import { catalogMessages, fieldMessages } from "#shared/messages.ts";
import { safeText } from "./text.ts";

// Catalogue query parameters (spec §7), shared by the API and the listing pages so both parse filters alike. The original
// clients send empty parameters (`&location=`): an empty value means "not given".
const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

// The original client sends `subCatId=undefined` (or `null`) for a missing id: "not given", like an empty value.
const missingIdToUndefined = (value: unknown) =>
  value === "undefined" || value === "null" ? undefined : emptyToUndefined(value);

function numberSchema(name: string, options: { min: number; max: number; integer?: boolean }) {
  const notNumber = options.integer ? fieldMessages.notWholeNumber(name) : fieldMessages.notNumber(name);
  let schema = z.coerce.number({ error: notNumber });
  if (options.integer) schema = schema.int({ error: notNumber });
  return schema
    .min(options.min, { error: fieldMessages.atLeast(name, options.min) })
    .max(options.max, { error: fieldMessages.atMost(name, options.max) });
}

function numberParam(name: string, options: { min: number; max: number; integer?: boolean }) {
  return z.preprocess(emptyToUndefined, numberSchema(name, options).optional());
}

function requiredNumberParam(name: string, options: { min: number; max: number; integer?: boolean }) {
  return z.preprocess(
    emptyToUndefined,
    z.custom<unknown>((value) => value !== undefined, { error: fieldMessages.required(name) }).pipe(numberSchema(name, options)),
  );
}

const idSchemas = new Map<string, z.ZodUUID>();

/** A UUID named `name` in its error. Built once per name: loaders check an id on every page. */
export function idParam(name: string): z.ZodUUID {
  let schema = idSchemas.get(name);
  if (!schema) {
    schema = z.uuid({ error: fieldMessages.notId(name) }).describe(`${name} (UUID)`);
    idSchemas.set(name, schema);
  }
  return schema;
}

const notGiven = "empty, `undefined` or `null` means not given";

const optionalId = (name: string) =>
  z.preprocess(missingIdToUndefined, idParam(name).optional()).describe(`${name} (UUID); ${notGiven}`);

const requiredId = (name: string) =>
  z
    .preprocess(
      missingIdToUndefined,
      z.custom<unknown>((value) => value !== undefined, { error: fieldMessages.required(name) }).pipe(idParam(name)),
    )
    .describe(`${name} (UUID), required; ${notGiven}`);

export const paginationQuery = z.object({
  page: numberParam("page", { min: 1, max: 100_000, integer: true }).default(1),
  perPage: numberParam("perPage", { min: 1, max: MAX_PER_PAGE, integer: true }).default(DEFAULT_PER_PAGE),
});

/** With `page` or `perPage`, that page; with neither, up to UNPAGED_LIST_MAX, as the original answered (decision 006). */
export const listPagingQuery = z.object({
  page: numberParam("page", { min: 1, max: 100_000, integer: true }).describe(
    `Page number, from 1. Without page and perPage the answer is the whole list (at most ${UNPAGED_LIST_MAX} products). A list narrowed by more than its category (price, rating, location, stock, featured) is served by page number up to its first 1,000 products (400 past them); /api/products' after walks further.`,
  ),
  perPage: numberParam("perPage", { min: 1, max: MAX_PER_PAGE, integer: true }).describe(
    `Products per page (1–${MAX_PER_PAGE}, default ${DEFAULT_PER_PAGE} when page is given).`,
  ),
});

export interface ListPaging {
  page: number;
  perPage: number;
  paged: boolean;
}

export function listPaging(query: { page?: number | undefined; perPage?: number | undefined }): ListPaging {
  if (query.page === undefined && query.perPage === undefined) return { page: 1, perPage: UNPAGED_LIST_MAX, paged: false };
  return { page: query.page ?? 1, perPage: query.perPage ?? DEFAULT_PER_PAGE, paged: true };
}

/** Absent, empty or `All`: every location. The API resolves an alpha-2 code or a name to the stored country name. */
export const locationQuery = z.object({
  location: z
    .preprocess(
      emptyToUndefined,
      safeText({ name: "location" })
        .trim()
        .max(100, { error: fieldMessages.tooLong("location") })
        .optional(),
    )
    .transform((value) => (value === undefined || value === "" || value.toLowerCase() === "all" ? undefined : value))
    .describe("Country name or ISO 3166 alpha-2 code (IN), any case; empty or All: every country"),
});

export const priceRangeQuery = z.object({
  minPrice: numberParam("minPrice", { min: 0, max: 100_000_000 }),
  maxPrice: numberParam("maxPrice", { min: 0, max: 100_000_000 }),
});

const RATING_DESCRIPTION = `At least this rating (0–${RATING_MAX}): products rated this or higher`;

export const ratingQuery = z.object({
  rating: numberParam("rating", { min: 0, max: RATING_MAX }).describe(RATING_DESCRIPTION),
});

export const categoryScopeQuery = z.object({
  catId: optionalId("catId"),
  subCatId: optionalId("subCatId"),
});

const booleanParam = z
  .preprocess(emptyToUndefined, z.enum(["true", "false"]).optional())
  .transform((v) => (v === undefined ? undefined : v === "true"));

const checkPriceRange = (query: { minPrice?: number | undefined; maxPrice?: number | undefined }, ctx: z.RefinementCtx) => {
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
    ctx.addIssue({ code: "custom", path: ["minPrice"], message: "minPrice must not be greater than maxPrice" });
  }
};

export const productFilterQuery = z
  .object({
    ...listPagingQuery.shape,
    ...locationQuery.shape,
    ...priceRangeQuery.shape,
    ...ratingQuery.shape,
    ...categoryScopeQuery.shape,
    catName: z.preprocess(emptyToUndefined, safeText({ name: "catName" }).trim().min(1).max(100).optional()),
    featured: booleanParam,
    inStock: booleanParam.describe("true: only products in stock"),
    after: optionalId("after").describe(
      "Keyset paging: the previous answer's nextCursor. The products after it in list order, however deep, with no total (total, page and totalPages are null)",
    ),
  })
  .superRefine(checkPriceRange);
export type ProductFilterQuery = z.output<typeof productFilterQuery>;

export const listLocationQuery = z.object({ ...listPagingQuery.shape, ...locationQuery.shape });

export const catIdQuery = z.object({
  ...listLocationQuery.shape,
  catId: requiredId("catId"),
});

export const subCatIdQuery = z.object({
  ...listLocationQuery.shape,
  subCatId: requiredId("subCatId"),
});

export const catNameQuery = z.object({
  ...listLocationQuery.shape,
  catName: safeText({ name: "catName", error: fieldMessages.required("catName") })
    .trim()
    .min(1, { error: fieldMessages.required("catName") })
    .max(100),
});

/** `/api/products/fiterByPrice` (sic, the contract's path) and `/api/products/rating` take one category scope. */
export const priceFilterQuery = z
  .object({ ...listLocationQuery.shape, ...priceRangeQuery.shape, ...categoryScopeQuery.shape })
  .superRefine(checkPriceRange);

export const ratingFilterQuery = z.object({
  ...listLocationQuery.shape,
  ...categoryScopeQuery.shape,
  rating: requiredNumberParam("rating", { min: 0, max: RATING_MAX }).describe(RATING_DESCRIPTION),
});

const searchText = safeText({ name: "q", error: fieldMessages.required("q") })
  .trim()
  .min(1, { error: catalogMessages.searchBlank })
  .max(100, { error: fieldMessages.atMostCharacters("q", 100) });

export const searchQuery = z
  .object({
    ...listLocationQuery.shape,
    ...priceRangeQuery.shape,
    ...ratingQuery.shape,
    subCatId: categoryScopeQuery.shape.subCatId,
    inStock: booleanParam.describe("true: only products in stock"),
    q: searchText,
  })
  .superRefine(checkPriceRange);

export const SUGGEST_LIMIT_MAX = 10;

export const suggestQuery = z.object({
  ...locationQuery.shape,
  q: searchText,
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: fieldMessages.notNumber("limit") })
      .int({ error: fieldMessages.notWholeNumber("limit") })
      .min(1, { error: fieldMessages.atLeast("limit", 1) })
      .max(SUGGEST_LIMIT_MAX, { error: fieldMessages.atMost("limit", SUGGEST_LIMIT_MAX) })
      .default(8),
  ),
});
