import { type RouterContextProvider, redirect } from "react-router";
import { type CurrentUser, currentUserContext } from "#app-context";
import { safeRedirectPath } from "#shared/schemas/accounts.ts";

/** `path` is checked and bounded like any return target, so a long query never makes a long Location. */
export function signInHref(path: string): string {
  return `/signIn?redirectTo=${encodeURIComponent(safeRedirectPath(path))}`;
}

/**
 * The signed-in shopper of a protected loader or action, from the session, never from the request's parameters. A
 * visitor is sent to /signIn, which brings them back to this page.
 */
export function requireShopper({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}): CurrentUser {
  const user = context.get(currentUserContext);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(signInHref(url.pathname + url.search));
}
