import type { ProductCardData } from "../product/product-data.ts";

export const POPULAR_PRODUCTS_COUNT = 10;

/** What `/home-products?cat=` answers: the cards of one Popular Products tab, named by its category. */
export interface PopularProductsData {
  catName: string;
  products: ProductCardData[];
}

/** A banner as the home page shows it: one picture, where it leads, and words for its alt text. */
export interface BannerData {
  id: string;
  image: string | null;
  href: string;
  label: string;
}

export interface CategoryTile {
  id: string;
  name: string;
  color: string;
  image: string | null;
}

/** Picture sizes of each banner kind (the demo catalogue draws them so); boxes keep this ratio, so nothing shifts. */
export const BANNER_SIZES = {
  home: { width: 1600, height: 600 },
  row: { width: 800, height: 400 },
  side: { width: 600, height: 900 },
  bottom: { width: 1600, height: 400 },
} as const;
