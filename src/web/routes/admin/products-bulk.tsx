// One screen, one route module (docs/architecture.md, "Route-module conventions"): its loader, one action, its view.
import { Form, Link, useActionData } from "react-router";
import { servicesContext } from "#app-context";
import { catalogBulkMessages as messages } from "#shared/back-office-messages.ts";
import { requestMessages } from "#shared/messages/shop.ts";
import { formatRupees } from "#shared/money.ts";
import {
  type BulkTarget,
  bulkChange,
  bulkChangeFromForm,
  bulkTarget,
  productFilterQuery,
} from "#shared/schemas/back-office-bulk.ts";
import { FormError } from "../../components/account/form-message.tsx";
import {
  adminButton,
  adminInput,
  adminSecondaryButton,
  adminTable,
  adminTd,
  adminTh,
  PageTitle,
  Panel,
  TableScroller,
} from "../../components/admin/ui.tsx";
import { attempt, failure, readForm, text } from "../../lib/actions.server.ts";
import { actorOf, requireRecentPassword, requireStaff } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/products-bulk.ts";

/** The products the list sent: `ids` repeated, or `all=1` with the list's filter (issue 33, item 5). */
function targetOf(url: URL): BulkTarget | null {
  const params = url.searchParams;
  const raw =
    params.get("all") === "1"
      ? { all: true, filter: productFilterQuery.parse(Object.fromEntries(params)) }
      : { ids: params.getAll("ids") };
  const parsed = bulkTarget.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

type Names = Map<string, string>;

/** A changed field as people read it. */
function describe(field: string, value: unknown, names: Names): [string, string] {
  switch (field) {
    case "pricePaise":
      return ["Price", formatRupees(Number(value))];
    case "oldPricePaise":
      return ["Old price", value === null ? "none" : formatRupees(Number(value))];
    case "discount":
      return ["Discount", `${String(value)} %`];
    case "countInStock":
      return ["Stock", String(value)];
    case "catId":
      return ["Category", names.get(String(value)) ?? String(value)];
    case "subCatId":
      return ["Sub-category", value === null ? "none" : (names.get(String(value)) ?? String(value))];
    case "isFeatured":
      return ["Featured", value ? "yes" : "no"];
    case "archivedAt":
      return ["Archived", value === null ? "no" : "yes"];
    default:
      return [field, String(value)];
  }
}

const FORM_FIELDS = ["priceMode", "priceValue", "stockOn", "stock", "categoryOn", "category", "featured", "archived", "reason"];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const services = args.context.get(servicesContext);
  const url = new URL(args.request.url);
  const target = targetOf(url);
  const categories = await services.catalog.listCategories();
  const count = target ? await services.bulkEdit.count(target) : 0;
  return {
    count,
    all: target !== null && "all" in target,
    backTo: `/admin/products?${new URLSearchParams([...url.searchParams].filter(([name]) => name !== "ids" && name !== "all"))}`,
    categories: categories.flatMap((top) => [
      { value: top.id, name: top.name },
      ...top.children.map((child) => ({ value: `${top.id}/${child.id}`, name: `${top.name} › ${child.name}` })),
    ]),
  };
}

export async function action(args: Route.ActionArgs) {
  const url = new URL(args.request.url);
  const form = await readForm(args.request);
  // The apply asks for the password again after a while; the preview does not.
  const access = form && text(form, "intent") === "apply" ? await requireRecentPassword(args) : await requireStaff(args);
  if (!form) return failure(requestMessages.formTooLarge, 413);
  const values = Object.fromEntries(FORM_FIELDS.map((name) => [name, text(form, name)]));
  const target = targetOf(url);
  if (!target) return failure(messages.nothingChosen, 400, { values });
  const parsed = bulkChange.safeParse(bulkChangeFromForm((name) => values[name] ?? ""));
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field =
        issue.path[0] === "price" ? "priceValue" : issue.path[0] === "countInStock" ? "stock" : String(issue.path[0] ?? "form");
      fieldErrors[field] ??= issue.message;
    }
    return failure(parsed.error.issues[0]?.message ?? messages.noChange, 400, { values, fieldErrors });
  }
  const services = args.context.get(servicesContext);
  if (text(form, "intent") === "apply") {
    const applied = await attempt(
      () =>
        services.bulkEdit.apply(actorOf(access), target, parsed.data, {
          expectedCount: Number(text(form, "expectedCount")),
          reason: values.reason?.trim().slice(0, 500) || undefined,
        }),
      () => ({ values }),
    );
    if (!applied.ok) return applied.response;
    return { ok: true as const, done: messages.applied(applied.value.changed), values };
  }
  const preview = await attempt(
    () => services.bulkEdit.preview(target, parsed.data),
    () => ({ values }),
  );
  if (!preview.ok) return preview.response;
  const categories = await services.catalog.listCategories();
  const names: Names = new Map(
    categories.flatMap((top) => [[top.id, top.name], ...top.children.map((c) => [c.id, c.name] as [string, string])]),
  );
  return {
    ok: true as const,
    values,
    preview: {
      count: preview.value.count,
      examples: preview.value.examples.map((example) => ({
        id: example.id,
        name: example.name,
        sku: example.sku,
        changes: Object.keys(example.after).map((field) => {
          const [label, after] = describe(field, example.after[field], names);
          return { label, before: describe(field, example.before[field], names)[1], after };
        }),
      })),
    },
  };
}

export const meta: Route.MetaFunction = () => [
  { title: "Bulk edit | Back office" },
  { name: "robots", content: "noindex, nofollow" },
];

type Answer = {
  ok: boolean;
  error?: string;
  done?: string;
  values?: Record<string, string>;
  fieldErrors?: Record<string, string>;
  preview?: {
    count: number;
    examples: { id: string; name: string; sku: string; changes: { label: string; before: string; after: string }[] }[];
  };
};

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

export default function BulkEdit({ loaderData }: Route.ComponentProps) {
  const { count, all, backTo, categories } = loaderData;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const values = answer?.values ?? {};
  const errors = answer?.fieldErrors ?? {};
  const described = (name: string) => (errors[name] ? { "aria-describedby": `${name}-error`, "aria-invalid": true } : {});
  const hidden = (extra: Record<string, string>) =>
    Object.entries({ ...values, ...extra }).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  return (
    <>
      <PageTitle
        actions={
          <Link to={backTo} className={adminSecondaryButton}>
            Back to products
          </Link>
        }
      >
        Bulk edit
      </PageTitle>
      <p className="mb-4 text-sm text-gray-800">{all ? messages.matching(count) : messages.chosen(count)}</p>
      {count === 0 && <FormError message={messages.nothingChosen} />}
      <FormError message={answer && !answer.ok && Object.keys(errors).length === 0 ? answer.error : undefined} />
      {answer?.done && (
        <p role="status" className="mb-4 rounded border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
          {answer.done}
        </p>
      )}
      {count > 0 && (
        <Panel title="Changes">
          <Form method="post" noValidate className="grid gap-4 sm:grid-cols-2">
            <input type="hidden" name="intent" value="preview" />
            <div>
              <label htmlFor="priceMode" className="text-sm font-medium text-gray-700">
                Price
              </label>
              <select id="priceMode" name="priceMode" defaultValue={values.priceMode ?? ""} className={`${adminInput} mt-1`}>
                <option value="">Leave as it is</option>
                <option value="set">Set to (₹)</option>
                <option value="add">Raise by (₹)</option>
                <option value="subtract">Lower by (₹)</option>
                <option value="percent">Raise by (%)</option>
                <option value="percentDown">Lower by (%)</option>
              </select>
              <label htmlFor="priceValue" className="mt-2 block text-sm font-medium text-gray-700">
                Amount or percentage
              </label>
              <input
                id="priceValue"
                name="priceValue"
                inputMode="decimal"
                defaultValue={values.priceValue ?? ""}
                className={`${adminInput} mt-1`}
                {...described("priceValue")}
              />
              <FieldError id="priceValue-error" message={errors.priceValue} />
              <p className="mt-1 text-xs text-gray-700">
                New prices are rounded to the rupee; an old price not above the new one is removed.
              </p>
            </div>
            <div>
              <label className="flex items-center gap-2 text-sm font-medium text-gray-700">
                <input type="checkbox" name="stockOn" value="1" defaultChecked={values.stockOn === "1"} /> Set stock
              </label>
              <label htmlFor="stock" className="mt-2 block text-sm font-medium text-gray-700">
                Stock
              </label>
              <input
                id="stock"
                name="stock"
                inputMode="numeric"
                defaultValue={values.stock ?? ""}
                className={`${adminInput} mt-1`}
                {...described("stock")}
              />
              <FieldError id="stock-error" message={errors.stock} />
            </div>
            <div>
              <label className="flex items-center gap-2 text-sm font-medium text-gray-700">
                <input type="checkbox" name="categoryOn" value="1" defaultChecked={values.categoryOn === "1"} /> Move to category
              </label>
              <label htmlFor="category" className="mt-2 block text-sm font-medium text-gray-700">
                Category
              </label>
              <select
                id="category"
                name="category"
                defaultValue={values.category ?? ""}
                className={`${adminInput} mt-1`}
                {...described("category")}
              >
                <option value="">Choose…</option>
                {categories.map((category) => (
                  <option key={category.value} value={category.value}>
                    {category.name}
                  </option>
                ))}
              </select>
              <FieldError id="category-error" message={errors.category} />
            </div>
            <div className="grid gap-2">
              <label className="text-sm font-medium text-gray-700">
                Featured
                <select name="featured" defaultValue={values.featured ?? ""} className={`${adminInput} mt-1`}>
                  <option value="">Leave as it is</option>
                  <option value="on">Featured</option>
                  <option value="off">Not featured</option>
                </select>
              </label>
              <label className="text-sm font-medium text-gray-700">
                Archived
                <select name="archived" defaultValue={values.archived ?? ""} className={`${adminInput} mt-1`}>
                  <option value="">Leave as it is</option>
                  <option value="on">Archive (off sale)</option>
                  <option value="off">Put back on sale</option>
                </select>
              </label>
            </div>
            <label className="text-sm font-medium text-gray-700 sm:col-span-2">
              Reason (kept in each product's history)
              <input name="reason" maxLength={500} defaultValue={values.reason ?? ""} className={`${adminInput} mt-1`} />
            </label>
            <div className="sm:col-span-2">
              <button type="submit" className={adminButton}>
                Preview
              </button>
            </div>
          </Form>
        </Panel>
      )}
      {answer?.preview && (
        <Panel title="Preview">
          <p role="status" className="mb-3 text-sm font-medium text-gray-900">
            {messages.willChange(answer.preview.count)}
          </p>
          <p className="mb-2 text-sm text-gray-800">
            {messages.examplesNote(answer.preview.examples.length, answer.preview.count)}
          </p>
          <TableScroller label="Preview of the changes">
            <table className={adminTable}>
              <thead>
                <tr>
                  <th className={adminTh}>Product</th>
                  <th className={adminTh}>SKU</th>
                  <th className={adminTh}>Change</th>
                </tr>
              </thead>
              <tbody>
                {answer.preview.examples.map((example) => (
                  <tr key={example.id}>
                    <td className={adminTd}>{example.name}</td>
                    <td className={adminTd}>{example.sku}</td>
                    <td className={adminTd}>
                      <ul>
                        {example.changes.map((change) => (
                          <li key={change.label}>
                            {change.label}: {change.before} → {change.after}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
          <Form method="post" className="mt-4">
            {hidden({ intent: "apply", expectedCount: String(answer.preview.count) })}
            <button type="submit" className={adminButton}>
              Apply to {answer.preview.count} {answer.preview.count === 1 ? "product" : "products"}
            </button>
          </Form>
        </Panel>
      )}
    </>
  );
}
