import { useId } from "react";
import { useSearchParams } from "react-router";
import { formatRupees, rupeesToPaise } from "#shared/money.ts";
import { Link } from "../ui/link.tsx";
import type { ListingFacets } from "./listing-data.ts";
import { withParams } from "./listing-url.ts";

const linkClass =
  "flex items-center justify-between gap-2 rounded px-1 py-0.5 text-sm hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-dark";

/** The band's label: "Under Rs 500", "Rs 500 – Rs 1,000", "Rs 20,000 and over". */
function bandLabel({ minPrice, maxPrice }: { minPrice: number; maxPrice: number | null }): string {
  const rupees = (value: number) => formatRupees(rupeesToPaise(value));
  if (minPrice === 0 && maxPrice !== null) return `Under ${rupees(maxPrice)}`;
  if (maxPrice === null) return `${rupees(minPrice)} and over`;
  return `${rupees(minPrice)} – ${rupees(maxPrice)}`;
}

/** The URL parameters of a band: from its minimum up to just under the next band's. */
function bandParams({ minPrice, maxPrice }: { minPrice: number; maxPrice: number | null }) {
  return {
    minPrice: minPrice > 0 ? String(minPrice) : null,
    maxPrice: maxPrice === null ? null : String(maxPrice - 0.01),
  };
}

/** Price bands with their counts (search pages): links, so they work before the page's script has loaded. */
export function PriceBands({ bands }: { bands: ListingFacets["priceBands"] }) {
  const id = useId();
  const [search] = useSearchParams();
  const current = { minPrice: search.get("minPrice"), maxPrice: search.get("maxPrice") };
  const shown = bands.filter((band) => band.count > 0);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="mb-2 font-semibold">
        Price range
      </h2>
      <ul className="flex flex-col gap-1">
        {shown.map((band) => {
          const params = bandParams(band);
          const chosen = params.minPrice === current.minPrice && params.maxPrice === current.maxPrice;
          return (
            <li key={band.minPrice}>
              <Link
                to={withParams(search, params)}
                preventScrollReset
                aria-current={chosen ? "true" : undefined}
                className={`${linkClass} ${chosen ? "bg-gray-100 font-semibold" : ""}`}
              >
                <span>{bandLabel(band)}</span>
                <span className="text-gray-600">({band.count})</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A link that turns the filter on or off; `aria-pressed` is not for links, so the state is in the text. */
export function StockFilter({ inStock, count }: { inStock: boolean; count?: number | undefined }) {
  const [search] = useSearchParams();
  return (
    <Link
      to={withParams(search, { inStock: inStock ? null : "true" })}
      preventScrollReset
      className={`${linkClass} border border-gray-300`}
    >
      <span className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className={`flex size-4 items-center justify-center rounded-sm border ${inStock ? "border-brand-dark bg-brand-dark text-white" : "border-gray-500"}`}
        >
          {inStock ? "✓" : null}
        </span>
        {inStock ? "In stock only: on" : "In stock only"}
      </span>
      {count !== undefined ? <span className="text-gray-600">({count})</span> : null}
    </Link>
  );
}
