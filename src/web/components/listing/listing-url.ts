import { DEFAULT_PER_PAGE, PRICE_SLIDER } from "#shared/constants.ts";

export const LISTING_VIEWS = ["one", "three", "four"] as const;
export type ListingView = (typeof LISTING_VIEWS)[number];
export const DEFAULT_VIEW: ListingView = "four";

/** In the URL, so a filtered page can be shared and reloaded. */
export interface ListingQuery {
  page: number;
  perPage: number;
  /** Rupees, as in the URL and on the slider. */
  minPrice: number | undefined;
  maxPrice: number | undefined;
  /** "At least" this rating. */
  rating: number | undefined;
  inStock: boolean;
  view: ListingView;
}

/** A missing bound sits at the slider's end. */
export function sliderRange(query: Pick<ListingQuery, "minPrice" | "maxPrice">): [number, number] {
  const clamp = (value: number) => Math.min(PRICE_SLIDER.max, Math.max(PRICE_SLIDER.min, value));
  return [clamp(query.minPrice ?? PRICE_SLIDER.min), clamp(query.maxPrice ?? PRICE_SLIDER.max)];
}

/** A thumb at the slider's end means "no limit", so the top thumb never hides dearer products. */
export function priceParamsFromSlider([min, max]: [number, number]): { minPrice: string | null; maxPrice: string | null } {
  return {
    minPrice: min > PRICE_SLIDER.min ? String(min) : null,
    maxPrice: max < PRICE_SLIDER.max ? String(max) : null,
  };
}

/** Null removes a parameter; a filter change goes back to page 1; defaults are left out, so URLs stay canonical. */
export function withParams(search: URLSearchParams, changes: Record<string, string | number | null>): string {
  const next = new URLSearchParams(search);
  if (!("page" in changes)) next.delete("page");
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, String(value));
  }
  if (next.get("page") === "1") next.delete("page");
  if (next.get("view") === DEFAULT_VIEW) next.delete("view");
  if (next.get("perPage") === String(DEFAULT_PER_PAGE)) next.delete("perPage");
  const query = next.toString();
  return query ? `?${query}` : "";
}

/** The layout from the URL (read in the browser too: switching it does not run the loader again). */
export function viewFrom(search: URLSearchParams): ListingView {
  const view = search.get("view");
  return LISTING_VIEWS.find((candidate) => candidate === view) ?? DEFAULT_VIEW;
}

/** True when two URLs differ only in their layout: nothing to load again (the route's `shouldRevalidate`). */
export function onlyViewChanged(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  const withoutView = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("view");
    params.sort();
    return params.toString();
  };
  return withoutView(current) === withoutView(next);
}

/** `/products/subCat/{id}`, or the category for its "All" choice, keeping the other filters (back to page 1). */
export function subCategoryListingHref(value: string, allCategoryId: string | undefined, search: URLSearchParams): string {
  const path = value === allCategoryId ? `/products/category/${value}` : `/products/subCat/${value}`;
  return path + withParams(search, {});
}
