import { Form, Link, useActionData, useNavigation } from "react-router";
import { servicesContext } from "#app-context";
import { formatDateTime } from "#shared/dates.ts";
import { reviewModerationMessages as m } from "#shared/messages/back-office-reviews.ts";
import { requestMessages } from "#shared/messages/shop.ts";
import {
  hideReviewForm,
  REVIEW_QUEUE_PAGE,
  type ReviewQueueQuery,
  reviewQueueQuery,
  unhideReviewForm,
} from "#shared/schemas/back-office-reviews.ts";
import { FormError, FormNotice } from "../../components/account/form-message.tsx";
import { invalid, postedForm, run } from "../../components/admin/catalog/action-helpers.server.ts";
import type { FieldErrors } from "../../components/admin/catalog/fields.tsx";
import {
  adminButton,
  adminDangerButton,
  adminInput,
  adminTable,
  adminTd,
  adminTh,
  Pager,
  PageTitle,
  Panel,
  TableScroller,
} from "../../components/admin/ui.tsx";
import { attempt, failure } from "../../lib/actions.server.ts";
import { actorOf, requireStaff } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/reviews.ts";

/** The review queue: newest, lowest rated, most reported; hide (with a reason) and unhide (issue 34, item 4). */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const services = args.context.get(servicesContext);
  const parsed = reviewQueueQuery.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
  const query: ReviewQueueQuery = parsed.success ? parsed.data : { sort: "newest", status: "all" };
  const page = await attempt(() => services.reviewModeration.list({ ...query, perPage: REVIEW_QUEUE_PAGE }));
  const rows = page.ok
    ? page.value.items.map((row) => ({
        id: row.id,
        productId: row.productId,
        productName: row.productName,
        author: row.customerName,
        demo: row.userId === null,
        rating: row.customerRating,
        review: row.review,
        date: formatDateTime(row.createdAt),
        reportCount: row.reportCount,
        reportReasons: row.reportReasons,
        hidden: row.hiddenAt !== null,
        hiddenReason: row.hiddenReason,
      }))
    : [];
  const error = !parsed.success ? m.cursorInvalid : page.ok ? null : page.response.data.error;
  const link = (cursor: "after" | "before", id: string | null | undefined) =>
    id ? queueHref({ sort: query.sort, status: query.status, [cursor]: id }) : null;
  return {
    query,
    rows,
    error,
    next: page.ok ? link("after", page.value.next) : null,
    // A cursor that no longer exists (or a failed read) still leaves the way back to the first page.
    previous: page.ok
      ? link("before", page.value.previous)
      : query.after || query.before
        ? queueHref({ sort: query.sort, status: query.status })
        : null,
  };
}

function queueHref({ sort, status, after, before }: Partial<ReviewQueueQuery>): string {
  const params = new URLSearchParams();
  if (sort && sort !== "newest") params.set("sort", sort);
  if (status && status !== "all") params.set("status", status);
  if (after) params.set("after", after);
  else if (before) params.set("before", before);
  const search = params.toString();
  return search ? `/admin/reviews?${search}` : "/admin/reviews";
}

export async function action(args: Route.ActionArgs) {
  const posted = await postedForm(args.request);
  if (!posted.ok) return posted.response;
  const { values, intent, target } = posted;
  const actor = actorOf(await requireStaff(args));
  const moderation = args.context.get(servicesContext).reviewModeration;
  if (intent === "hide") {
    const parsed = hideReviewForm.safeParse(values);
    if (!parsed.success) return invalid(parsed.error, intent, target);
    const result = await run(() => moderation.hide(actor, target, parsed.data.reason), intent, target);
    return result.ok ? { ok: true as const, notice: m.hidden } : result.response;
  }
  if (intent === "unhide") {
    const parsed = unhideReviewForm.safeParse(values);
    if (!parsed.success) return invalid(parsed.error, intent, target);
    const result = await run(() => moderation.unhide(actor, target, parsed.data.reason), intent, target);
    return result.ok ? { ok: true as const, notice: m.unhidden } : result.response;
  }
  return failure(requestMessages.checkForm);
}

export const meta: Route.MetaFunction = () => [
  { title: "Reviews | Back office" },
  { name: "robots", content: "noindex, nofollow" },
];

type Answer =
  | { ok: true; notice: string }
  | { ok: false; error: string; intent?: string; target?: string; fieldErrors?: FieldErrors };

const SORTS = [
  { value: "newest", label: "Newest" },
  { value: "lowest", label: "Lowest rated" },
  { value: "reported", label: "Reported" },
] as const;
const STATUSES = [
  { value: "all", label: "All" },
  { value: "visible", label: "Visible" },
  { value: "hidden", label: "Hidden" },
] as const;

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { query, rows, error, next, previous } = loaderData;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state !== "idle";
  const failed = answer && !answer.ok ? answer : undefined;
  const errorFor = (id: string) => (failed?.target === id ? (failed.fieldErrors?.reason ?? failed.error) : undefined);
  const headline = failed && !failed.target ? failed.error : undefined;

  return (
    <>
      <PageTitle>Reviews</PageTitle>
      <FormError message={error ?? headline} />
      <FormNotice message={answer?.ok ? answer.notice : undefined} />
      <Panel>
        <div className="flex flex-wrap gap-6">
          <Choices
            label="Order"
            current={query.sort}
            items={SORTS}
            href={(sort) => queueHref({ ...query, sort, after: undefined })}
          />
          <Choices
            label="Show"
            current={query.status}
            items={STATUSES}
            href={(status) => queueHref({ ...query, status, after: undefined })}
          />
        </div>
      </Panel>
      <Panel>
        <TableScroller label="Reviews">
          <table className={adminTable}>
            <thead>
              <tr>
                <th className={adminTh}>Product</th>
                <th className={adminTh}>Author</th>
                <th className={adminTh}>Rating</th>
                <th className={adminTh}>Review</th>
                <th className={adminTh}>Date</th>
                <th className={adminTh}>Reports</th>
                <th className={adminTh}>Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && (
                <tr>
                  <td className={adminTd} colSpan={7}>
                    No reviews here.
                  </td>
                </tr>
              )}
              {rows.map((row) => (
                <tr key={row.id} className={row.hidden ? "bg-gray-50" : undefined}>
                  <td className={adminTd}>
                    <Link to={`/product/${row.productId}?tab=reviews`} className="font-medium text-brand-dark underline">
                      {row.productName}
                    </Link>
                  </td>
                  <td className={adminTd}>
                    {row.author}
                    {row.demo && <span className="block text-xs text-gray-600">demo, no account</span>}
                  </td>
                  <td className={`${adminTd} whitespace-nowrap`}>{row.rating} / 5</td>
                  <td className={`${adminTd} max-w-md whitespace-pre-line [overflow-wrap:anywhere]`}>{row.review}</td>
                  <td className={`${adminTd} whitespace-nowrap`}>{row.date}</td>
                  <td className={adminTd}>
                    {row.reportCount}
                    {row.reportReasons.length > 0 && (
                      <ul className="mt-1 list-disc pl-4 text-xs text-gray-700">
                        {row.reportReasons.map((reason, index) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: two shoppers may give the same reason.
                          <li key={index}>{reason}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className={`${adminTd} min-w-56`}>
                    <ModerationForm row={row} busy={busy} error={errorFor(row.id)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
        <Pager previous={previous} next={next} />
      </Panel>
    </>
  );
}

function Choices<T extends string>({
  label,
  current,
  items,
  href,
}: {
  label: string;
  current: T;
  items: readonly { value: T; label: string }[];
  href: (value: T) => string;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-semibold text-gray-700">{label}:</span>
      {items.map((item) => (
        <Link
          key={item.value}
          to={href(item.value)}
          aria-current={item.value === current ? "page" : undefined}
          className={`rounded px-3 py-1.5 ${item.value === current ? "bg-brand-dark font-semibold text-white" : "border border-gray-300 bg-white text-gray-800 hover:bg-gray-50"}`}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

function ModerationForm({ row, busy, error }: { row: Row; busy: boolean; error: string | undefined }) {
  const inputId = `reason-${row.id}`;
  const errorId = `${inputId}-error`;
  return (
    <Form method="post" className="flex flex-col gap-1">
      <p className="text-xs font-semibold">
        {row.hidden ? (
          <>
            <span className="rounded bg-gray-200 px-1.5 py-0.5 text-gray-800">Hidden</span>
            {row.hiddenReason && <span className="ml-1 font-normal text-gray-700">{row.hiddenReason}</span>}
          </>
        ) : (
          <span className="text-green-800">Visible</span>
        )}
      </p>
      <input type="hidden" name="intent" value={row.hidden ? "unhide" : "hide"} />
      <input type="hidden" name="id" value={row.id} />
      <label htmlFor={inputId} className="text-xs text-gray-700">
        {row.hidden ? "Reason (optional)" : "Reason (required)"}
      </label>
      <input
        id={inputId}
        name="reason"
        maxLength={500}
        required={!row.hidden}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={adminInput}
      />
      {error && (
        <p id={errorId} className="text-xs text-red-800">
          {error}
        </p>
      )}
      <button type="submit" className={row.hidden ? adminButton : adminDangerButton} disabled={busy}>
        {row.hidden ? "Unhide" : "Hide"}
        <span className="sr-only"> the review by {row.author}</span>
      </button>
    </Form>
  );
}
