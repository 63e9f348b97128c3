import { z } from "zod";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, RATING_MAX, UNPAGED_LIST_MAX } from "#shared/constants.ts";
import { catalogMessages, fieldMessages } from "#shared/messages.ts";
import { safeText } from "./text.ts";

/**
 * Query parameters of the catalogue (spec §7), shared by the API routes and the web app's listing pages so the two
 * parse filters the same way. Clients of the original API send empty parameters (`&location=`): an empty value means
 * "not given". Messages name the parameter and say what is expected.
 */
const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/**
 * The original client builds `subCatId=${id}` from a value that may be missing: the literal strings `undefined` and
 * `null` mean "not given" for the category ids, like an empty value.
 */
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

export const idParam = (name: string) => z.uuid({ error: fieldMessages.notId(name) }).describe(`${name} (UUID)`);

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

/**
 * Paging of an API product list (docs/decisions/006-api-contract.md): with `page` or `perPage` the answer is that page
 * (`perPage` 10 by default); with neither, the whole list up to UNPAGED_LIST_MAX products, as the original server
 * answered lists its client asked for without paging. Read it with `listPaging`.
 */
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
  /** Whether the client asked for paging (page or perPage given). */
  paged: boolean;
}

export function listPaging(query: { page?: number | undefined; perPage?: number | undefined }): ListPaging {
  if (query.page === undefined && query.perPage === undefined) return { page: 1, perPage: UNPAGED_LIST_MAX, paged: false };
  return { page: query.page ?? 1, perPage: query.perPage ?? DEFAULT_PER_PAGE, paged: true };
}

/**
 * `location` absent, empty or `All` means every location. The API resolves an ISO 3166 alpha-2 code (`IN`) or a name
 * in any case to the country's name, which products are stored with (src/server/api/catalog.ts).
 */
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

/** `true` or `false` as a query parameter (absent: not given). */
const booleanParam = z
  .preprocess(emptyToUndefined, z.enum(["true", "false"]).optional())
  .transform((v) => (v === undefined ? undefined : v === "true"));

const checkPriceRange = (query: { minPrice?: number | undefined; maxPrice?: number | undefined }, ctx: z.RefinementCtx) => {
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
    ctx.addIssue({ code: "custom", path: ["minPrice"], message: "minPrice must not be greater than maxPrice" });
  }
};

/** `/api/products`: every filter at once, as the search and listing pages combine them. */
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

/** The query every API product list takes: optional paging (`listPaging`) and a location. */
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

/** What is searched for: 1 to 100 characters, no control characters. */
const searchText = safeText({ name: "q", error: fieldMessages.required("q") })
  .trim()
  .min(1, { error: catalogMessages.searchBlank })
  .max(100, { error: fieldMessages.atMostCharacters("q", 100) });

/** `/api/search`: the text, and the search page's filters (sub-category, price, rating, in stock only). */
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

/** The most suggestions one request may ask for. */
export const SUGGEST_LIMIT_MAX = 10;

/** `/api/search/suggest`: what is typed so far, and how many products to suggest (8 by default). */
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
