import type { RouterContextProvider } from "react-router";
import { requestInfoContext } from "#app-context";

/**
 * On an anonymous page, deferred values are settled before React Router writes them, so they land in the loader's order
 * rather than the pool's and every visitor gets the same bytes (decision 019). Personal pages keep streaming.
 */
export async function settledWhenAnonymous<T extends object>(context: Readonly<RouterContextProvider>, data: T): Promise<T> {
  const deferred = Object.values(data).filter((value) => value instanceof Promise);
  if (context.get(requestInfoContext).anonymous) {
    await Promise.allSettled(deferred);
    return data;
  }
  // A failed deferred value is its page's <Await errorElement> to show; one never rendered (aborted render, shutdown)
  // must not end the process as an unhandled rejection. The no-op handler leaves the promise as it is.
  for (const value of deferred) value.catch(() => {});
  return data;
}
