import { z } from "zod";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, RATING_MAX } from "#shared/constants.ts";

/**
 * Query parameters of the catalogue (spec §7), shared by the API routes and the web app's listing pages so the two
 * parse filters the same way. Clients of the original API send empty parameters (`&location=`): an empty value means
 * "not given". Messages name the parameter and say what is expected.
 */
const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

function numberSchema(name: string, options: { min: number; max: number; integer?: boolean }) {
  const kind = options.integer ? "a whole number" : "a number";
  let schema = z.coerce.number({ error: `${name} must be ${kind}` });
  if (options.integer) schema = schema.int({ error: `${name} must be ${kind}` });
  return schema
    .min(options.min, { error: `${name} must be at least ${options.min}` })
    .max(options.max, { error: `${name} must be at most ${options.max}` });
}

function numberParam(name: string, options: { min: number; max: number; integer?: boolean }) {
  return z.preprocess(emptyToUndefined, numberSchema(name, options).optional());
}

function requiredNumberParam(name: string, options: { min: number; max: number; integer?: boolean }) {
  return z.preprocess(
    emptyToUndefined,
    z.custom<unknown>((value) => value !== undefined, { error: `${name} is required` }).pipe(numberSchema(name, options)),
  );
}

export const idParam = (name: string) => z.uuid({ error: `${name} is not a valid id` }).describe(`${name} (UUID)`);

const optionalId = (name: string) => z.preprocess(emptyToUndefined, idParam(name).optional());

export const paginationQuery = z.object({
  page: numberParam("page", { min: 1, max: 100_000, integer: true }).default(1),
  perPage: numberParam("perPage", { min: 1, max: MAX_PER_PAGE, integer: true }).default(DEFAULT_PER_PAGE),
});

/** `location` absent, empty or `All` means every location. */
export const locationQuery = z.object({
  location: z
    .preprocess(emptyToUndefined, z.string().trim().max(100, { error: "location is too long" }).optional())
    .transform((value) => (value === undefined || value === "" || value.toLowerCase() === "all" ? undefined : value)),
});

export const priceRangeQuery = z.object({
  minPrice: numberParam("minPrice", { min: 0, max: 100_000_000 }),
  maxPrice: numberParam("maxPrice", { min: 0, max: 100_000_000 }),
});

export const ratingQuery = z.object({
  rating: numberParam("rating", { min: 0, max: RATING_MAX }),
});

export const categoryScopeQuery = z.object({
  catId: optionalId("catId"),
  subCatId: optionalId("subCatId"),
});

const checkPriceRange = (query: { minPrice?: number | undefined; maxPrice?: number | undefined }, ctx: z.RefinementCtx) => {
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
    ctx.addIssue({ code: "custom", path: ["minPrice"], message: "minPrice must not be greater than maxPrice" });
  }
};

/** `/api/products`: every filter at once, as the search and listing pages combine them. */
export const productFilterQuery = z
  .object({
    ...paginationQuery.shape,
    ...locationQuery.shape,
    ...priceRangeQuery.shape,
    ...ratingQuery.shape,
    ...categoryScopeQuery.shape,
    catName: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(100).optional()),
    featured: z
      .preprocess(emptyToUndefined, z.enum(["true", "false"]).optional())
      .transform((v) => (v === undefined ? undefined : v === "true")),
  })
  .superRefine(checkPriceRange);
export type ProductFilterQuery = z.output<typeof productFilterQuery>;

export const pagedLocationQuery = z.object({ ...paginationQuery.shape, ...locationQuery.shape });

export const catIdQuery = z.object({
  ...pagedLocationQuery.shape,
  catId: idParam("catId"),
});

export const subCatIdQuery = z.object({
  ...pagedLocationQuery.shape,
  subCatId: idParam("subCatId"),
});

export const catNameQuery = z.object({
  ...pagedLocationQuery.shape,
  catName: z.string({ error: "catName is required" }).trim().min(1, { error: "catName is required" }).max(100),
});

/** `/api/products/fiterByPrice` (sic, the contract's path) and `/api/products/rating` take one category scope. */
export const priceFilterQuery = z
  .object({ ...pagedLocationQuery.shape, ...priceRangeQuery.shape, ...categoryScopeQuery.shape })
  .superRefine(checkPriceRange);

export const ratingFilterQuery = z.object({
  ...pagedLocationQuery.shape,
  ...categoryScopeQuery.shape,
  rating: requiredNumberParam("rating", { min: 0, max: RATING_MAX }),
});

export const searchQuery = z.object({
  ...pagedLocationQuery.shape,
  q: z
    .string({ error: "q is required" })
    .trim()
    .min(1, { error: "Please enter something to search for (q)" })
    .max(100, { error: "q must be at most 100 characters" }),
});
