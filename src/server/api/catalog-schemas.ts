import { z } from "zod";
import { UNPAGED_LIST_MAX } from "#shared/constants.ts";

/** Response shapes of the catalogue API: the spec's field names (§3), `_id` and `id` on every record, rupees. */
export const idFields = { _id: z.string(), id: z.string() };

/** Spec §3 "Image URLs": `images` hold stored file names, `imageUrls` the same pictures as absolute URLs. */
const imageFields = {
  images: z
    .array(z.string())
    .describe(
      "Stored image file names: the picture is at {host}/download/{file name} (spec §3, as the original clients build it)",
    ),
  imageUrls: z.array(z.string()).describe("The same pictures as absolute URLs ({PUBLIC_URL}/download/{file name})"),
};

export const productJson = z
  .object({
    ...idFields,
    name: z.string(),
    brand: z.string(),
    description: z.string(),
    ...imageFields,
    price: z.number().describe("Rupees"),
    oldPrice: z.number().describe("Rupees; equal to price when the product has no old price"),
    discount: z.number().int().describe("Percent off oldPrice"),
    rating: z.number(),
    countInStock: z.number().int(),
    catId: z.string(),
    catName: z.string(),
    subCatId: z.string().nullable(),
    subCat: z.string().nullable().describe("Sub-category name"),
    productRam: z.array(z.string()),
    size: z.array(z.string()),
    productWeight: z.array(z.string()),
    location: z.array(z.string()).describe("Countries where the product is sold"),
    isFeatured: z.boolean(),
    dateCreated: z.string(),
  })
  .meta({ id: "Product" });

export const productPageJson = z
  .object({
    error: z.literal(false),
    products: z.array(productJson),
    total: z.number().int().describe("Products matching the filters, over every page"),
    page: z.number().int(),
    perPage: z.number().int().describe(`Page size; ${UNPAGED_LIST_MAX} when the client asked for no paging`),
    totalPages: z.number().int(),
    capped: z
      .boolean()
      .describe(
        "More products matched than were counted (lists narrowed by more than a category count up to 1,000; the keyset cursor walks further): total is a floor",
      ),
    nextCursor: z
      .string()
      .nullable()
      .describe("When the page is full: the `after` that continues the list past it (keyset paging, /api/products)"),
  })
  .describe("A list of products with its paging (every list but featured, and search with paging)");

/** `/api/products`: a page, or with `after` a keyset page, which has no total (counting a whole list is not cheap). */
export const productListPageJson = productPageJson.extend({
  total: productPageJson.shape.total.nullable(),
  page: productPageJson.shape.page.nullable(),
  totalPages: productPageJson.shape.totalPages.nullable(),
});

/** `featured` always, and `search` without paging: the original client calls `.slice`/`.map` on the answer itself. */
export const productListJson = z
  .array(productJson)
  .describe(`A bare array of products (at most ${UNPAGED_LIST_MAX} without paging) as the original client reads it`);

const countJson = z.number().int().min(0);

export const searchPageJson = productPageJson
  .extend({
    correctedQuery: z
      .string()
      .nullable()
      .describe("Nothing matched the words as typed: these results are for this correction ('Did you mean ...?')"),
    capped: z.boolean().describe("More products matched than are ranked: total is a floor"),
    facets: z
      .object({
        subCategories: z.array(z.object({ id: z.string(), count: countJson })),
        priceBands: z.array(z.object({ minPrice: z.number(), maxPrice: z.number().nullable(), count: countJson })),
        ratings: z.array(z.object({ stars: z.number().int(), count: countJson })).describe("Rated at least `stars`"),
        inStock: countJson,
      })
      .describe("Counts with the results, each with the other filters applied but not its own"),
  })
  .describe("A page of search results with facet counts");

/** `/api/search`: a bare array without `page`/`perPage`, the paged object with them (docs/decisions/006-api-contract.md). */
export const searchAnswerJson = z
  .union([productListJson, searchPageJson])
  .describe("Without page and perPage a bare array of products; with either, the paged object");

export const subCategoryJson = z.object({ ...idFields, name: z.string(), parentId: z.string() });

export const categoryJson = z
  .object({
    ...idFields,
    name: z.string(),
    color: z.string(),
    ...imageFields,
    parentId: z.null(),
    children: z.array(subCategoryJson),
  })
  .meta({ id: "Category" });

export const bannerJson = z
  .object({
    ...idFields,
    ...imageFields,
    catId: z.string().nullable(),
    subCatId: z.string().nullable(),
  })
  .meta({ id: "Banner" });

export const suggestionJson = z
  .object({ ...idFields, name: z.string(), ...imageFields, price: z.number() })
  .meta({ id: "Suggestion" });
