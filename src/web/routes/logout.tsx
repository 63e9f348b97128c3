import { redirect } from "react-router";
import { authRequestContext, servicesContext } from "#app-context";
import { accountMessages } from "#shared/messages/account.ts";
import { redirectWithCookies } from "../lib/actions.server.ts";
import type { Route } from "./+types/logout.ts";

/** Signing out changes state, so it is a POST (account menu, mobile nav); a GET only goes home. */
export function loader() {
  return redirect("/");
}

/** Ends the session on the server, clears the cookie and goes to /signIn. */
export async function action({ context }: Route.ActionArgs) {
  const auth = context.get(authRequestContext);
  if (auth.sessionId) await context.get(servicesContext).accounts.signOut(auth.sessionId);
  return redirectWithCookies("/signIn", [auth.cookies.clearSession(), auth.cookies.flash(accountMessages.signedOut)]);
}
