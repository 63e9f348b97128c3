import { type ComponentType, lazy } from "react";

/**
 * React's `lazy` for a dialog whose scripts load when it first opens (decision 010). If the module is gone (the shop was
 * deployed again since this page loaded) or cannot be fetched, the page reloads, as React Router does for a route's
 * module, instead of failing the whole page.
 */
// biome-ignore lint/suspicious/noExplicitAny: a component of any props, as React's own `lazy` takes.
export function lazyOnOpen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      console.error("A dialog's scripts could not be loaded; reloading the page.", error);
      window.location.reload();
      return new Promise<never>(() => {});
    }),
  );
}
