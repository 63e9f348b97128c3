// One screen, one route module (docs/architecture.md, "Route-module conventions"): its loader, one action, its view.
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { servicesContext, settingsContext } from "#app-context";
import { productAdminMessages as m } from "#shared/back-office-messages.ts";
import { formatDateTime } from "#shared/dates.ts";
import { catalogMessages, requestMessages } from "#shared/messages/shop.ts";
import { formatRupees } from "#shared/money.ts";
import { CATALOG_PICTURES_PER_UPLOAD, isPriceChange, MAX_PRODUCT_PICTURES } from "#shared/schemas/back-office-products.ts";
import { FormError, FormNotice } from "../../components/account/form-message.tsx";
import {
  type ProductFailureExtra,
  parsedProduct,
  postedProductValues,
  runProduct,
} from "../../components/admin/products/product-actions.server.ts";
import { ProductFields, valuesOfProduct } from "../../components/admin/products/product-form.tsx";
import {
  AdminRouteError,
  adminButton,
  adminDangerButton,
  adminInput,
  adminSecondaryButton,
  adminTable,
  adminTd,
  adminTh,
  PageTitle,
  Panel,
  TableScroller,
} from "../../components/admin/ui.tsx";
import { failure, isAppError, readForm } from "../../lib/actions.server.ts";
import { changedFields } from "../../lib/audit-view.ts";
import { actorOf, requireRecentPassword, requireStaff } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/product-edit.ts";

const MONEY_FIELDS = new Set(["pricePaise", "oldPricePaise"]);
const rupeesOrNone = (value: unknown) => (typeof value === "number" ? formatRupees(value) : "—");

/** One product: every field, its pictures, archive or delete, a preview, and its history with reverts. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const services = args.context.get(servicesContext);
  const id = args.params.id;
  const product = await services.productAdmin.get(id).catch((error: unknown) => {
    if (isAppError(error) && error.status === 404) throw data(catalogMessages.productNotFound, { status: 404 });
    throw error;
  });
  const [categories, events, library] = await Promise.all([
    services.catalog.listCategories(),
    services.productAdmin.history(id, { limit: 50 }),
    services.catalogPictures.list({ limit: 60 }),
  ]);
  const history = events.map((event) => ({
    id: event.id,
    when: formatDateTime(event.at),
    actor: event.actorEmail,
    action: event.action,
    reason: event.reason,
    revertible: event.before !== null && event.after !== null,
    changes: changedFields(event.before, event.after).map((change) =>
      MONEY_FIELDS.has(change.field)
        ? {
            ...change,
            before: rupeesOrNone((event.before as Record<string, unknown> | null)?.[change.field]),
            after: rupeesOrNone((event.after as Record<string, unknown> | null)?.[change.field]),
          }
        : change,
    ),
  }));
  const prices = events.filter(isPriceChange).map((event) => {
    const after = (event.after ?? {}) as Record<string, unknown>;
    const before = (event.before ?? {}) as Record<string, unknown>;
    return {
      id: event.id,
      when: formatDateTime(event.at),
      actor: event.actorEmail,
      price: rupeesOrNone(after.pricePaise ?? before.pricePaise),
      before: rupeesOrNone(before.pricePaise),
      oldPrice: rupeesOrNone("oldPricePaise" in after ? after.oldPricePaise : undefined),
    };
  });
  return {
    product: {
      id: product.id,
      name: product.name,
      sku: product.sku,
      archived: product.archivedAt !== null,
      updatedAt: product.updatedAt.toISOString(),
      discount: product.discount,
      pictures: product.images.map((file, index) => ({ file, alt: product.imageAlts[index] ?? "" })),
    },
    values: valuesOfProduct(product),
    categories,
    countries: services.locations.listCountries(),
    library: library.map((picture) => ({ file: picture.fileName, name: picture.originalName })),
    history,
    prices,
    created: new URL(args.request.url).searchParams.has("created"),
  };
}

export async function action(args: Route.ActionArgs) {
  const { uploadMaxBytes } = args.context.get(settingsContext);
  const multipart = (args.request.headers.get("content-type") ?? "").startsWith("multipart/form-data");
  // Staff first, so no one else's body is read; a picture upload may carry many files.
  await requireStaff(args);
  const form = await readForm(args.request, multipart ? CATALOG_PICTURES_PER_UPLOAD * uploadMaxBytes + 64 * 1024 : undefined);
  if (!form) return failure(requestMessages.formTooLarge, 413);
  const values = postedProductValues(form);
  const intent = typeof values.intent === "string" ? values.intent : "";
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
  const reason = text("reason").trim().slice(0, 500) || undefined;
  // Deleting and reverting are sensitive (decision 031): the password again after a while.
  const access = intent === "delete" || intent === "revert" ? await requireRecentPassword(args) : await requireStaff(args);
  const actor = actorOf(access);
  const services = args.context.get(servicesContext);
  const admin = services.productAdmin;
  const id = args.params.id;
  const done = (notice: string) => ({ ok: true as const, notice });

  if (intent === "save") {
    const parsed = parsedProduct(values, intent);
    if (!parsed.ok) return parsed.response;
    const result = await runProduct(
      () => admin.update(actor, id, parsed.value, { expectedUpdatedAt: text("updatedAt"), reason }),
      intent,
      values,
    );
    return result.ok ? done(m.saved) : result.response;
  }
  if (intent === "archive" || intent === "unarchive") {
    const result = await runProduct(
      () => (intent === "archive" ? admin.archive(actor, id, reason) : admin.unarchive(actor, id, reason)),
      intent,
    );
    return result.ok ? done(intent === "archive" ? m.archived : m.unarchived) : result.response;
  }
  if (intent === "delete") {
    const result = await runProduct(() => admin.delete(actor, id, reason), intent);
    return result.ok ? redirect("/admin/products?deleted=1") : result.response;
  }
  if (intent === "pictures" || intent === "add-picture") {
    const files = form.getAll("file").filter((value): value is string => typeof value === "string");
    const alts = form.getAll("alt").filter((value): value is string => typeof value === "string");
    let list = files.map((file, index) => ({ file, alt: (alts[index] ?? "").trim().slice(0, 200) }));
    const [op = "", at = ""] = text("op").split(":");
    const index = Number(at);
    if (op === "remove") list = list.filter((_, i) => i !== index);
    if ((op === "up" && index > 0) || (op === "down" && index < list.length - 1)) {
      const other = op === "up" ? index - 1 : index + 1;
      [list[index], list[other]] = [list[other] as (typeof list)[number], list[index] as (typeof list)[number]];
    }
    if (intent === "add-picture") {
      const added = text("library").trim();
      if (added) list.push({ file: added, alt: "" });
    }
    const result = await runProduct(
      () => admin.setPictures(actor, id, list, { expectedUpdatedAt: text("updatedAt"), action: "product.pictures" }),
      "pictures",
    );
    return result.ok ? done(m.saved) : result.response;
  }
  if (intent === "upload") {
    const chosen = form.getAll("pictures").filter((value): value is File => typeof value !== "string" && value.size > 0);
    if ((await admin.get(id)).images.length + chosen.length > MAX_PRODUCT_PICTURES) {
      return failure(m.tooManyPictures, 400, { intent, fieldErrors: { pictures: m.tooManyPictures } });
    }
    const result = await runProduct(async () => {
      const files = await Promise.all(
        chosen.map(async (file) => ({ name: file.name, data: new Uint8Array(await file.arrayBuffer()) })),
      );
      const uploaded = await services.catalogPictures.upload(actor, files);
      const fresh = await admin.get(id);
      const list = [
        ...fresh.images.map((file, i) => ({ file, alt: fresh.imageAlts[i] ?? "" })),
        ...uploaded.map((picture) => ({ file: picture.fileName, alt: "" })),
      ];
      await admin.setPictures(actor, id, list, { action: "product.pictures" });
      return uploaded.length;
    }, "upload");
    return result.ok ? done(m.picturesAdded(result.value)) : result.response;
  }
  if (intent === "revert") {
    const eventId = text("eventId");
    const confirm = text("confirm") === "1";
    const result = await runProduct(() => admin.revert(actor, id, eventId, { confirm, reason }), intent, undefined, eventId);
    return result.ok ? done(m.reverted) : result.response;
  }
  return failure(requestMessages.checkForm);
}

export const meta: Route.MetaFunction = ({ loaderData: loaded }) => [
  { title: `${loaded?.product.name ?? "Product"} | Back office` },
  { name: "robots", content: "noindex, nofollow" },
];

type Answer = { ok: true; notice: string } | ({ ok: false; error: string } & Partial<ProductFailureExtra>);

export default function EditProduct({ loaderData }: Route.ComponentProps) {
  const { product, values, categories, countries, library, history, prices, created } = loaderData;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state !== "idle";
  const failed = answer && !answer.ok ? answer : undefined;
  const errorsOf = (intent: string) => (failed?.intent === intent ? (failed.fieldErrors ?? {}) : {});
  const saveErrors = errorsOf("save");
  const pictureError = errorsOf("pictures").images ?? errorsOf("upload").pictures;
  const headline = failed && Object.keys(failed.fieldErrors ?? {}).length === 0 && !failed.later ? failed.error : undefined;
  return (
    <>
      <PageTitle
        actions={
          <a href={`/product/${product.id}`} target="_blank" rel="noopener" className={adminSecondaryButton}>
            Preview<span className="sr-only"> (opens the shop's page in a new tab)</span>
          </a>
        }
      >
        {product.name}
        {product.archived && <span className="ml-2 rounded bg-gray-200 px-2 py-0.5 text-sm text-gray-800">Archived</span>}
      </PageTitle>
      <FormError message={headline} />
      <FormNotice message={answer?.ok ? answer.notice : created ? m.created : undefined} />
      {failed?.later && (
        <div role="alert" className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="mb-2">{failed.error}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="revert" />
            <input type="hidden" name="eventId" value={failed.later.eventId} />
            <input type="hidden" name="confirm" value="1" />
            <button type="submit" className={adminDangerButton} disabled={busy}>
              Revert anyway
            </button>
          </Form>
        </div>
      )}

      <Panel title="Details">
        <Form method="post" noValidate key={product.updatedAt}>
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="updatedAt" value={product.updatedAt} />
          {Object.keys(saveErrors).length > 0 && (
            <p role="alert" className="mb-4 rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {failed?.error}
            </p>
          )}
          <ProductFields
            values={failed?.intent === "save" && failed.values ? failed.values : values}
            errors={saveErrors}
            categories={categories}
            countries={countries}
          />
          <p className="mt-3 text-sm text-gray-700">Discount now: {product.discount}%</p>
          <button type="submit" className={`${adminButton} mt-3`} disabled={busy}>
            Save
          </button>
        </Form>
      </Panel>

      <Panel title="Pictures">
        {pictureError && (
          <p id="pictures-error" role="alert" className="mb-3 text-sm text-red-800">
            {pictureError}
          </p>
        )}
        <Form method="post" key={`pictures-${product.updatedAt}`}>
          <input type="hidden" name="intent" value="pictures" />
          <input type="hidden" name="updatedAt" value={product.updatedAt} />
          {product.pictures.length === 0 && <p className="mb-3 text-sm text-gray-700">No pictures yet.</p>}
          <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {product.pictures.map((picture, index) => (
              <li key={picture.file} className="rounded border border-gray-200 p-2">
                <img
                  src={`/download/${encodeURIComponent(picture.file)}?w=320`}
                  alt={picture.alt}
                  width={320}
                  height={320}
                  className="mb-2 aspect-square w-full rounded bg-gray-50 object-contain"
                />
                <input type="hidden" name="file" value={picture.file} />
                <label htmlFor={`alt-${index}`} className="block text-sm font-medium text-gray-700">
                  Alt text of picture {index + 1}
                  <input
                    id={`alt-${index}`}
                    name="alt"
                    defaultValue={picture.alt}
                    maxLength={200}
                    className={`${adminInput} mt-1`}
                  />
                </label>
                <div className="mt-2 flex flex-wrap gap-1">
                  <button
                    type="submit"
                    name="op"
                    value={`up:${index}`}
                    className={adminSecondaryButton}
                    disabled={busy || index === 0}
                  >
                    Up<span className="sr-only"> (picture {index + 1})</span>
                  </button>
                  <button
                    type="submit"
                    name="op"
                    value={`down:${index}`}
                    className={adminSecondaryButton}
                    disabled={busy || index === product.pictures.length - 1}
                  >
                    Down<span className="sr-only"> (picture {index + 1})</span>
                  </button>
                  <button type="submit" name="op" value={`remove:${index}`} className={adminDangerButton} disabled={busy}>
                    Remove<span className="sr-only"> picture {index + 1}</span>
                  </button>
                </div>
              </li>
            ))}
          </ol>
          <div className="mt-3 flex flex-wrap items-end gap-2">
            {product.pictures.length > 0 && (
              <button type="submit" className={adminButton} disabled={busy}>
                Save alt texts
              </button>
            )}
            <label htmlFor="library" className="text-sm font-medium text-gray-700">
              Add from the picture library (file name)
              <input id="library" name="library" list="library-pictures" className={`${adminInput} mt-1`} />
            </label>
            <datalist id="library-pictures">
              {library.map((picture) => (
                <option key={picture.file} value={picture.file}>
                  {picture.name}
                </option>
              ))}
            </datalist>
            <button type="submit" name="intent" value="add-picture" className={adminSecondaryButton} disabled={busy}>
              Add
            </button>
          </div>
        </Form>
        <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="upload" />
          <label htmlFor="upload-pictures" className="text-sm font-medium text-gray-700">
            Upload pictures (JPEG, PNG or WebP)
            <input
              id="upload-pictures"
              name="pictures"
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp"
              className="mt-1 block text-sm"
            />
          </label>
          <button type="submit" className={adminButton} disabled={busy}>
            Upload
          </button>
        </Form>
      </Panel>

      <Panel title="Archive or delete">
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value={product.archived ? "unarchive" : "archive"} />
            <button type="submit" className={adminSecondaryButton} disabled={busy}>
              {product.archived ? "Put back on sale" : "Archive"}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className={adminDangerButton} disabled={busy}>
              Delete
            </button>
          </Form>
        </div>
        <p className="mt-2 text-sm text-gray-700">A product that was ever ordered can only be archived.</p>
      </Panel>

      <Panel title="Price history">
        {prices.length === 0 ? (
          <p className="text-sm text-gray-700">No price changes recorded.</p>
        ) : (
          <TableScroller label="Price history">
            <table className={adminTable}>
              <thead>
                <tr>
                  <th className={adminTh}>When</th>
                  <th className={adminTh}>Who</th>
                  <th className={adminTh}>Price before</th>
                  <th className={adminTh}>Price after</th>
                </tr>
              </thead>
              <tbody>
                {prices.map((row) => (
                  <tr key={row.id}>
                    <td className={adminTd}>{row.when}</td>
                    <td className={adminTd}>{row.actor}</td>
                    <td className={adminTd}>{row.before}</td>
                    <td className={adminTd}>{row.price}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        )}
      </Panel>

      <Panel title="History">
        <TableScroller label="History">
          <table className={adminTable}>
            <thead>
              <tr>
                <th className={adminTh}>When</th>
                <th className={adminTh}>Who</th>
                <th className={adminTh}>Change</th>
                <th className={adminTh}>
                  <span className="sr-only">Revert</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {history.map((event) => (
                <tr key={event.id}>
                  <td className={adminTd}>{event.when}</td>
                  <td className={adminTd}>{event.actor}</td>
                  <td className={adminTd}>
                    <span className="font-medium">{event.action}</span>
                    {event.reason && <span className="text-gray-700"> — {event.reason}</span>}
                    <ul className="mt-1 text-xs text-gray-700">
                      {event.changes.map((change) => (
                        <li key={change.field} className="break-all">
                          {change.field}: {change.before} → {change.after}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className={adminTd}>
                    {event.revertible && (
                      <Form method="post">
                        <input type="hidden" name="intent" value="revert" />
                        <input type="hidden" name="eventId" value={event.id} />
                        <button type="submit" className={adminSecondaryButton} disabled={busy}>
                          Revert
                          <span className="sr-only">
                            {" "}
                            {event.action} of {event.when}
                          </span>
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      </Panel>
      <p className="text-sm">
        <Link to="/admin/products" className="underline">
          Back to products
        </Link>
      </p>
    </>
  );
}

/** An unknown product inside the back office's frame, not the shop's "Page not found". */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminRouteError
      error={error}
      missing={catalogMessages.productNotFound}
      back={{ to: "/admin/products", label: "Back to products" }}
    />
  );
}
