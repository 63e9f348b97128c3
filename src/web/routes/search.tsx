import { data, Form, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { requestInfoContext, servicesContext } from "#app-context";
import { categoryScopeQuery } from "#shared/schemas/catalog.ts";
import { hasControlCharacters } from "#shared/schemas/text.ts";
import type { ListingData } from "../components/listing/listing-data.ts";
import { toResults } from "../components/listing/listing-data.ts";
import { ListingPage } from "../components/listing/listing-page.tsx";
import { parseListingQuery, toProductFilter } from "../components/listing/listing-query.ts";
import { onlyViewChanged, withParams } from "../components/listing/listing-url.ts";
import { seoMeta } from "../lib/seo.ts";
import type { Route } from "./+types/search.ts";

/** Shows the bottom bar's Filters button under 992 px (layout). */
export const handle = { filters: true };

const QUERY_MAX = 100;
const ALL_SUB_CATEGORIES = "all";

/** `/search?q=`: full-text and typo-tolerant matches in the shopper's location, with the listing's filters. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<{ q: string; listing: ListingData | null }> {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, QUERY_MAX);
  if (q === "") return { q, listing: null };
  if (hasControlCharacters(q)) throw data("The search text must not contain control characters.", { status: 400 });
  const { catalog, search } = context.get(servicesContext);
  const query = parseListingQuery(url.searchParams);
  const subCatId = categoryScopeQuery.shape.subCatId.safeParse(url.searchParams.get("subCatId") ?? undefined).data;
  const [categories, page] = await Promise.all([
    catalog.listCategories(),
    search.findProducts({ query: q, ...toProductFilter(query), subCatId, location: context.get(requestInfoContext).location }),
  ]);
  return {
    q,
    listing: {
      title: `Results for "${q}"`,
      query,
      ...toResults(page),
      subCategoryGroups: [
        { all: { id: ALL_SUB_CATEGORIES, name: "All sub-categories" }, items: [] },
        ...categories.map((category) => ({
          name: category.name,
          items: category.children.map(({ id, name }) => ({ id, name })),
        })),
      ],
      selectedSubCategory: subCatId ?? ALL_SUB_CATEGORIES,
      featured: null,
      banners: null,
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
  const { q, listing } = loaderData;
  if (!listing) return <SearchPrompt />;
  return (
    <ListingPage
      data={listing}
      heading={
        <h1 className="text-2xl font-bold">
          Results for <q>{q}</q>
        </h1>
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
