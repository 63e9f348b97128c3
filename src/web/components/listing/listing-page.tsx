import { useCallback, useEffect, useState } from "react";
import { useLocation, useNavigation, useSearchParams } from "react-router";
import { useOpenFiltersListener } from "../layout/chrome-handle.ts";
import { ProductCard } from "../product/product-card.tsx";
import { Icon } from "../ui/icon.tsx";
import { Link } from "../ui/link.tsx";
import { CloseButton, Modal } from "../ui/modal.tsx";
import { FilterSidebar } from "./filter-sidebar.tsx";
import type { ListingData } from "./listing-data.ts";
import { type ListingView, viewFrom } from "./listing-url.ts";
import { Pagination } from "./pagination.tsx";
import { ResultsToolbar } from "./results-toolbar.tsx";

const GRID: Record<ListingView, string> = {
  one: "mx-auto max-w-md grid-cols-1",
  three: "grid-cols-2 md:grid-cols-3",
  four: "grid-cols-2 md:grid-cols-3 xl:grid-cols-4",
};

/** Shared by category, sub-category and search pages; under 992 px the sidebar is a "Filter Products" panel. */
export function ListingPage({
  data,
  heading,
  hrefForSubCategory,
  emptyMessage = "No products match these filters.",
}: {
  data: ListingData;
  heading: React.ReactNode;
  hrefForSubCategory: (value: string) => string;
  emptyMessage?: string;
}) {
  const [search] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const view = viewFrom(search);
  const loading = navigation.state === "loading";

  useOpenFiltersListener(useCallback(() => setFiltersOpen(true), []));
  // A chosen filter is a new page: close the panel to show its results.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation, by design
  useEffect(() => setFiltersOpen(false), [location.key]);

  const sidebar = <FilterSidebar data={data} hrefForSubCategory={hrefForSubCategory} />;
  return (
    <main className="mx-auto max-w-7xl px-4 py-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        {heading}
        <button
          type="button"
          onClick={() => setFiltersOpen(true)}
          className="flex items-center gap-2 rounded border border-gray-300 px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-dark min-[992px]:hidden"
        >
          <Icon name="sliders-horizontal" size={16} /> Filters
        </button>
      </div>
      <div className="flex gap-8">
        <aside aria-label="Filters" className="hidden w-64 shrink-0 min-[992px]:block">
          {sidebar}
        </aside>
        {filtersOpen ? (
          <Modal
            onClose={() => setFiltersOpen(false)}
            labelledBy="filters-heading"
            className="inset-y-0 left-0 h-full max-h-none w-[85vw] max-w-sm overflow-y-auto bg-white p-4 shadow-xl min-[992px]:hidden"
          >
            <div className="mb-4 flex items-center justify-between">
              <h2 id="filters-heading" className="text-lg font-bold">
                Filter Products
              </h2>
              <CloseButton label="Close filters" onClick={() => setFiltersOpen(false)} />
            </div>
            {sidebar}
          </Modal>
        ) : null}
        <section aria-labelledby="results-heading" aria-busy={loading} className="relative min-w-0 flex-1">
          {/* The cards' titles are h3: their section heading keeps the outline in order when the sidebar is hidden. */}
          <h2 id="results-heading" className="sr-only">
            Products
          </h2>
          <ResultsToolbar view={view} perPage={data.query.perPage} total={data.total} capped={data.capped} />
          {loading ? (
            <div role="status" className="absolute inset-x-0 top-16 z-10 flex justify-center">
              <span className="flex items-center gap-2 rounded-full bg-white px-4 py-2 shadow">
                <Icon name="loader-circle" size={18} className="animate-spin text-brand-dark" /> Loading products…
              </span>
            </div>
          ) : null}
          {data.products.length > 0 ? (
            <ul className={`grid gap-4 transition-opacity ${GRID[view]} ${loading ? "opacity-50" : ""}`}>
              {data.products.map((product, index) => (
                <li key={product.id}>
                  <ProductCard product={product} eager={index < 4} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="rounded-lg border border-dashed border-gray-300 p-10 text-center">
              <p className="text-gray-700">{emptyMessage}</p>
              {search.size > 0 ? (
                <Link
                  to={location.pathname + clearFilters(search)}
                  className="mt-3 inline-block font-semibold text-brand-dark underline"
                >
                  Clear filters
                </Link>
              ) : null}
            </div>
          )}
          <Pagination page={data.query.page} totalPages={data.totalPages} />
        </section>
      </div>
    </main>
  );
}

/** Keeps only the search text (on the search page) when clearing filters. */
function clearFilters(search: URLSearchParams): string {
  const q = search.get("q");
  return q ? `?${new URLSearchParams({ q })}` : "";
}
