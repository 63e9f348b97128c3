import { Icon } from "../ui/icon.tsx";
import { Link } from "../ui/link.tsx";
import { openFilters } from "./chrome-handle.ts";
import { SEARCH_INPUT_ID } from "./search-box.tsx";

const ACCOUNT_LINKS = [
  { to: "/my-list", label: "Wishlist", icon: "heart" },
  { to: "/orders", label: "Orders", icon: "clipboard-list" },
  { to: "/my-account", label: "Account", icon: "user" },
] as const;

const itemClass = "flex flex-1 flex-col items-center gap-0.5 py-2 text-xs font-medium text-gray-700 hover:text-brand-dark";

/** Under 992 px (spec §2 Header); Filters only on routes with `handle = { filters: true }` (chrome-handle.ts). */
export function BottomBar({ filters }: { filters: boolean }) {
  return (
    <nav aria-label="Quick links" className="fixed inset-x-0 bottom-0 z-40 border-t border-gray-200 bg-white lg:hidden">
      <ul className="flex">
        <li className="flex flex-1">
          <Link to="/" className={itemClass}>
            <Icon name="house" size={20} />
            Home
          </Link>
        </li>
        {filters ? (
          <li className="flex flex-1">
            <button type="button" onClick={openFilters} className={itemClass}>
              <Icon name="sliders-horizontal" size={20} />
              Filters
            </button>
          </li>
        ) : null}
        <li className="flex flex-1">
          <button
            type="button"
            className={itemClass}
            onClick={() => {
              window.scrollTo({ top: 0 });
              document.getElementById(SEARCH_INPUT_ID)?.focus();
            }}
          >
            <Icon name="search" size={20} />
            Search
          </button>
        </li>
        {ACCOUNT_LINKS.map(({ to, label, icon }) => (
          <li key={to} className="flex flex-1">
            <Link to={to} className={itemClass}>
              <Icon name={icon} size={20} />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
