import { Form, redirect, useActionData, useNavigation } from "react-router";
import { authRequestContext, servicesContext } from "#app-context";
import { accountMessages } from "#shared/messages/account.ts";
import { requestMessages } from "#shared/messages/shop.ts";
import { resetPasswordForm } from "#shared/schemas/accounts.ts";
import { AuthCard } from "../components/account/auth-card.tsx";
import { FormError } from "../components/account/form-message.tsx";
import { primaryButton, TextField } from "../components/account/text-field.tsx";
import { attempt, failure, firstIssue, readForm, redirectWithCookies, withRetryAfter } from "../lib/actions.server.ts";
import type { Route } from "./+types/change-password.ts";

export const handle = { chrome: false };

/** Only reachable with the reset grant earned by a freshly verified reset code (HttpOnly cookie). */
export function loader({ context }: Route.LoaderArgs) {
  const auth = context.get(authRequestContext);
  if (!auth.resetToken) {
    throw redirectWithCookies("/signIn", [auth.cookies.flash(accountMessages.useForgotPassword)]);
  }
  return { email: auth.otpFlow?.email ?? null };
}

/** A refused new password keeps its Retry-After (policies of src/domain/rate-limit). */
export const headers: Route.HeadersFunction = (args) => withRetryAfter(args);

/** Sets the new password with the grant (single use); every session of the account ends; the shopper signs in again. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) return failure(requestMessages.formTooLarge, 413);
  const auth = context.get(authRequestContext);
  if (!auth.resetToken) return redirect("/signIn");
  const parsed = resetPasswordForm.safeParse({ newPass: form.get("newPass") ?? "", confirmPass: form.get("confirmPass") ?? "" });
  if (!parsed.success) return failure(firstIssue(parsed.error));
  const { accounts } = context.get(servicesContext);
  const resetToken = auth.resetToken;
  const result = await attempt(() =>
    accounts.resetPassword({
      resetToken,
      newPassword: parsed.data.newPass,
      email: auth.otpFlow?.email,
      requester: { ip: auth.ip, userAgent: auth.userAgent },
    }),
  );
  if (!result.ok) return result.response;
  return redirectWithCookies("/signIn", [
    auth.cookies.clearResetGrant(),
    auth.cookies.clearOtpFlow(),
    auth.cookies.clearSession(),
    auth.cookies.flash(accountMessages.passwordResetDone),
  ]);
}

export const meta: Route.MetaFunction = () => [{ title: "Change Password | Storefront" }, { name: "robots", content: "noindex" }];

export default function ChangePassword({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const failed = actionData && "error" in actionData ? actionData : undefined;
  return (
    <AuthCard title="Change Password">
      {loaderData.email && <p className="mb-4 text-sm text-gray-700">Choose a new password for {loaderData.email}.</p>}
      <FormError message={failed?.error} />
      <Form method="post" noValidate>
        <TextField label="New Password" name="newPass" type="password" autoComplete="new-password" />
        <TextField label="Confirm Password" name="confirmPass" type="password" autoComplete="new-password" />
        <button type="submit" className={primaryButton} disabled={busy}>
          Change Password
        </button>
      </Form>
    </AuthCard>
  );
}
