import { type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { pageMessages } from "#shared/messages/shop.ts";
import { ListingPage } from "../components/listing/listing-page.tsx";
import { onlyViewChanged, subCategoryListingHref } from "../components/listing/listing-url.ts";
import { loadListing } from "../components/listing/load-listing.server.ts";
import { seoMeta } from "../lib/seo.ts";
import type { Route } from "./+types/listing.ts";

/** Shows the bottom bar's Filters button under 992 px (layout). */
// Anonymous listings may be kept by a CDN (docs/decisions/019-cacheable-pages.md).
export const handle = { filters: true, publicCache: true };

/** One module for `/products/category/:id` and `/products/subCat/:id` (routes.ts gives it both, with their own ids). */
export function loader({ params, request, context }: Route.LoaderArgs) {
  const kind = new URL(request.url).pathname.startsWith("/products/subCat/") ? "subCat" : "category";
  return loadListing({ kind, params, request, context });
}

export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return onlyViewChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: pageMessages.notFoundTitle }];
  return seoMeta(
    {
      title: loaderData.title,
      description: `Shop ${loaderData.title} at Storefront: ${loaderData.total} products, newest first, with daily mega discounts.`,
      path: location.pathname,
    },
    matches,
  );
}

export default function Listing({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const allId = loaderData.subCategoryGroups[0]?.all?.id;
  return (
    <ListingPage
      data={loaderData}
      heading={<h1 className="text-2xl font-bold">{loaderData.title}</h1>}
      hrefForSubCategory={(value) => subCategoryListingHref(value, allId, search)}
    />
  );
}
