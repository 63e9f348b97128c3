import type { RouterContextProvider } from "react-router";
import { authRequestContext, servicesContext } from "#app-context";
import { accountMessages } from "#shared/messages.ts";
import { safeRedirectPath } from "#shared/schemas/accounts.ts";
import { attempt, redirectWithCookies, text } from "./actions.server.ts";

/** The `intent=google` branch of the sign-in and sign-up actions: the ID token from Google → a session cookie. */
export async function signInWithGoogleAction(form: FormData, context: Readonly<RouterContextProvider>) {
  const { accounts } = context.get(servicesContext);
  const auth = context.get(authRequestContext);
  const idToken = text(form, "credential");
  const result = await attempt(() => accounts.signInWithGoogle({ idToken, ip: auth.ip, userAgent: auth.userAgent }));
  if (!result.ok) return result.response;
  return redirectWithCookies(safeRedirectPath(text(form, "redirectTo")), [
    auth.cookies.session(result.value.token, result.value.expiresAt),
    auth.cookies.flash(accountMessages.signedIn),
  ]);
}
