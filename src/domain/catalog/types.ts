import type { BannerKind } from "#db/schema/catalog.ts";

export interface Product {
  id: string;
  name: string;
  brand: string;
  description: string;
  images: string[];
  pricePaise: number;
  oldPricePaise: number | null;
  discount: number;
  rating: number;
  countInStock: number;
  catId: string;
  catName: string;
  subCatId: string | null;
  subCatName: string | null;
  productRam: string[];
  size: string[];
  productWeight: string[];
  locations: string[];
  isFeatured: boolean;
  createdAt: Date;
}

export interface SubCategory {
  id: string;
  name: string;
  parentId: string;
}

export interface Category {
  id: string;
  name: string;
  color: string;
  images: string[];
  children: SubCategory[];
}

export interface Banner {
  id: string;
  kind: BannerKind;
  images: string[];
  catId: string | null;
  subCatId: string | null;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
  totalPages: number;
  /** More items matched than were counted: `total` is a floor ("10000+"); deeper pages are reached by `nextCursor`. */
  capped: boolean;
  /** `after` for the next page of a keyset walk; null at the end. */
  nextCursor: string | null;
}

/** A keyset page (`after`): no total and no page number, which would cost a count of the whole list. */
export interface CursorPage<T> {
  items: T[];
  perPage: number;
  nextCursor: string | null;
}

export interface Pagination {
  page: number;
  perPage: number;
}

/** Every filter a product list accepts; all combine (AND). Prices in paise, rating is "at least". */
export interface ProductFilter extends Pagination {
  catId?: string | undefined;
  subCatId?: string | undefined;
  catName?: string | undefined;
  minPricePaise?: number | undefined;
  maxPricePaise?: number | undefined;
  minRating?: number | undefined;
  location?: string | undefined;
  featured?: boolean | undefined;
  inStock?: boolean | undefined;
}
