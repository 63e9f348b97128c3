import type { Product } from "#domain/catalog/types.ts";
import type { ReviewsData } from "./product-reviews.tsx";

/** What the browser needs of a product for a card (loader data stays small: no locations, dates or descriptions). */
export type ProductCardData = Pick<
  Product,
  "id" | "name" | "brand" | "images" | "pricePaise" | "oldPricePaise" | "discount" | "rating" | "countInStock"
>;

export type ProductDetailData = ProductCardData &
  Pick<Product, "description" | "catId" | "catName" | "subCatId" | "subCatName" | "productRam" | "size" | "productWeight">;

/** The quick view asks for the same page with `?quick` and gets the product alone (`reviews` and `related` null). */
export interface ProductPageData {
  product: ProductDetailData;
  reviews: ReviewsData | null;
  /** Streamed after the page. */
  related: Promise<ProductCardData[]> | null;
}

/** Demo and uploaded product pictures are 3:4 (600x800); cards show them at 300x400. */
export const PRODUCT_IMAGE = { width: 600, height: 800 } as const;
