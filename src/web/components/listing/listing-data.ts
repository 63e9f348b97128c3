import type { Banner, Category, Page, Product } from "#domain/catalog/types.ts";
import { toProductCardData } from "../product/product-data.server.ts";
import type { ProductCardData } from "../product/product-data.ts";
import type { ListingQuery } from "./listing-url.ts";

/** One group of sub-category radios (the search page groups them by category; a listing shows one group). */
export interface SubCategoryGroup {
  name?: string;
  all?: { id: string; name: string; count?: number };
  items: { id: string; name: string; count?: number }[];
}

/** Counts beside the filters of a search page (facets), each with the other filters applied; prices in rupees. */
export interface ListingFacets {
  priceBands: { minPrice: number; maxPrice: number | null; count: number }[];
  ratings: { stars: number; count: number }[];
  inStock: number;
}

export interface SideBanner {
  id: string;
  image: string;
  href: string;
  alt: string;
}

export interface ListingData {
  title: string;
  query: ListingQuery;
  products: ProductCardData[];
  total: number;
  totalPages: number;
  subCategoryGroups: SubCategoryGroup[];
  /** The checked radio: a sub-category id, or the id of a group's "All" choice. */
  selectedSubCategory: string;
  featured: Promise<ProductCardData[]> | null;
  banners: Promise<SideBanner[]> | null;
  facets?: ListingFacets;
  /** The total is a floor: more products matched than a search ranks, or a filtered list counts. */
  capped?: boolean;
}

export function toResults(page: Page<Product>) {
  return {
    products: page.items.map(toProductCardData),
    total: page.total,
    totalPages: page.totalPages,
    capped: page.capped,
  };
}

/** Side banners link to their sub-category when they have one, otherwise to their category (spec §2 Home). */
export function toSideBanners(banners: Banner[], categories: Category[]): SideBanner[] {
  const names = new Map<string, string>();
  for (const category of categories) {
    names.set(category.id, category.name);
    for (const child of category.children) names.set(child.id, child.name);
  }
  return banners.flatMap((banner) => {
    const [image] = banner.images;
    const target = banner.subCatId
      ? { href: `/products/subCat/${banner.subCatId}`, name: names.get(banner.subCatId) }
      : banner.catId
        ? { href: `/products/category/${banner.catId}`, name: names.get(banner.catId) }
        : undefined;
    if (!image || !target) return [];
    return [{ id: banner.id, image, href: target.href, alt: `Offers on ${target.name ?? "our products"}` }];
  });
}
