import type { RouterContextProvider } from "react-router";
import { requestInfoContext } from "#app-context";

/**
 * A loader's answer with its deferred values (promises the page streams in) already settled when the page is an
 * anonymous one. React Router writes each deferred value into the page as it resolves; on PostgreSQL they resolve in
 * whatever order the pool answers, so two renders of the same page would differ in the order of their script chunks.
 * Settled before React Router sees them, they are written in the order the loader lists them, and every visitor gets
 * the same bytes (docs/decisions/019-cacheable-pages.md). Anonymous pages are rendered whole anyway: nothing streams
 * later than it would have. Personal pages keep streaming.
 */
export async function settledWhenAnonymous<T extends object>(context: Readonly<RouterContextProvider>, data: T): Promise<T> {
  const deferred = Object.values(data).filter((value) => value instanceof Promise);
  if (context.get(requestInfoContext).anonymous) {
    await Promise.allSettled(deferred);
    return data;
  }
  // A deferred value that fails is its page's to show (its <Await errorElement>). One the page never renders (the
  // render was aborted, another loader failed, the shop is shutting down) must not end the process as an unhandled
  // rejection: a no-op handler marks it handled and leaves the promise as it is for React Router.
  for (const value of deferred) value.catch(() => {});
  return data;
}
