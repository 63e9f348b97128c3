import { Form, useActionData, useNavigation } from "react-router";
import { servicesContext } from "#app-context";
import { indianStates } from "#shared/indian-states.ts";
import { shopSettingsMessages as m } from "#shared/messages/back-office-invoices.ts";
import { requestMessages } from "#shared/messages/shop.ts";
import { shopSettingsForm } from "#shared/schemas/back-office-settings.ts";
import { FormError, FormNotice } from "../../components/account/form-message.tsx";
import { invalid, postedForm, run } from "../../components/admin/catalog/action-helpers.server.ts";
import { type FieldErrors, SelectField, TextField } from "../../components/admin/catalog/fields.tsx";
import { adminButton, adminInput, PageTitle, Panel } from "../../components/admin/ui.tsx";
import { failure } from "../../lib/actions.server.ts";
import { actorOf, requireStaff } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/settings.ts";

/** The shop's own details for invoices and packing slips, and the low-stock threshold (owner only; issue 34, item 2). */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "owner");
  const { updatedAt: _, ...settings } = await args.context.get(servicesContext).shopSettings.get();
  return { settings };
}

export async function action(args: Route.ActionArgs) {
  const access = await requireStaff(args, "owner");
  const posted = await postedForm(args.request);
  if (!posted.ok) return posted.response;
  if (posted.intent !== "save") return failure(requestMessages.checkForm);
  const parsed = shopSettingsForm.safeParse(posted.values);
  if (!parsed.success) return invalid(parsed.error, "save", "");
  const services = args.context.get(servicesContext);
  const result = await run(() => services.shopSettings.update(actorOf(access), parsed.data), "save", "");
  return result.ok ? { ok: true as const, notice: m.saved } : result.response;
}

export const meta: Route.MetaFunction = () => [
  { title: "Settings | Back office" },
  { name: "robots", content: "noindex, nofollow" },
];

type Answer = { ok: true; notice: string } | { ok: false; error: string; fieldErrors?: FieldErrors };

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state !== "idle";
  const errors = answer && !answer.ok ? (answer.fieldErrors ?? {}) : {};
  const headline = answer && !answer.ok && Object.keys(errors).length === 0 ? answer.error : undefined;
  return (
    <>
      <PageTitle>Settings</PageTitle>
      <FormError message={headline} />
      <FormNotice message={answer?.ok ? answer.notice : undefined} />
      <Panel title="The shop on invoices and packing slips">
        <Form method="post" className="grid gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="save" />
          <TextField
            id="shop-name"
            name="shopName"
            label="Shop name"
            defaultValue={settings.shopName}
            error={errors.shopName}
            required
            maxLength={100}
          />
          <SelectField
            id="shop-state"
            name="state"
            label="State or union territory"
            choices={indianStates.map((state) => ({ value: state.name, label: state.name }))}
            defaultValue={settings.state}
            empty="Choose…"
            error={errors.state}
          />
          <label htmlFor="shop-address" className="block text-sm font-medium text-gray-700 sm:col-span-2">
            Address
            <textarea
              id="shop-address"
              name="address"
              rows={4}
              maxLength={500}
              defaultValue={settings.address}
              aria-invalid={errors.address ? true : undefined}
              aria-describedby={errors.address ? "shop-address-error" : "shop-address-hint"}
              className={`${adminInput} mt-1`}
            />
            <span id="shop-address-hint" className="mt-1 block text-xs font-normal text-gray-600">
              As printed, one line each: street, area, city and PIN code.
            </span>
            {errors.address && (
              <span id="shop-address-error" className="mt-1 block text-sm font-normal text-red-800">
                {errors.address}
              </span>
            )}
          </label>
          <TextField
            id="shop-gstin"
            name="gstin"
            label="GSTIN (optional)"
            defaultValue={settings.gstin}
            error={errors.gstin}
            hint="15 characters, e.g. 29ABCDE1234F1ZW; leave empty if the shop is not registered for GST."
            maxLength={20}
          />
          <TextField
            id="shop-low-stock"
            name="lowStockThreshold"
            label="Low-stock threshold"
            defaultValue={String(settings.lowStockThreshold)}
            error={errors.lowStockThreshold}
            hint="The overview lists products with this many or fewer in stock."
            required
            maxLength={7}
          />
          <TextField id="shop-reason" name="reason" label="Reason (optional)" error={errors.reason} maxLength={500} />
          <div className="sm:col-span-2">
            <button type="submit" className={adminButton} disabled={busy}>
              Save settings
            </button>
          </div>
        </Form>
      </Panel>
    </>
  );
}
