import { Form, redirect, useActionData, useNavigation } from "react-router";
import { authRequestContext, currentUserContext, servicesContext, settingsContext } from "#app-context";
import { verificationCodeSent } from "#shared/messages/account.ts";
import { requestMessages } from "#shared/messages/shop.ts";
import { signUpForm } from "#shared/schemas/accounts.ts";
import { AuthCard } from "../components/account/auth-card.tsx";
import { FormError } from "../components/account/form-message.tsx";
import { GoogleSignIn } from "../components/account/google-sign-in.tsx";
import { linkButton, primaryButton, secondaryButton, TextField } from "../components/account/text-field.tsx";
import { Link } from "../components/ui/link.tsx";
import { attempt, failure, firstIssue, readForm, redirectWithCookies, text, withRetryAfter } from "../lib/actions.server.ts";
import { signInWithGoogleAction } from "../lib/google-action.server.ts";
import type { Route } from "./+types/sign-up.ts";

export const handle = { chrome: false };

/** A refused attempt (429) tells the browser when to try again. */
export const headers: Route.HeadersFunction = (args) => withRetryAfter(args);

export function loader({ context }: Route.LoaderArgs) {
  if (context.get(currentUserContext)) throw redirect("/");
  return { googleClientId: context.get(settingsContext).googleClientId };
}

/** Creates the (unverified) account, e-mails a code and continues on /verifyOTP. The password is never sent back. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) return failure(requestMessages.formTooLarge, 413);
  if (text(form, "intent") === "google") return signInWithGoogleAction(form, context);
  const values = { name: text(form, "name"), email: text(form, "email"), phone: text(form, "phone") };
  const parsed = signUpForm.safeParse({ ...values, password: form.get("password") ?? "" });
  if (!parsed.success) return failure(firstIssue(parsed.error), 400, { values });
  const auth = context.get(authRequestContext);
  const { accounts } = context.get(servicesContext);
  const result = await attempt(
    () => accounts.signUp({ ...parsed.data, ip: auth.ip, userAgent: auth.userAgent }),
    () => ({ values }),
  );
  if (!result.ok) return result.response;
  return redirectWithCookies("/verifyOTP", [
    auth.cookies.otpFlow({ email: result.value.email, action: "verify" }),
    auth.cookies.flash(verificationCodeSent(result.value.email)),
  ]);
}

export const meta: Route.MetaFunction = () => [{ title: "Sign Up | Storefront" }, { name: "robots", content: "noindex" }];

export default function SignUp({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const failed =
    actionData && "error" in actionData
      ? (actionData as { error: string; values?: { name: string; email: string; phone: string } })
      : undefined;
  const values = failed?.values;
  return (
    <AuthCard title="Sign Up">
      <FormError message={failed?.error} />
      <Form method="post" noValidate key={failed ? JSON.stringify(values) : "new"}>
        <TextField label="Name" name="name" autoComplete="name" defaultValue={values?.name} />
        <TextField
          label="Phone No."
          name="phone"
          type="tel"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="tel"
          defaultValue={values?.phone}
          onInput={(event) => {
            const input = event.currentTarget;
            input.value = input.value.replace(/\D/g, "");
          }}
        />
        <TextField label="Email" name="email" type="email" autoComplete="email" defaultValue={values?.email} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          aria-describedby="password-rule"
        />
        <p id="password-rule" className="-mt-3 mb-4 text-xs text-gray-500">
          At least 8 characters; common passwords are refused.
        </p>
        <div className="flex gap-3">
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? "Signing up…" : "Sign Up"}
          </button>
          <Link to="/" className={`${secondaryButton} text-center`}>
            Cancel
          </Link>
        </div>
      </Form>
      <p className="mt-6 text-center text-sm text-gray-700">
        Already Registered?{" "}
        <Link to="/signIn" className={linkButton}>
          Sign In
        </Link>
      </p>
      <GoogleSignIn clientId={loaderData.googleClientId} />
    </AuthCard>
  );
}
