import { Form, Link, useActionData, useNavigation } from "react-router";
import { servicesContext } from "#app-context";
import { catalogAdminMessages as m } from "#shared/back-office-messages.ts";
import { bannerKindLabels, bannerKindValues } from "#shared/banner-kinds.ts";
import { formatDateTime, SHOP_TIME_ZONE } from "#shared/dates.ts";
import { imageUrl } from "#shared/images.ts";
import { requestMessages } from "#shared/messages/shop.ts";
import { bannerForm, directionForm, reasonOnlyForm, toShopLocal } from "#shared/schemas/back-office-catalog.ts";
import { FormError, FormNotice } from "../../components/account/form-message.tsx";
import { invalid, pictureChoices, postedForm, run } from "../../components/admin/catalog/action-helpers.server.ts";
import {
  type Choice,
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
import type { Route } from "./+types/banners.ts";

/** The home page's banners by kind: create, edit (`?edit=<id>`), order, delete, each with an optional window. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const services = args.context.get(servicesContext);
  const [banners, tree] = await Promise.all([services.bannersAdmin.list(), services.categoriesAdmin.tree()]);
  const names = new Map(
    tree.flatMap((top) => [[top.id, top.name] as const, ...top.children.map((c) => [c.id, `${top.name} › ${c.name}`] as const)]),
  );
  const now = Date.now();
  const rows = banners.map((banner) => ({
    id: banner.id,
    kind: banner.kind,
    image: banner.image,
    alt: banner.alt,
    link: banner.subCatId ?? banner.catId ?? "",
    linkName: names.get(banner.subCatId ?? banner.catId ?? "") ?? "—",
    startsAt: banner.startsAt ? toShopLocal(banner.startsAt) : "",
    endsAt: banner.endsAt ? toShopLocal(banner.endsAt) : "",
    window: windowText(banner.startsAt, banner.endsAt),
    showing: (!banner.startsAt || banner.startsAt.getTime() <= now) && (!banner.endsAt || banner.endsAt.getTime() > now),
  }));
  const links: Choice[] = tree.flatMap((top) => [
    { value: top.id, label: top.name },
    ...top.children.map((child) => ({ value: child.id, label: child.name, group: top.name })),
  ]);
  const editId = new URL(args.request.url).searchParams.get("edit");
  const pictures = await pictureChoices(
    services,
    banners.flatMap((banner) => (banner.image ? [banner.image] : [])),
  );
  return { rows, links, pictures, editing: rows.find((row) => row.id === editId) ?? null };
}

function windowText(startsAt: Date | null, endsAt: Date | null): string {
  if (!startsAt && !endsAt) return "Always";
  const from = startsAt ? `from ${formatDateTime(startsAt)}` : "";
  const until = endsAt ? `until ${formatDateTime(endsAt)}` : "";
  return [from, until].filter(Boolean).join(" ");
}

export async function action(args: Route.ActionArgs) {
  const posted = await postedForm(args.request);
  if (!posted.ok) return posted.response;
  const { values, intent, target } = posted;
  const access = intent === "delete" ? await requireRecentPassword(args) : await requireStaff(args);
  const actor = actorOf(access);
  const admin = args.context.get(servicesContext).bannersAdmin;

  if (intent === "create" || intent === "update") {
    const parsed = bannerForm.safeParse(values);
    if (!parsed.success) return invalid(parsed.error, intent, target);
    const result = await run(
      () => (intent === "create" ? admin.create(actor, parsed.data) : admin.update(actor, target, parsed.data)),
      intent,
      target,
    );
    return result.ok ? { ok: true as const, notice: m.saved } : result.response;
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
  return failure(requestMessages.checkForm);
}

export const meta: Route.MetaFunction = () => [
  { title: "Banners | Back office" },
  { name: "robots", content: "noindex, nofollow" },
];

type Answer =
  | { ok: true; notice: string | null }
  | { ok: false; error: string; intent?: string; target?: string; fieldErrors?: FieldErrors };
type BannerRow = Route.ComponentProps["loaderData"]["rows"][number];

export default function Banners({ loaderData }: Route.ComponentProps) {
  const { rows, links, pictures, editing } = loaderData;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state !== "idle";
  const failed = answer && !answer.ok ? answer : undefined;
  const errorsFor = (intent: string, target = ""): FieldErrors =>
    failed && failed.intent === intent && (failed.target ?? "") === target ? (failed.fieldErrors ?? {}) : {};
  const headline = failed && Object.keys(failed.fieldErrors ?? {}).length === 0 ? failed.error : undefined;

  return (
    <>
      <PageTitle>Banners</PageTitle>
      <FormError message={headline} />
      <FormNotice message={answer?.ok ? answer.notice : undefined} />
      <PictureSuggestions id="banner-pictures" pictures={pictures} />
      {editing && (
        <Panel title="Edit banner">
          <BannerForm intent="update" banner={editing} links={links} errors={errorsFor("update", editing.id)} busy={busy} />
        </Panel>
      )}
      {bannerKindValues.map((kind) => {
        const ofKind = rows.filter((row) => row.kind === kind);
        return (
          <Panel key={kind} title={bannerKindLabels[kind]}>
            {ofKind.length === 0 ? (
              <p className="text-sm text-gray-700">No banners of this kind.</p>
            ) : (
              <TableScroller label={bannerKindLabels[kind]}>
                <table className={adminTable}>
                  <thead>
                    <tr>
                      <th className={adminTh}>Picture</th>
                      <th className={adminTh}>Alt text</th>
                      <th className={adminTh}>Links to</th>
                      <th className={adminTh}>Shown</th>
                      <th className={adminTh}>Order</th>
                      <th className={adminTh}>
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {ofKind.map((row, index) => (
                      <BannerTableRow key={row.id} row={row} first={index === 0} last={index === ofKind.length - 1} busy={busy} />
                    ))}
                  </tbody>
                </table>
              </TableScroller>
            )}
          </Panel>
        );
      })}
      <Panel title="New banner">
        <BannerForm intent="create" links={links} errors={errorsFor("create")} busy={busy} />
      </Panel>
    </>
  );
}

function BannerTableRow({ row, first, last, busy }: { row: BannerRow; first: boolean; last: boolean; busy: boolean }) {
  const label = `banner ${row.alt || row.image || row.id}`;
  return (
    <tr>
      <td className={adminTd}>
        {row.image ? (
          <img src={imageUrl(row.image)} alt={row.alt} width={96} height={40} className="h-10 w-24 rounded object-cover" />
        ) : (
          "—"
        )}
      </td>
      <td className={adminTd}>{row.alt || "—"}</td>
      <td className={adminTd}>{row.linkName}</td>
      <td className={adminTd}>
        {row.window}
        {!row.showing && <span className="ml-1 rounded bg-gray-200 px-1.5 py-0.5 text-xs">not now</span>}
      </td>
      <td className={adminTd}>
        <MoveButtons id={row.id} label={label} first={first} last={last} />
      </td>
      <td className={adminTd}>
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`/admin/banners?edit=${row.id}`} className="text-sm font-semibold text-brand-dark underline">
            Edit<span className="sr-only"> {label}</span>
          </Link>
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={row.id} />
            <button type="submit" className={adminDangerButton} disabled={busy}>
              Delete<span className="sr-only"> {label}</span>
            </button>
          </Form>
        </div>
      </td>
    </tr>
  );
}

function BannerForm({
  intent,
  banner,
  links,
  errors,
  busy,
}: {
  intent: "create" | "update";
  banner?: BannerRow;
  links: Choice[];
  errors: FieldErrors;
  busy: boolean;
}) {
  const id = (name: string) => `${intent}-${name}`;
  const kinds: Choice[] = bannerKindValues.map((kind) => ({ value: kind, label: bannerKindLabels[kind] }));
  const timeHint = `On the shop's clock (${SHOP_TIME_ZONE}); empty: no limit.`;
  return (
    <Form method="post" className="grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="intent" value={intent} />
      {banner && <input type="hidden" name="id" value={banner.id} />}
      <SelectField
        id={id("kind")}
        name="kind"
        label="Where"
        choices={kinds}
        defaultValue={banner?.kind ?? "home"}
        error={errors.kind}
      />
      <TextField
        id={id("image")}
        name="image"
        label="Picture (file name)"
        defaultValue={banner?.image ?? ""}
        error={errors.image}
        hint="Choose from the list, or give a file name from Pictures (the picture library)."
        list="banner-pictures"
        required
      />
      <TextField id={id("alt")} name="alt" label="Alt text" defaultValue={banner?.alt ?? ""} error={errors.alt} maxLength={200} />
      <SelectField
        id={id("link")}
        name="link"
        label="Links to"
        choices={links}
        defaultValue={banner?.link ?? ""}
        empty="— nowhere —"
        error={errors.link}
      />
      <TextField
        id={id("startsAt")}
        name="startsAt"
        type="datetime-local"
        label="Shown from"
        defaultValue={banner?.startsAt ?? ""}
        error={errors.startsAt}
        hint={timeHint}
      />
      <TextField
        id={id("endsAt")}
        name="endsAt"
        type="datetime-local"
        label="Shown until"
        defaultValue={banner?.endsAt ?? ""}
        error={errors.endsAt}
        hint={timeHint}
      />
      <TextField id={id("reason")} name="reason" label="Reason (optional)" error={errors.reason} maxLength={500} />
      <div className="flex gap-2 self-end">
        <button type="submit" className={adminButton} disabled={busy}>
          {intent === "create" ? "Create banner" : "Save"}
        </button>
        {banner && (
          <Link to="/admin/banners" className="self-center text-sm underline">
            Cancel
          </Link>
        )}
      </div>
    </Form>
  );
}
