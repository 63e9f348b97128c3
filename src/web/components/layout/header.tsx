import { useLayoutEffect, useRef, useState } from "react";
import { HEADER_FIXED_AFTER_PX, TOP_BAR_CATEGORY_COUNT } from "#shared/constants.ts";
import type { RootData } from "../../lib/root-data.ts";
import { Icon } from "../ui/icon.tsx";
import { Link } from "../ui/link.tsx";
import { AccountMenu } from "./account-menu.tsx";
import { CartLink } from "./cart-link.tsx";
import { CategoryMenu } from "./category-menu.tsx";
import { LocationPicker } from "./location-picker.tsx";
import { SearchBox } from "./search-box.tsx";
import { useScrolledPast } from "./use-scrolled-past.ts";

/** Spec §1: the top banner about possible order delays. */
export const ORDER_DELAY_NOTICE = "Due to the current circumstances, your orders may be delayed. Thank you for your patience.";

// Runs before paint in the browser; React warns about useLayoutEffect during server rendering.
const useIsomorphicLayoutEffect = typeof document === "undefined" ? () => {} : useLayoutEffect;

export function Header({ data, onOpenNav }: { data: RootData; onOpenNav: () => void }) {
  const fixed = useScrolledPast(HEADER_FIXED_AFTER_PX);
  const ref = useRef<HTMLElement>(null);
  const [height, setHeight] = useState<number | undefined>(undefined);
  // The space the header takes in the flow, kept while it is fixed, so the page does not jump.
  useIsomorphicLayoutEffect(() => {
    if (!fixed && ref.current) setHeight(ref.current.offsetHeight);
  }, [fixed]);

  return (
    <div style={fixed && height ? { height } : undefined}>
      <header
        ref={ref}
        data-fixed={fixed ? "true" : "false"}
        className={`z-40 w-full bg-white ${fixed ? "fixed inset-x-0 top-0 shadow-md" : "relative"}`}
      >
        {fixed ? null : (
          <p className="bg-brand-dark px-4 py-2 text-center text-xs font-medium text-white sm:text-sm">{ORDER_DELAY_NOTICE}</p>
        )}
        {/* One search box and one location button for every width: under 992 px they wrap to a second row. */}
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 lg:flex-nowrap lg:gap-6">
          <button
            type="button"
            onClick={onOpenNav}
            aria-label="Open navigation"
            className="rounded p-2 text-gray-800 hover:bg-gray-100 lg:hidden"
          >
            <Icon name="menu" size={24} />
          </button>
          <Link to="/" className="shrink-0 text-2xl font-extrabold tracking-tight text-brand-dark" aria-label="Storefront home">
            Storefront
          </Link>
          <span aria-hidden="true" className="order-1 basis-full lg:hidden" />
          <div className="order-1 lg:order-none">
            <LocationPicker current={data.location} />
          </div>
          <SearchBox className="order-1 min-w-0 flex-1 lg:order-none" />
          <div className="ml-auto flex items-center gap-3 lg:ml-0">
            {data.user ? (
              <AccountMenu user={data.user} />
            ) : (
              <Link to="/signIn" className="rounded-full bg-brand-dark px-4 py-2 text-sm font-semibold text-white hover:bg-brand">
                Sign In
              </Link>
            )}
            <CartLink cart={data.cart} />
          </div>
        </div>
        <CategoryBar data={data} />
      </header>
    </div>
  );
}

function CategoryBar({ data }: { data: RootData }) {
  return (
    <nav aria-label="Categories" className="hidden border-t border-gray-200 lg:block">
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-2">
        <CategoryMenu categories={data.categories} />
        <ul className="flex min-w-0 flex-1 items-center gap-1 overflow-hidden">
          {data.categories.slice(0, TOP_BAR_CATEGORY_COUNT).map((category) => (
            <li key={category.id}>
              <Link
                to={`/products/category/${category.id}`}
                className="block rounded-full px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-gray-800 uppercase hover:bg-red-50 hover:text-brand-dark"
              >
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
