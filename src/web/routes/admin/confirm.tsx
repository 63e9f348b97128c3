import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { authRequestContext, backOfficeContext, servicesContext, settingsContext } from "#app-context";
import { backOfficeMessages } from "#shared/back-office-messages.ts";
import { requestMessages } from "#shared/messages/shop.ts";
import { safeRedirectPath } from "#shared/schemas/accounts.ts";
import { AuthCard } from "../../components/account/auth-card.tsx";
import { FormError, FormNotice } from "../../components/account/form-message.tsx";
import { GoogleSignIn } from "../../components/account/google-sign-in.tsx";
import { primaryButton, TextField } from "../../components/account/text-field.tsx";
import { attempt, failure, readForm, text, withRetryAfter } from "../../lib/actions.server.ts";
import { backOfficeHeaders } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/confirm.ts";

export const handle = { chrome: false };

function staffOnly(context: Route.LoaderArgs["context"]) {
  const access = context.get(backOfficeContext);
  if (access.kind === "none") throw data(null, { status: 404 });
  return access;
}

/** The password again (decision 031): after the back office idled out, or before a sensitive change. */
export function loader({ request, context }: Route.LoaderArgs) {
  const access = staffOnly(context);
  const url = new URL(request.url);
  const reason = url.searchParams.get("reason");
  return {
    email: access.user.email,
    googleClientId: context.get(settingsContext).googleClientId,
    notice: reason === "reauth" ? backOfficeMessages.reauthNeeded : reason === "idle" ? backOfficeMessages.idleTimedOut : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const access = staffOnly(context);
  const form = await readForm(request);
  if (!form) return failure(requestMessages.formTooLarge, 413);
  const password = text(form, "password");
  const credential = text(form, "credential");
  const google = text(form, "intent") === "google";
  if (!google && password.length === 0) return failure(backOfficeMessages.passwordRequired);
  const auth = context.get(authRequestContext);
  const sessionId = auth.sessionId;
  if (!sessionId) throw data(null, { status: 404 });
  const { accounts } = context.get(servicesContext);
  const who = { sessionId, userId: access.user.id, ip: auth.ip, userAgent: auth.userAgent };
  const result = await attempt(() =>
    google
      ? accounts.confirmWithGoogle({ ...who, idToken: credential.slice(0, 8192) })
      : accounts.confirmPassword({ ...who, password: password.slice(0, 1024) }),
  );
  if (!result.ok) return result.response;
  const target = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/admin");
  return redirect(target.startsWith("/admin") ? target : "/admin", 303);
}

export const headers: Route.HeadersFunction = (args) => withRetryAfter(args, backOfficeHeaders);

export const meta: Route.MetaFunction = () => [
  { title: `${backOfficeMessages.confirmPasswordTitle} | Back office` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function ConfirmPassword({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <AuthCard title={backOfficeMessages.confirmPasswordTitle}>
      <FormNotice message={loaderData.notice} />
      <p className="mb-4 text-sm text-gray-700">
        {backOfficeMessages.confirmPasswordLead} ({loaderData.email})
      </p>
      <FormError message={actionData && "error" in actionData ? actionData.error : undefined} />
      <Form method="post" noValidate>
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
        <button type="submit" className={primaryButton} disabled={busy}>
          Continue
        </button>
      </Form>
      {loaderData.googleClientId && <GoogleSignIn clientId={loaderData.googleClientId} />}
    </AuthCard>
  );
}
