import { data, Form, Link, redirect, useActionData } from "react-router";
import { servicesContext } from "#app-context";
import { catalogBulkMessages as messages } from "#shared/back-office-messages.ts";
import { FormError } from "../../components/account/form-message.tsx";
import {
  AdminRouteError,
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
import { attempt, readForm, text } from "../../lib/actions.server.ts";
import { actorOf, requireRecentPassword, requireStaff } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/import-job.ts";

/** An import job: progress while it runs (the page refreshes itself, no script needed), then its report. */
export async function loader(args: Route.LoaderArgs) {
  const access = await requireStaff(args);
  const job = args.context.get(servicesContext).catalogCsv.job(args.params.id, actorOf(access));
  if (!job) throw data(messages.importJobGone, { status: 404 });
  const report = job.report;
  return {
    id: job.id,
    dryRun: job.dryRun,
    running: job.state === "running",
    failed: job.error,
    percent: job.totalBytes === 0 ? 100 : Math.floor((job.bytesRead / job.totalBytes) * 100),
    rowsRead: job.rowsRead,
    report,
    summary: !report
      ? null
      : report.problemCount > 0
        ? messages.importHasProblems(report.problemCount)
        : report.applied
          ? messages.importApplied(report.created, report.updated)
          : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const access = await requireRecentPassword(args);
  const form = await readForm(args.request);
  const reason = form ? text(form, "reason").trim().slice(0, 500) || undefined : undefined;
  const started = await attempt(async () =>
    args.context.get(servicesContext).catalogCsv.applyChecked(actorOf(access), args.params.id, reason),
  );
  if (!started.ok) return started.response;
  return redirect(`/admin/import/${started.value.id}`);
}

export const meta: Route.MetaFunction = ({ loaderData: loaded }) => [
  { title: "Import | Back office" },
  { name: "robots", content: "noindex, nofollow" },
  ...(loaded?.running ? [{ httpEquiv: "refresh", content: "1" }] : []),
];

export default function ImportJob({ loaderData }: Route.ComponentProps) {
  const { dryRun, running, failed, percent, rowsRead, report, summary } = loaderData;
  const answer = useActionData<typeof action>() as { ok: false; error: string } | undefined;
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/import" className={adminSecondaryButton}>
            Import another file
          </Link>
        }
      >
        {dryRun ? "Checking the file" : "Importing"}
      </PageTitle>
      <FormError message={answer?.error ?? failed ?? undefined} />
      {running && (
        <Panel>
          <label htmlFor="progress" className="text-sm font-medium text-gray-800">
            {percent} % read, {rowsRead} rows so far. This page refreshes itself.
          </label>
          <progress id="progress" max={100} value={percent} className="mt-2 block w-full" />
        </Panel>
      )}
      {report && (
        <Panel title="Report">
          <p role="status" className="mb-3 text-sm text-gray-900">
            {summary ??
              `${report.rows} rows: ${report.created} to create, ${report.updated} to update, ${report.unchanged} unchanged. Nothing is saved until you apply.`}
          </p>
          {report.problemCount > 0 && (
            <>
              <TableScroller label="Problems by line">
                <table className={adminTable}>
                  <thead>
                    <tr>
                      <th className={adminTh}>Line</th>
                      <th className={adminTh}>Column</th>
                      <th className={adminTh}>Problem</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.problems.map((problem) => (
                      <tr key={`${problem.line}-${problem.column}-${problem.message}`}>
                        <td className={adminTd}>{problem.line}</td>
                        <td className={adminTd}>{problem.column}</td>
                        <td className={adminTd}>{problem.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroller>
              <p className="mt-3 text-sm text-gray-800">Fix these rows in the file and check it again.</p>
            </>
          )}
          {dryRun && report.problemCount === 0 && report.rows > 0 && (
            <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
              <label className="text-sm font-medium text-gray-700">
                Reason (kept in each product's history)
                <input name="reason" maxLength={500} className={`${adminInput} mt-1`} />
              </label>
              <button type="submit" className={adminButton}>
                Apply the import
              </button>
            </Form>
          )}
        </Panel>
      )}
    </>
  );
}

/** A job this process does not know (restarted, expired, someone else's) inside the back office's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminRouteError error={error} missing={messages.importJobGone} back={{ to: "/admin/import", label: "Import a file" }} />
  );
}
