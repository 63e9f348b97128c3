import { Form, useActionData, useNavigation } from "react-router";
import { servicesContext } from "#app-context";
import { formatDateTime } from "#shared/dates.ts";
import { insightsMessages as m } from "#shared/messages/back-office-insights.ts";
import { requestMessages } from "#shared/messages/shop.ts";
import { synonymForm, synonymRemoveForm } from "#shared/schemas/back-office-insights.ts";
import { FormError, FormNotice } from "../../components/account/form-message.tsx";
import { invalid, postedForm, run } from "../../components/admin/catalog/action-helpers.server.ts";
import { type FieldErrors, TextField } from "../../components/admin/catalog/fields.tsx";
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
import type { Route } from "./+types/search-synonyms.ts";

/** The owner's search synonyms (issue 34, item 5; decision 038); `?term=` fills the form from a search that found nothing. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "owner");
  const synonyms = await args.context.get(servicesContext).synonymsAdmin.list();
  const term = new URL(args.request.url).searchParams.get("term") ?? "";
  return {
    term: term.slice(0, 100),
    synonyms: synonyms.map((synonym) => ({
      term: synonym.term,
      replacement: synonym.replacement,
      at: synonym.createdAt.toISOString(),
      when: formatDateTime(synonym.createdAt),
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const posted = await postedForm(args.request);
  if (!posted.ok) return posted.response;
  const { values, intent } = posted;
  // Removing is a delete (decision 031): the password again after a while.
  const access = intent === "remove" ? await requireRecentPassword(args, "owner") : await requireStaff(args, "owner");
  const admin = args.context.get(servicesContext).synonymsAdmin;

  if (intent === "add") {
    const parsed = synonymForm.safeParse(values);
    if (!parsed.success) return invalid(parsed.error, intent, "");
    const result = await run(() => admin.add(actorOf(access), parsed.data), intent, "");
    return result.ok
      ? { ok: true as const, notice: m.synonymAdded(result.value.term, result.value.replacement) }
      : result.response;
  }
  if (intent === "remove") {
    const parsed = synonymRemoveForm.safeParse(values);
    if (!parsed.success) return invalid(parsed.error, intent, values.term ?? "");
    const result = await run(() => admin.remove(actorOf(access), parsed.data.term, parsed.data.reason), intent, parsed.data.term);
    return result.ok ? { ok: true as const, notice: m.synonymRemoved(parsed.data.term) } : result.response;
  }
  return failure(requestMessages.checkForm);
}

export const meta: Route.MetaFunction = () => [
  { title: "Search synonyms | Back office" },
  { name: "robots", content: "noindex, nofollow" },
];

type Answer =
  | { ok: true; notice: string }
  | { ok: false; error: string; intent?: string; target?: string; fieldErrors?: FieldErrors };

export default function SearchSynonyms({ loaderData }: Route.ComponentProps) {
  const { term, synonyms } = loaderData;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state !== "idle";
  const failed = answer && !answer.ok ? answer : undefined;
  const addErrors = failed?.intent === "add" ? (failed.fieldErrors ?? {}) : {};
  const headline = failed && Object.keys(failed.fieldErrors ?? {}).length === 0 ? failed.error : undefined;

  return (
    <>
      <PageTitle>Search synonyms</PageTitle>
      <FormError message={headline} />
      <FormNotice message={answer?.ok ? answer.notice : undefined} />

      <Panel title="Add a synonym">
        <p className="mb-3 text-sm text-gray-700">
          A search for the first text also finds what the second finds, in results and suggestions, at once. It applies to the
          whole search, and to each word of a longer one (“blue tshirt” also looks for “blue t-shirt”).
        </p>
        <Form
          method="post"
          className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
          key={answer?.ok ? answer.notice : "add"}
        >
          <input type="hidden" name="intent" value="add" />
          <TextField
            id="synonym-term"
            name="term"
            label="Search"
            defaultValue={term}
            error={addErrors.term}
            required
            maxLength={100}
          />
          <TextField
            id="synonym-replacement"
            name="replacement"
            label="Also finds"
            error={addErrors.replacement}
            required
            maxLength={100}
          />
          <button type="submit" className={`${adminButton} sm:mt-6`} disabled={busy}>
            Add synonym
          </button>
        </Form>
      </Panel>

      <Panel title="Synonyms">
        {synonyms.length === 0 ? (
          <p className="text-sm text-gray-700">No synonyms yet.</p>
        ) : (
          <TableScroller label="Synonyms">
            <table className={adminTable}>
              <thead>
                <tr>
                  <th className={adminTh}>Search</th>
                  <th className={adminTh}>Also finds</th>
                  <th className={adminTh}>Added</th>
                  <th className={adminTh}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {synonyms.map((synonym) => (
                  <tr key={synonym.term}>
                    <td className={adminTd}>{synonym.term}</td>
                    <td className={adminTd}>{synonym.replacement}</td>
                    <td className={adminTd}>
                      <time dateTime={synonym.at}>{synonym.when}</time>
                    </td>
                    <td className={adminTd}>
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="term" value={synonym.term} />
                        <button type="submit" className={adminDangerButton} disabled={busy}>
                          Remove<span className="sr-only"> the synonym of {synonym.term}</span>
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        )}
      </Panel>
    </>
  );
}
