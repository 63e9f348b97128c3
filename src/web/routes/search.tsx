import { data, Form, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { categoriesContext, pageReadsContext, requestInfoContext, servicesContext } from "#app-context";
import { catalogMessages } from "#shared/messages/shop.ts";
import { priceBandInRupees } from "#shared/money.ts";
import { categoryScopeQuery } from "#shared/schemas/catalog.ts";
import { hasControlCharacters } from "#shared/schemas/text.ts";
import type { ListingData } from "../components/listing/listing-data.ts";
import { toResults } from "../components/listing/listing-data.ts";
import { ListingPage } from "../components/listing/listing-page.tsx";
import { parseListingQuery, toProductFilter } from "../components/listing/listing-query.ts";
import { onlyViewChanged, withParams } from "../components/listing/listing-url.ts";
import { Link } from "../components/ui/link.tsx";
import { seoMeta } from "../lib/seo.ts";
import type { Route } from "./+types/search.ts";

/** Shows the bottom bar's Filters button under 992 px (layout). */
// Anonymous results may be kept by a CDN (docs/decisions/019-cacheable-pages.md).
export const handle = { filters: true, publicCache: true };

const QUERY_MAX = 100;
const ALL_SUB_CATEGORIES = "all";

/**
 * `/search?q=`: full-text and typo-tolerant matches in the shopper's location, with the listing's filters and the
 * counts beside them (facets). When nothing matches the words as typed, the results are for their correction and the
 * page says "Did you mean ...?".
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<{
  q: string;
  correctedQuery: string | null;
  listing: ListingData | null;
}> {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, QUERY_MAX);
  if (q === "") return { q, correctedQuery: null, listing: null };
  if (hasControlCharacters(q)) throw data(catalogMessages.searchControlCharacters, { status: 400 });
  const { search } = context.get(servicesContext);
  const query = parseListingQuery(url.searchParams);
  const subCatId = categoryScopeQuery.shape.subCatId.safeParse(url.searchParams.get("subCatId") ?? undefined).data;
  const wanted = { query: q, ...toProductFilter(query), subCatId, location: context.get(requestInfoContext).location };
  // The same for every shopper, so signed-in shoppers share them (decision 040); each search is still counted.
  const [categories, found] = await Promise.all([
    context.get(categoriesContext)(),
    context.get(pageReadsContext).read(`/search?products=${JSON.stringify(wanted)}`, () => search.findProducts(wanted)),
  ]);
  await search.countIfUnmatched(found, q);
  // Sub-categories with matches (and the chosen one), each with its count; categories without any are left out.
  const counts = new Map(found.facets.subCategories.map(({ id, count }) => [id, count]));
  const subCategoryGroups = categories.flatMap((category) => {
    const items = category.children
      .filter(({ id }) => counts.has(id) || id === subCatId)
      .map(({ id, name }) => ({ id, name, count: counts.get(id) ?? 0 }));
    return items.length > 0 ? [{ name: category.name, items }] : [];
  });
  return {
    q,
    correctedQuery: found.correctedQuery,
    listing: {
      title: `Results for "${found.correctedQuery ?? q}"`,
      query,
      ...toResults(found),
      subCategoryGroups: [{ all: { id: ALL_SUB_CATEGORIES, name: "All sub-categories" }, items: [] }, ...subCategoryGroups],
      selectedSubCategory: subCatId ?? ALL_SUB_CATEGORIES,
      featured: null,
      banners: null,
      facets: {
        priceBands: found.facets.priceBands.map(priceBandInRupees),
        ratings: found.facets.ratings,
        inStock: found.facets.inStock,
      },
      capped: found.capped,
    },
  };
}

export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return onlyViewChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData?.q ? `Search results for "${loaderData.q}"` : "Search";
  return [
    ...seoMeta({ title, description: "Search the Storefront catalogue.", path: "/search" }, matches),
    // Result pages are endless variations of one page: keep them out of search engines.
    { name: "robots", content: "noindex, follow" },
  ];
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const { q, correctedQuery, listing } = loaderData;
  if (!listing) return <SearchPrompt />;
  return (
    <ListingPage
      data={listing}
      heading={
        <div>
          <h1 className="text-2xl font-bold">
            Results for <q>{correctedQuery ?? q}</q>
          </h1>
          {correctedQuery ? (
            <p className="mt-1 text-gray-700">
              Nothing matches <q>{q}</q>. Did you mean{" "}
              <Link
                to={`/search?${new URLSearchParams({ q: correctedQuery })}`}
                className="font-semibold text-brand-dark underline"
              >
                {correctedQuery}
              </Link>
              ?
            </p>
          ) : null}
        </div>
      }
      hrefForSubCategory={(value) => `/search${withParams(search, { subCatId: value === ALL_SUB_CATEGORIES ? null : value })}`}
      emptyMessage={`No products match "${q}". Try other words or fewer filters.`}
    />
  );
}

function SearchPrompt() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">What are you looking for?</h1>
      <p className="mt-2 text-gray-700">Search by product name, brand or description.</p>
      <Form method="get" action="/search" role="search" className="mt-6 flex gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          Search products
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          required
          maxLength={QUERY_MAX}
          placeholder="Search for products..."
          className="min-w-0 flex-1 rounded-full border border-gray-300 px-4 py-2 focus-visible:outline-2 focus-visible:outline-brand-dark"
        />
        <button type="submit" className="rounded-full bg-brand-dark px-5 py-2 font-semibold text-white hover:bg-brand">
          Search
        </button>
      </Form>
    </main>
  );
}
