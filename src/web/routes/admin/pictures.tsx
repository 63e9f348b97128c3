import { Form, Link, useActionData, useNavigation } from "react-router";
import { servicesContext, settingsContext } from "#app-context";
import { productAdminMessages as m } from "#shared/back-office-messages.ts";
import { formatDateTime } from "#shared/dates.ts";
import { requestMessages } from "#shared/messages/shop.ts";
import { CATALOG_PICTURES_PER_UPLOAD } from "#shared/schemas/back-office-products.ts";
import { FormError, FormNotice } from "../../components/account/form-message.tsx";
import { adminButton, adminSecondaryButton, PageTitle, Panel } from "../../components/admin/ui.tsx";
import { attempt, failure, readForm } from "../../lib/actions.server.ts";
import { actorOf, requireRecentPassword, requireStaff } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/pictures.ts";

const PAGE = 60;

/** The picture library: many pictures at once (the CSV import names them by file name), newest first. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const after = new URL(args.request.url).searchParams.get("after") ?? undefined;
  const rows = await args.context.get(servicesContext).catalogPictures.list({ limit: PAGE + 1, after: after?.slice(0, 200) });
  const page = rows.slice(0, PAGE);
  return {
    pictures: page.map((picture) => ({
      file: picture.fileName,
      name: picture.originalName,
      size: `${picture.width}×${picture.height}`,
      when: formatDateTime(picture.createdAt),
    })),
    next: rows.length > PAGE ? `?after=${encodeURIComponent(page.at(-1)?.fileName ?? "")}` : null,
    perUpload: CATALOG_PICTURES_PER_UPLOAD,
  };
}

export async function action(args: Route.ActionArgs) {
  const access = await requireStaff(args);
  const { uploadMaxBytes } = args.context.get(settingsContext);
  const form = await readForm(args.request, CATALOG_PICTURES_PER_UPLOAD * uploadMaxBytes + 64 * 1024);
  if (!form) return failure(requestMessages.formTooLarge, 413);
  if (form.get("intent") === "delete") {
    // Deleting asks for the password again after a while (decision 031).
    const confirmed = await requireRecentPassword(args);
    const file = String(form.get("file") ?? "").slice(0, 200);
    const removed = await attempt(() => args.context.get(servicesContext).catalogPictures.remove(actorOf(confirmed), file));
    if (!removed.ok) return removed.response;
    return { ok: true as const, notice: m.pictureDeleted(file) };
  }
  const chosen = form.getAll("pictures").filter((value): value is File => typeof value !== "string" && value.size > 0);
  const result = await attempt(async () => {
    const files = await Promise.all(
      chosen.map(async (file) => ({ name: file.name, data: new Uint8Array(await file.arrayBuffer()) })),
    );
    return args.context.get(servicesContext).catalogPictures.upload(actorOf(access), files);
  });
  if (!result.ok) return result.response;
  return { ok: true as const, notice: m.picturesUploaded(result.value.length) };
}

export const meta: Route.MetaFunction = () => [
  { title: "Pictures | Back office" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function Pictures({ loaderData }: Route.ComponentProps) {
  const { pictures, next, perUpload } = loaderData;
  const answer = useActionData<typeof action>() as { ok: true; notice: string } | { ok: false; error: string } | undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <PageTitle>Pictures</PageTitle>
      <FormError message={answer && !answer.ok ? answer.error : undefined} />
      <FormNotice message={answer?.ok ? answer.notice : undefined} />
      <Panel title="Upload">
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
          <label htmlFor="pictures" className="text-sm font-medium text-gray-700">
            Pictures (JPEG, PNG or WebP; up to {perUpload} at once)
            <input
              id="pictures"
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
      <Panel title="Library">
        {pictures.length === 0 && <p className="text-sm text-gray-700">No pictures uploaded yet.</p>}
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
          {pictures.map((picture) => (
            <li key={picture.file} className="rounded border border-gray-200 p-2 text-xs text-gray-800">
              <img
                src={`/download/${encodeURIComponent(picture.file)}?w=160`}
                alt={picture.name || picture.file}
                width={160}
                height={160}
                loading="lazy"
                className="mb-1 aspect-square w-full rounded bg-gray-50 object-contain"
              />
              <span className="block font-medium break-all">{picture.name || "—"}</span>
              <span className="block break-all text-gray-600">{picture.file}</span>
              <span className="block text-gray-600">
                {picture.size} · {picture.when}
              </span>
              <Form method="post" className="mt-1">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="file" value={picture.file} />
                <button
                  type="submit"
                  className="text-red-800 underline"
                  aria-label={`Delete ${picture.name || picture.file}`}
                  disabled={busy}
                >
                  Delete
                </button>
              </Form>
            </li>
          ))}
        </ul>
        {next && (
          <Link to={next} className={`${adminSecondaryButton} mt-3`}>
            Next
          </Link>
        )}
      </Panel>
    </>
  );
}
