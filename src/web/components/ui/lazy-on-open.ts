import { type ComponentType, lazy } from "react";

// React's `lazy` for a dialog loaded when first opened (decision 010). A module gone since the page loaded (a new
// deployment) reloads the page, as React Router does for a route's module, instead of failing the whole page.
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
