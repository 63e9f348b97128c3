import type { Product } from "#domain/catalog/types.ts";
import type { ProductCardData, ProductDetailData } from "./product-data.ts";

export function toProductCardData(product: Product): ProductCardData {
  const { id, name, brand, images, pricePaise, oldPricePaise, discount, rating, countInStock } = product;
  return { id, name, brand, images, pricePaise, oldPricePaise, discount, rating, countInStock };
}

export function toProductDetailData(product: Product): ProductDetailData {
  const { description, catId, catName, subCatId, subCatName, productRam, size, productWeight } = product;
  return { ...toProductCardData(product), description, catId, catName, subCatId, subCatName, productRam, size, productWeight };
}
