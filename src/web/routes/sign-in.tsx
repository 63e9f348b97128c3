import { useEffect, useRef } from "react";
import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { authRequestContext, currentUserContext, servicesContext, settingsContext } from "#app-context";
import { accountMessages, codeSentFor } from "#shared/messages/account.ts";
import { requestMessages } from "#shared/messages/shop.ts";
import { emailForm, safeRedirectPath, signInForm } from "#shared/schemas/accounts.ts";
import { AuthCard } from "../components/account/auth-card.tsx";
import { FormError, FormNotice } from "../components/account/form-message.tsx";
import { GoogleSignIn } from "../components/account/google-sign-in.tsx";
import { linkButton, primaryButton, secondaryButton, TextField } from "../components/account/text-field.tsx";
import { Link } from "../components/ui/link.tsx";
import { attempt, failure, firstIssue, readForm, redirectWithCookies, text, withRetryAfter } from "../lib/actions.server.ts";
import { signInWithGoogleAction } from "../lib/google-action.server.ts";
import type { Route } from "./+types/sign-in.ts";

export const handle = { chrome: false };

/** A refused attempt (429) tells the browser when to try again. */
export const headers: Route.HeadersFunction = (args) => withRetryAfter(args);

/** Signed-in shoppers go where they were going; a message left by the previous step (flash) is shown once. */
export function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (context.get(currentUserContext)) throw redirect(redirectTo);
  const auth = context.get(authRequestContext);
  const { googleClientId } = context.get(settingsContext);
  const payload = { redirectTo, flash: auth.flash ?? null, googleClientId };
  return auth.flash ? data(payload, { headers: { "Set-Cookie": auth.cookies.clearFlash() } }) : payload;
}

type Intent = "sign-in" | "verify-email" | "forgot-password" | "google";

/**
 * One form, several intents (a second action on one screen is an `intent` value): sign in; "Forgot Password" (e-mails a reset code); Verify Email
 * mode (e-mails a new verification code); Google. Code flows continue on /verifyOTP.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) return failure(requestMessages.formTooLarge, 413);
  const intent = (text(form, "intent") || "sign-in") as Intent;
  const { accounts } = context.get(servicesContext);
  const auth = context.get(authRequestContext);
  const requester = { ip: auth.ip, userAgent: auth.userAgent };
  const redirectTo = safeRedirectPath(text(form, "redirectTo"));
  const email = text(form, "email");

  if (intent === "google") return signInWithGoogleAction(form, context);

  if (intent === "forgot-password" || intent === "verify-email") {
    const parsed = emailForm.safeParse({ email });
    const mode = intent === "verify-email" ? "verify" : "sign-in";
    if (!parsed.success) return failure(firstIssue(parsed.error), 400, { mode, email });
    const result = await attempt(
      () =>
        intent === "verify-email"
          ? accounts.resendCode({ email: parsed.data.email, ...requester })
          : accounts.requestPasswordReset({ email: parsed.data.email, ...requester }),
      () => ({ mode, email }),
    );
    if (!result.ok) return result.response;
    return redirectWithCookies("/verifyOTP", [
      auth.cookies.otpFlow({ email: parsed.data.email, action: intent === "verify-email" ? "verify" : "reset" }),
      auth.cookies.flash(codeSentFor(parsed.data.email, context.get(settingsContext).otpTtlSeconds)),
    ]);
  }

  const parsed = signInForm.safeParse({ email, password: form.get("password") ?? "" });
  if (!parsed.success) return failure(firstIssue(parsed.error), 400, { mode: "sign-in", email });
  const result = await attempt(
    () => accounts.signIn({ ...parsed.data, ...requester }),
    (error) => ({ mode: error.details?.isVerify === false ? "verify" : "sign-in", email: parsed.data.email }),
  );
  if (!result.ok) return result.response;
  return redirectWithCookies(redirectTo, [
    auth.cookies.session(result.value.token, result.value.expiresAt),
    auth.cookies.flash(accountMessages.signedIn),
  ]);
}

export const meta: Route.MetaFunction = () => [{ title: "Sign In | Storefront" }, { name: "robots", content: "noindex" }];

export default function SignIn({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const failed =
    actionData && "error" in actionData
      ? (actionData as { error: string; mode?: "verify" | "sign-in"; email?: string })
      : undefined;
  const verifyMode = failed?.mode === "verify";
  const emailRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (failed) emailRef.current?.focus();
  }, [failed]);

  return (
    <AuthCard title={verifyMode ? "Verify Email" : "Sign In"}>
      <FormNotice message={loaderData.flash} />
      <FormError message={failed?.error} />
      {verifyMode && <p className="mb-4 text-sm text-gray-700">We will e-mail you a new 6-digit code to verify your address.</p>}
      <Form method="post" noValidate>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <TextField
          ref={emailRef}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={failed?.email ?? ""}
          key={failed?.email ?? ""}
        />
        {verifyMode ? (
          <button type="submit" name="intent" value="verify-email" className={primaryButton} disabled={busy}>
            Verify Email
          </button>
        ) : (
          <>
            <TextField label="Password" name="password" type="password" autoComplete="current-password" />
            {/* Sign In comes first in the document so that Enter submits it; Forgot Password is shown above it. */}
            <div className="flex flex-col">
              <div className="order-2 flex gap-3">
                <button type="submit" name="intent" value="sign-in" className={primaryButton} disabled={busy}>
                  {busy && navigation.formData?.get("intent") === "sign-in" ? "Signing in…" : "Sign In"}
                </button>
                <Link to="/" className={`${secondaryButton} text-center`}>
                  Cancel
                </Link>
              </div>
              <div className="order-1 mb-4 text-right">
                <button type="submit" name="intent" value="forgot-password" className={`${linkButton} text-sm`} disabled={busy}>
                  Forgot Password?
                </button>
              </div>
            </div>
          </>
        )}
      </Form>
      <p className="mt-6 text-center text-sm text-gray-700">
        Not Registered?{" "}
        <Link to="/signUp" className={linkButton}>
          Sign Up
        </Link>
      </p>
      <GoogleSignIn clientId={loaderData.googleClientId} redirectTo={loaderData.redirectTo} />
    </AuthCard>
  );
}
