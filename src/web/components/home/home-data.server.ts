import type { Banner, Category } from "#domain/catalog/types.ts";
import type { BannerData } from "./home-data.ts";

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

/** A pseudo-random index below `count`, the same for every request within one hour of the clock. */
export function hourlyPick(nowMs: number, count: number): number {
  if (count <= 0) return 0;
  const hour = Math.floor(nowMs / 3_600_000);
  // A multiplicative hash of the hour number (Knuth's), so consecutive hours do not walk the categories in order.
  return (Math.imul(hour, 2_654_435_761) >>> 0) % count;
}
