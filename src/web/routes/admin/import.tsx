import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { servicesContext } from "#app-context";
import { catalogBulkMessages as messages } from "#shared/back-office-messages.ts";
import { IMPORT_MAX_BYTES } from "#shared/schemas/back-office-bulk.ts";
import { FormError } from "../../components/account/form-message.tsx";
import { adminButton, adminSecondaryButton, PageTitle, Panel } from "../../components/admin/ui.tsx";
import { attempt, failure, readForm } from "../../lib/actions.server.ts";
import { actorOf, requireStaff } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/import.ts";

const MEGABYTES = IMPORT_MAX_BYTES / (1024 * 1024);

/** Import a CSV (issue 33, item 6): the upload starts a dry run; its page shows progress, the report and the apply. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  return { megabytes: MEGABYTES };
}

export async function action(args: Route.ActionArgs) {
  const access = await requireStaff(args);
  const form = await readForm(args.request, IMPORT_MAX_BYTES + 64 * 1024);
  if (!form) return failure(messages.importTooLarge(MEGABYTES), 413);
  const file = form.get("file");
  if (file === null || typeof file === "string" || file.size === 0) return failure(messages.importNoFile);
  const text = await file.text();
  const started = await attempt(async () =>
    args.context.get(servicesContext).catalogCsv.startImport(actorOf(access), text, { apply: false }),
  );
  if (!started.ok) return started.response;
  return redirect(`/admin/import/${started.value.id}`);
}

export const meta: Route.MetaFunction = () => [
  { title: "Import | Back office" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function Import({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>() as { ok: false; error: string } | undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/export" className={adminSecondaryButton}>
            Export
          </Link>
        }
      >
        Import products
      </PageTitle>
      <FormError message={answer?.error} />
      <Panel title="Check a file">
        <p className="mb-3 text-sm text-gray-800">
          A CSV in the export's format (export the catalogue to start from it). The file is checked first and nothing changes
          until you apply it. Rows are matched to products by SKU: a new SKU creates a product. Pictures must be in the{" "}
          <Link to="/admin/pictures" className="underline">
            picture library
          </Link>{" "}
          first, named by the file name shown there. At most {loaderData.megabytes} MB.
        </p>
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
          <label className="text-sm font-medium text-gray-700">
            CSV file
            <input name="file" type="file" accept=".csv,text/csv" required className="mt-1 block text-sm" />
          </label>
          <button type="submit" className={adminButton} disabled={busy}>
            Check the file
          </button>
        </Form>
      </Panel>
    </>
  );
}
