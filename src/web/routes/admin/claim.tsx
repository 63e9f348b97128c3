import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { currentUserContext, servicesContext } from "#app-context";
import { backOfficeMessages } from "#shared/back-office-messages.ts";
import { AuthCard } from "../../components/account/auth-card.tsx";
import { FormError } from "../../components/account/form-message.tsx";
import { primaryButton } from "../../components/account/text-field.tsx";
import { attempt } from "../../lib/actions.server.ts";
import { requireShopper } from "../../lib/auth.server.ts";
import { backOfficeHeaders } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/claim.ts";

export const handle = { chrome: false };

/** The owner's first way in (decision 031): a link only the start-up log shows. An unusable one is an unknown page. */
export async function loader(args: Route.LoaderArgs) {
  const { claims } = args.context.get(servicesContext).backOffice;
  if (!(await claims.isUsable(args.params.token))) throw data(null, { status: 404 });
  const user = requireShopper(args);
  return { email: user.email };
}

export async function action(args: Route.ActionArgs) {
  const user = args.context.get(currentUserContext);
  if (!user) throw data(null, { status: 404 });
  const services = args.context.get(servicesContext);
  const account = await services.accounts.getProfile(user.id);
  const result = await attempt(() => services.backOffice.claims.redeem(args.params.token, account));
  if (!result.ok) return result.response;
  return redirect("/admin", 303);
}

export const headers: Route.HeadersFunction = () => backOfficeHeaders;

export const meta: Route.MetaFunction = () => [
  { title: `${backOfficeMessages.claimTitle} | Storefront` },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function ClaimOwner({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <AuthCard title={backOfficeMessages.claimTitle}>
      <p className="mb-4 text-sm text-gray-700">{backOfficeMessages.claimLead}</p>
      <p className="mb-4 text-sm text-gray-900">
        Account: <strong>{loaderData.email}</strong>
      </p>
      <FormError message={actionData && "error" in actionData ? actionData.error : undefined} />
      <Form method="post">
        <button type="submit" className={primaryButton} disabled={busy}>
          {backOfficeMessages.claimButton}
        </button>
      </Form>
    </AuthCard>
  );
}
