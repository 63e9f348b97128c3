import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { authRequestContext, servicesContext } from "#app-context";
import { accountMessages, newCodeSent } from "#shared/messages/account.ts";
import { requestMessages } from "#shared/messages/shop.ts";
import { otpForm } from "#shared/schemas/accounts.ts";
import { AuthCard } from "../components/account/auth-card.tsx";
import { FormError, FormNotice } from "../components/account/form-message.tsx";
import { OtpInput } from "../components/account/otp-input.tsx";
import { ResendCode } from "../components/account/resend-code.tsx";
import { primaryButton } from "../components/account/text-field.tsx";
import { attempt, failure, firstIssue, readForm, redirectWithCookies, text, withRetryAfter } from "../lib/actions.server.ts";
import type { Route } from "./+types/verify-otp.ts";

export const handle = { chrome: false };

/** A refused attempt (429) tells the browser when to try again. */
export const headers: Route.HeadersFunction = (args) => withRetryAfter(args);

/** The e-mail and purpose come from the flow cookie set when the code was sent; without one there is nothing to verify. */
export async function loader({ context }: Route.LoaderArgs) {
  const auth = context.get(authRequestContext);
  if (!auth.otpFlow) throw redirect("/signIn");
  const availableAt = await context.get(servicesContext).accounts.codeResendAvailableAt(auth.otpFlow.email);
  const payload = {
    email: auth.otpFlow.email,
    action: auth.otpFlow.action,
    flash: auth.flash ?? null,
    resendAvailableAt: availableAt?.getTime() ?? null,
  };
  return auth.flash ? data(payload, { headers: { "Set-Cookie": auth.cookies.clearFlash() } }) : payload;
}

/**
 * Verify: a verification code verifies the e-mail (then sign in); a reset code earns the reset grant (HttpOnly cookie)
 * and continues on /changePassword. Resend: a new code of the same kind, at most one a minute.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) return failure(requestMessages.formTooLarge, 413);
  const auth = context.get(authRequestContext);
  const { accounts } = context.get(servicesContext);
  const flow = auth.otpFlow;
  if (!flow) return redirect("/signIn");
  const requester = { ip: auth.ip, userAgent: auth.userAgent };

  if (text(form, "intent") === "resend") {
    const result = await attempt(() =>
      flow.action === "reset"
        ? accounts.requestPasswordReset({ email: flow.email, ...requester })
        : accounts.resendCode({ email: flow.email, ...requester }),
    );
    if (!result.ok) return result.response;
    const availableAt = await accounts.codeResendAvailableAt(flow.email);
    return {
      ok: true as const,
      notice: newCodeSent(flow.email),
      resendAvailableAt: availableAt?.getTime() ?? null,
    };
  }

  const otp = form
    .getAll("otp")
    .map((digit) => (typeof digit === "string" ? digit.trim() : ""))
    .join("");
  const parsed = otpForm.safeParse({ email: flow.email, otp });
  if (!parsed.success) return failure(firstIssue(parsed.error));
  const result = await attempt(() => accounts.verifyCode({ email: flow.email, code: parsed.data.otp, ...requester }));
  if (!result.ok) return result.response;
  const { resetToken, resetExpiresAt } = result.value;
  if (resetToken && resetExpiresAt) {
    return redirectWithCookies("/changePassword", [auth.cookies.resetGrant(resetToken, resetExpiresAt)]);
  }
  return redirectWithCookies("/signIn", [auth.cookies.clearOtpFlow(), auth.cookies.flash(accountMessages.emailVerified)]);
}

export const meta: Route.MetaFunction = () => [{ title: "Verify OTP | Storefront" }, { name: "robots", content: "noindex" }];

export default function VerifyOtp({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const failed = actionData && "error" in actionData ? actionData : undefined;
  const resent = actionData && "notice" in actionData ? actionData : undefined;
  const resendAvailableAt = resent ? resent.resendAvailableAt : loaderData.resendAvailableAt;
  return (
    <AuthCard title={loaderData.action === "reset" ? "Reset your password" : "Verify your e-mail"}>
      <FormNotice message={resent?.notice ?? loaderData.flash} />
      <FormError message={failed?.error} id="otp-error" />
      <p id="otp-help" className="mb-4 text-sm text-gray-700">
        Enter the code we e-mailed to <strong className="font-semibold">{loaderData.email}</strong>.
      </p>
      <Form method="post" noValidate>
        <OtpInput describedBy={failed ? "otp-error otp-help" : "otp-help"} />
        <button type="submit" name="intent" value="verify" className={primaryButton} disabled={busy}>
          Verify OTP
        </button>
        <ResendCode availableAt={resendAvailableAt} busy={busy} />
      </Form>
    </AuthCard>
  );
}
