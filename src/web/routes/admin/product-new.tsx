import { Form, redirect, useActionData, useNavigation } from "react-router";
import { servicesContext } from "#app-context";
import { requestMessages } from "#shared/messages/shop.ts";
import { FormError } from "../../components/account/form-message.tsx";
import {
  type ProductFailureExtra,
  parsedProduct,
  postedProductValues,
  runProduct,
} from "../../components/admin/products/product-actions.server.ts";
import { ProductFields } from "../../components/admin/products/product-form.tsx";
import { adminButton, PageTitle, Panel } from "../../components/admin/ui.tsx";
import { failure, readForm } from "../../lib/actions.server.ts";
import { actorOf, requireStaff } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/product-new.ts";

/** A new product: every field at once; pictures are added on its page once it exists. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const services = args.context.get(servicesContext);
  return { categories: await services.catalog.listCategories(), countries: services.locations.listCountries() };
}

export async function action(args: Route.ActionArgs) {
  const access = await requireStaff(args);
  const form = await readForm(args.request);
  if (!form) return failure(requestMessages.formTooLarge, 413);
  const values = postedProductValues(form);
  const parsed = parsedProduct(values, "create");
  if (!parsed.ok) return parsed.response;
  const reason = typeof values.reason === "string" ? values.reason.trim().slice(0, 500) || undefined : undefined;
  const result = await runProduct(
    () => args.context.get(servicesContext).productAdmin.create(actorOf(access), parsed.value, reason),
    "create",
    values,
  );
  if (!result.ok) return result.response;
  return redirect(`/admin/products/${result.value.id}?created=1`);
}

export const meta: Route.MetaFunction = () => [
  { title: "New product | Back office" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function NewProduct({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>() as ({ ok: false; error: string } & Partial<ProductFailureExtra>) | undefined;
  const busy = useNavigation().state !== "idle";
  const errors = answer?.fieldErrors ?? {};
  return (
    <>
      <PageTitle>New product</PageTitle>
      <FormError message={answer && Object.keys(errors).length === 0 ? answer.error : undefined} />
      <Panel>
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="create" />
          {Object.keys(errors).length > 0 && (
            <p role="alert" className="mb-4 rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {answer?.error}
            </p>
          )}
          <ProductFields
            values={answer?.values ?? { taxRate: "18", countInStock: "0", locations: ["India"] }}
            errors={errors}
            categories={loaderData.categories}
            countries={loaderData.countries}
          />
          <button type="submit" className={`${adminButton} mt-4`} disabled={busy}>
            Create product
          </button>
        </Form>
      </Panel>
    </>
  );
}
