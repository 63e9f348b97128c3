import { useSearchParams } from "react-router";
import { PER_PAGE_OPTIONS } from "#shared/constants.ts";
import { Icon } from "../ui/icon.tsx";
import type { IconName } from "../ui/icon-names.ts";
import { Link } from "../ui/link.tsx";
import { Menu, MenuLink } from "../ui/menu.tsx";
import { type ListingView, withParams } from "./listing-url.ts";

const VIEWS: { view: ListingView; label: string; icon: IconName }[] = [
  { view: "one", label: "One per row", icon: "rows-3" },
  { view: "three", label: "Three per row", icon: "columns-3" },
  { view: "four", label: "Four per row", icon: "layout-grid" },
];

/** Layout switch (one, three or four per row) and the per-page menu; both live in the URL. */
export function ResultsToolbar({
  view,
  perPage,
  total,
  capped = false,
}: {
  view: ListingView;
  perPage: number;
  total: number;
  /** The total is a floor (a search ranks at most so many matches): shown as "1000+". */
  capped?: boolean;
}) {
  const [search] = useSearchParams();
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-gray-50 px-3 py-2">
      <div className="flex items-center gap-1">
        {VIEWS.map(({ view: option, label, icon }) => (
          <Link
            key={option}
            to={withParams(search, { view: option, page: search.get("page") })}
            preventScrollReset
            replace
            aria-label={label}
            aria-current={view === option ? "true" : undefined}
            className={`flex size-9 items-center justify-center rounded focus-visible:outline-2 focus-visible:outline-brand-dark ${view === option ? "bg-brand-dark text-white" : "text-gray-700 hover:bg-gray-200"}`}
          >
            <Icon name={icon} size={18} />
          </Link>
        ))}
        <p className="ml-2 text-sm text-gray-700" aria-live="polite">
          {`${total}${capped ? "+" : ""} ${total === 1 && !capped ? "product" : "products"}`}
        </p>
      </div>
      <Menu
        label={
          <>
            <span>
              Show: <span className="font-semibold">{perPage}</span>
              <span className="sr-only"> per page</span>
            </span>
            <Icon name="chevron-down" size={16} />
          </>
        }
        menuLabel="Products per page"
        triggerClassName="flex items-center gap-1 rounded border border-gray-300 bg-white px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-brand-dark"
        align="end"
        className="z-30 min-w-24 rounded border border-gray-200 bg-white py-1 shadow-lg"
      >
        {PER_PAGE_OPTIONS.map((option) => (
          <MenuLink
            key={option}
            to={withParams(search, { perPage: option })}
            preventScrollReset
            aria-current={option === perPage ? "true" : undefined}
            className="block px-4 py-1.5 text-sm outline-none focus:bg-gray-100 aria-[current=true]:font-semibold"
          >
            {option}
          </MenuLink>
        ))}
      </Menu>
    </div>
  );
}
