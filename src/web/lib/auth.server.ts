import { type RouterContextProvider, redirect } from "react-router";
import { type CurrentUser, currentUserContext } from "#app-context";
import { safeRedirectPath } from "#shared/schemas/accounts.ts";

/**
 * The sign-in page that brings the shopper back to `path` (a path and query string of ours) afterwards. The path comes
 * from the request: checked and bounded like any return target, so a long query never makes a long Location.
 */
export function signInHref(path: string): string {
  return `/signIn?redirectTo=${encodeURIComponent(safeRedirectPath(path))}`;
}

/**
 * The signed-in shopper of a protected page's loader or action. A visitor is sent to /signIn, which brings them back
 * to the page they asked for (path and query string) once signed in:
 *
 *   export async function loader({ request, context }: Route.LoaderArgs) {
 *     const user = requireShopper({ request, context });
 *
 * The user comes from the session (the web plugin sets `currentUserContext`), never from the request's parameters.
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
