// One screen, one route module (docs/architecture.md, "Route-module conventions"): its loader, one action, its view.
import { Form, Link, useActionData, useNavigation } from "react-router";
import { servicesContext } from "#app-context";
import { catalogAdminMessages as m } from "#shared/back-office-messages.ts";
import { imageUrl } from "#shared/images.ts";
import { requestMessages } from "#shared/messages/shop.ts";
import {
  categoryCreateForm,
  categoryUpdateForm,
  directionForm,
  moveProductsForm,
  reasonOnlyForm,
} from "#shared/schemas/back-office-catalog.ts";
import { FormError, FormNotice } from "../../components/account/form-message.tsx";
import { invalid, pictureChoices, postedForm, run } from "../../components/admin/catalog/action-helpers.server.ts";
import {
  type Choice,
  ColorField,
  type FieldErrors,
  MoveButtons,
  PictureSuggestions,
  SelectField,
  TextField,
} from "../../components/admin/catalog/fields.tsx";
import {
  adminButton,
  adminDangerButton,
  adminTable,
  adminTd,
  adminTh,
  PageTitle,
  Panel,
  TableScroller,
} from "../../components/admin/ui.tsx";
import { failure } from "../../lib/actions.server.ts";
import { actorOf, requireRecentPassword, requireStaff } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/categories.ts";

/** Categories and sub-categories: create, edit (`?edit=<id>`), order, delete, move their products (issue 33, item 4). */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const services = args.context.get(servicesContext);
  const tree = await services.categoriesAdmin.tree();
  const editId = new URL(args.request.url).searchParams.get("edit");
  const all = tree.flatMap((top) => [top, ...top.children]);
  const pictures = await pictureChoices(
    services,
    all.flatMap((category) => (category.image ? [category.image] : [])),
  );
  return { tree, editing: all.find((category) => category.id === editId) ?? null, pictures };
}

export async function action(args: Route.ActionArgs) {
  const posted = await postedForm(args.request);
  if (!posted.ok) return posted.response;
  const { values, intent, target } = posted;
  // Deleting is sensitive (decision 031): the password again after a while.
  const access = intent === "delete" ? await requireRecentPassword(args) : await requireStaff(args);
  const actor = actorOf(access);
  const admin = args.context.get(servicesContext).categoriesAdmin;

  if (intent === "create") {
    const parsed = categoryCreateForm.safeParse(values);
    if (!parsed.success) return invalid(parsed.error, intent, target);
    const result = await run(() => admin.create(actor, parsed.data), intent, target);
    return result.ok ? { ok: true as const, notice: `${parsed.data.name}: ${m.saved}` } : result.response;
  }
  if (intent === "update") {
    const parsed = categoryUpdateForm.safeParse(values);
    if (!parsed.success) return invalid(parsed.error, intent, target);
    const result = await run(() => admin.update(actor, target, parsed.data), intent, target);
    return result.ok ? { ok: true as const, notice: `${parsed.data.name}: ${m.saved}` } : result.response;
  }
  if (intent === "move") {
    const parsed = directionForm.safeParse(values);
    if (!parsed.success) return invalid(parsed.error, intent, target);
    const result = await run(() => admin.move(actor, target, parsed.data.direction), intent, target);
    return result.ok ? { ok: true as const, notice: null } : result.response;
  }
  if (intent === "delete") {
    const parsed = reasonOnlyForm.safeParse(values);
    if (!parsed.success) return invalid(parsed.error, intent, target);
    const result = await run(() => admin.delete(actor, target, parsed.data.reason), intent, target);
    return result.ok ? { ok: true as const, notice: m.deleted } : result.response;
  }
  if (intent === "move-products") {
    const parsed = moveProductsForm.safeParse(values);
    if (!parsed.success) return invalid(parsed.error, intent, target);
    const { from, to, reason } = parsed.data;
    const result = await run(() => admin.moveProducts(actor, from, to, reason), intent, target);
    return result.ok ? { ok: true as const, notice: m.movedProducts(result.value.moved, result.value.to) } : result.response;
  }
  return failure(requestMessages.checkForm);
}

export const meta: Route.MetaFunction = () => [
  { title: "Categories | Back office" },
  { name: "robots", content: "noindex, nofollow" },
];

type Answer =
  | { ok: true; notice: string | null }
  | { ok: false; error: string; intent?: string; target?: string; fieldErrors?: FieldErrors };

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { tree, editing, pictures } = loaderData;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state !== "idle";
  const failed = answer && !answer.ok ? answer : undefined;
  const errorsFor = (intent: string, target = ""): FieldErrors =>
    failed && failed.intent === intent && (failed.target ?? "") === target ? (failed.fieldErrors ?? {}) : {};
  // A failure without a field (a refused delete, say) heads the page.
  const headline = failed && Object.keys(failed.fieldErrors ?? {}).length === 0 ? failed.error : undefined;
  const tops: Choice[] = tree.map((top) => ({ value: top.id, label: top.name }));
  const everyCategory: Choice[] = tree.flatMap((top) => [
    { value: top.id, label: top.name },
    ...top.children.map((child) => ({ value: child.id, label: child.name, group: top.name })),
  ]);
  const createErrors = errorsFor("create");
  const editErrors = editing ? errorsFor("update", editing.id) : {};
  const moveErrors = errorsFor("move-products");

  return (
    <>
      <PageTitle>Categories</PageTitle>
      <FormError message={headline} />
      <FormNotice message={answer?.ok ? answer.notice : undefined} />
      <PictureSuggestions id="category-pictures" pictures={pictures} />

      {editing && (
        <Panel title={`Edit ${editing.name}`}>
          <Form method="post" className="grid gap-3 sm:grid-cols-2">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="id" value={editing.id} />
            <TextField
              id="edit-name"
              name="name"
              label="Name"
              defaultValue={editing.name}
              error={editErrors.name}
              required
              maxLength={60}
            />
            <ColorField id="edit-color" defaultValue={editing.color} error={editErrors.color} />
            <TextField
              id="edit-image"
              name="image"
              label="Picture (file name)"
              defaultValue={editing.image ?? ""}
              error={editErrors.image}
              hint="Choose from the list, or give a file name from Pictures (the picture library); empty: no picture."
              list="category-pictures"
            />
            <TextField id="edit-reason" name="reason" label="Reason (optional)" error={editErrors.reason} maxLength={500} />
            <div className="flex gap-2 sm:col-span-2">
              <button type="submit" className={adminButton} disabled={busy}>
                Save
              </button>
              <Link to="/admin/categories" className="self-center text-sm underline">
                Cancel
              </Link>
            </div>
          </Form>
        </Panel>
      )}

      <Panel title="Categories and sub-categories">
        <TableScroller label="Categories">
          <table className={adminTable}>
            <thead>
              <tr>
                <th className={adminTh}>Name</th>
                <th className={adminTh}>Products</th>
                <th className={adminTh}>Order</th>
                <th className={adminTh}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tree.map((top, topIndex) => (
                <CategoryRows key={top.id} top={top} first={topIndex === 0} last={topIndex === tree.length - 1} busy={busy} />
              ))}
            </tbody>
          </table>
        </TableScroller>
      </Panel>

      <Panel title="New category or sub-category">
        <Form method="post" className="grid gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="create" />
          <TextField id="new-name" name="name" label="Name" error={createErrors.name} required maxLength={60} />
          <SelectField
            id="new-parent"
            name="parentId"
            label="Under"
            choices={tops}
            empty="— the top level (a category) —"
            error={createErrors.parentId}
          />
          <ColorField id="new-color" defaultValue="#f3f4f6" error={createErrors.color} />
          <TextField
            id="new-image"
            name="image"
            label="Picture (file name, optional)"
            error={createErrors.image}
            list="category-pictures"
          />
          <div className="sm:col-span-2">
            <button type="submit" className={adminButton} disabled={busy}>
              Create
            </button>
          </div>
        </Form>
      </Panel>

      <Panel title="Move products">
        <p className="mb-3 text-sm text-gray-700">
          Every product of one category or sub-category goes to another, at once. A category can be deleted once it has none.
        </p>
        <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="move-products" />
          <SelectField id="move-from" name="from" label="From" choices={everyCategory} empty="Choose…" error={moveErrors.from} />
          <SelectField id="move-to" name="to" label="To" choices={everyCategory} empty="Choose…" error={moveErrors.to} />
          <TextField id="move-reason" name="reason" label="Reason (optional)" error={moveErrors.reason} maxLength={500} />
          <button type="submit" className={adminButton} disabled={busy}>
            Move products
          </button>
        </Form>
      </Panel>
    </>
  );
}

type Row = Route.ComponentProps["loaderData"]["tree"][number];

function CategoryRows({ top, first, last, busy }: { top: Row; first: boolean; last: boolean; busy: boolean }) {
  return (
    <>
      <CategoryRow category={top} first={first} last={last} busy={busy} />
      {top.children.map((child, index) => (
        <CategoryRow
          key={child.id}
          category={child}
          first={index === 0}
          last={index === top.children.length - 1}
          busy={busy}
          parent={top.name}
        />
      ))}
    </>
  );
}

function CategoryRow({
  category,
  first,
  last,
  busy,
  parent,
}: {
  category: Omit<Row, "children">;
  first: boolean;
  last: boolean;
  busy: boolean;
  parent?: string;
}) {
  const label = parent ? `${parent} › ${category.name}` : category.name;
  return (
    <tr>
      <td className={adminTd}>
        <span className={`flex items-center gap-2 ${parent ? "pl-6" : "font-semibold"}`}>
          <span
            className="inline-block h-4 w-4 shrink-0 rounded border border-gray-300"
            style={{ backgroundColor: category.color }}
            aria-hidden="true"
          />
          {category.image && (
            <img src={imageUrl(category.image)} alt="" width={32} height={32} className="h-8 w-8 rounded object-cover" />
          )}
          {parent && <span className="sr-only">{parent} › </span>}
          {category.name}
        </span>
      </td>
      <td className={adminTd}>{category.products}</td>
      <td className={adminTd}>
        <MoveButtons id={category.id} label={label} first={first} last={last} />
      </td>
      <td className={adminTd}>
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`/admin/categories?edit=${category.id}`} className="text-sm font-semibold text-brand-dark underline">
            Edit<span className="sr-only"> {label}</span>
          </Link>
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={category.id} />
            <button type="submit" className={adminDangerButton} disabled={busy}>
              Delete<span className="sr-only"> {label}</span>
            </button>
          </Form>
        </div>
      </td>
    </tr>
  );
}
