import type { Product } from "#domain/catalog/types.ts";
import type { ProductCardData, ProductDetailData } from "./product-data.ts";

/** A product as a card needs it (loader data stays small: no locations, dates or descriptions). */
export function toProductCardData(product: Product): ProductCardData {
  const { id, name, brand, images, pricePaise, oldPricePaise, discount, rating, countInStock } = product;
  return { id, name, brand, images, pricePaise, oldPricePaise, discount, rating, countInStock };
}

/** A product as the product page and the quick view show it. */
export function toProductDetailData(product: Product): ProductDetailData {
  const { description, catId, catName, subCatId, subCatName, productRam, size, productWeight } = product;
  return { ...toProductCardData(product), description, catId, catName, subCatId, subCatName, productRam, size, productWeight };
}
