import { Form, redirect, useActionData, useNavigation } from "react-router";
import { servicesContext } from "#app-context";
import { staffInviteMessages } from "#shared/messages/back-office-staff.ts";
import { requestMessages } from "#shared/messages/shop.ts";
import { joinForm } from "#shared/schemas/back-office-staff.ts";
import { AuthCard } from "../../components/account/auth-card.tsx";
import { FormError } from "../../components/account/form-message.tsx";
import { primaryButton, TextField } from "../../components/account/text-field.tsx";
import { attempt, failure, firstIssue, readForm } from "../../lib/actions.server.ts";
import { requireShopper } from "../../lib/auth.server.ts";
import { backOfficeHeaders } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/join.ts";

export const handle = { chrome: false };

/**
 * The one /admin page an account without a role sees (decision 039): it enters an invitation's code and gets the
 * role. A visitor is sent to sign in (or sign up) first and brought back here.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = requireShopper(args);
  return { email: user.email };
}

export async function action(args: Route.ActionArgs) {
  const user = requireShopper(args);
  const form = await readForm(args.request);
  if (!form) return failure(requestMessages.formTooLarge, 413);
  const parsed = joinForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return failure(firstIssue(parsed.error));
  const services = args.context.get(servicesContext);
  const account = await services.accounts.getProfile(user.id);
  const result = await attempt(() => services.backOffice.invites.join(account, parsed.data.code));
  if (!result.ok) return result.response;
  return redirect("/admin", 303);
}

export const headers: Route.HeadersFunction = () => backOfficeHeaders;

export const meta: Route.MetaFunction = () => [
  { title: `${staffInviteMessages.joinTitle} | Storefront` },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function JoinStaff({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <AuthCard title={staffInviteMessages.joinTitle}>
      <p className="mb-4 text-sm text-gray-700">{staffInviteMessages.joinLead}</p>
      <p className="mb-4 text-sm text-gray-900">
        Account: <strong>{loaderData.email}</strong>
      </p>
      <FormError message={actionData && "error" in actionData ? actionData.error : undefined} />
      <Form method="post">
        <TextField label="Invitation code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={12} required />
        <button type="submit" className={primaryButton} disabled={busy}>
          {staffInviteMessages.joinButton}
        </button>
      </Form>
    </AuthCard>
  );
}
