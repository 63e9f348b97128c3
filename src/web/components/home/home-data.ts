import type { Banner, Category } from "#domain/catalog/types.ts";
import type { ProductCardData } from "../product/product-data.ts";

/** How many products a Popular Products tab shows. */
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

/** Spec §2: a banner opens its sub-category when it carries one, otherwise its category. */
export function bannerHref(banner: { subCatId: string | null; catId: string | null }): string {
  if (banner.subCatId) return `/products/subCat/${banner.subCatId}`;
  if (banner.catId) return `/products/category/${banner.catId}`;
  return "/";
}

/** Banner rows for the page, named after what they link to ("Fashion / Shirts"): the pictures carry no text of their own. */
export function toBannerData(banners: Banner[], categories: Category[]): BannerData[] {
  const names = new Map<string, string>();
  for (const category of categories) {
    names.set(category.id, category.name);
    for (const sub of category.children) names.set(sub.id, `${category.name} / ${sub.name}`);
  }
  return banners.map((banner) => {
    const first = banner.images[0];
    const target = (banner.subCatId && names.get(banner.subCatId)) || (banner.catId && names.get(banner.catId)) || "our offers";
    return {
      id: banner.id,
      // Spec §3: the first image is shown, with spaces removed from its name.
      image: first ? first.replace(/\s+/g, "") : null,
      href: bannerHref(banner),
      label: `Shop ${target}`,
    };
  });
}

/** Picture sizes of each banner kind (the demo catalogue draws them so); boxes keep this ratio, so nothing shifts. */
export const BANNER_SIZES = {
  home: { width: 1600, height: 600 },
  row: { width: 800, height: 400 },
  side: { width: 600, height: 900 },
  bottom: { width: 1600, height: 400 },
} as const;
