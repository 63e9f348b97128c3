import { useEffect } from "react";
import { useMatches } from "react-router";

/**
 * What a route module may export as `handle` to shape the shop's chrome:
 * - `chrome: false` hides header, footer and bottom bar (sign in, sign up, OTP, change password: spec §2 "Other");
 * - `filters: true` shows the Filters button in the mobile bottom bar (listing and search pages).
 *
 * The Filters button does not know the page's filter panel: it dispatches OPEN_FILTERS_EVENT on `window`, and the page
 * that exported `handle = { filters: true }` opens its panel when the event arrives:
 *
 *   export const handle: ChromeHandle = { filters: true };
 *   ...
 *   const [filtersOpen, setFiltersOpen] = useState(false);
 *   useOpenFiltersListener(() => setFiltersOpen(true));
 */
export interface ChromeHandle {
  chrome?: boolean;
  filters?: boolean;
}

export const OPEN_FILTERS_EVENT = "storefront:open-filters";

export function useChromeHandle(): { chrome: boolean; filters: boolean } {
  const handles = useMatches().map((match) => (match.handle ?? {}) as ChromeHandle);
  return {
    chrome: !handles.some((handle) => handle.chrome === false),
    filters: handles.some((handle) => handle.filters === true),
  };
}

export function openFilters() {
  window.dispatchEvent(new CustomEvent(OPEN_FILTERS_EVENT));
}

/** Calls `onOpen` whenever the bottom bar's Filters button is pressed. */
export function useOpenFiltersListener(onOpen: () => void) {
  useEffect(() => {
    window.addEventListener(OPEN_FILTERS_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_FILTERS_EVENT, onOpen);
  }, [onOpen]);
}
