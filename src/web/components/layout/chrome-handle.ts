import { useEffect } from "react";
import { useMatches } from "react-router";

/**
 * A route's `handle`: `chrome: false` hides header, footer and bottom bar (spec §2 "Other"); `filters: true` shows the
 * bottom bar's Filters button, which dispatches OPEN_FILTERS_EVENT on `window` for the page to open its own panel:
 * `useOpenFiltersListener(() => setFiltersOpen(true))`.
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

export function useOpenFiltersListener(onOpen: () => void) {
  useEffect(() => {
    window.addEventListener(OPEN_FILTERS_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_FILTERS_EVENT, onOpen);
  }, [onOpen]);
}
