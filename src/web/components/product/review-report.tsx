import { useId } from "react";
import { useActionData, useFetcher } from "react-router";
import { reviewReportMessages } from "#shared/messages/back-office-reviews.ts";

export const REPORT_REVIEW_INTENT = "report-review";

/** What the product page's action answers to a report, naming the review it is about. */
export type ReportAnswer = { ok: true; report: string; message: string } | { ok: false; report: string; error: string };

const isReportAnswer = (answer: unknown): answer is ReportAnswer =>
  typeof answer === "object" && answer !== null && "report" in answer;

/**
 * "Report this review" for a signed-in shopper: a disclosure holding a real form posted to the product page (so it
 * works before the script loads), then a fetcher; the page's next load shows the review as reported.
 */
export function ReviewReport({ productId, reviewId, author }: { productId: string; reviewId: string; author: string }) {
  const id = useId();
  const fetcher = useFetcher<ReportAnswer>();
  const pageAnswer = useActionData();
  const answer = fetcher.data ?? (isReportAnswer(pageAnswer) && pageAnswer.report === reviewId ? pageAnswer : undefined);
  if (answer?.ok) {
    return (
      <p role="status" className="mt-2 text-sm text-green-800">
        {answer.message}
      </p>
    );
  }
  return (
    <details className="mt-2 text-sm" open={answer !== undefined}>
      <summary className="cursor-pointer text-gray-700 underline-offset-2 hover:underline">
        Report this review<span className="sr-only"> by {author}</span>
      </summary>
      <fetcher.Form method="post" action={`/product/${productId}?tab=reviews`} className="mt-2 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value={REPORT_REVIEW_INTENT} />
        <input type="hidden" name="reviewId" value={reviewId} />
        <label htmlFor={`${id}-reason`} className="flex flex-col gap-1">
          <span>What is wrong with it? (optional)</span>
          <input
            id={`${id}-reason`}
            name="reason"
            maxLength={500}
            className="rounded border border-gray-300 px-2 py-1 focus-visible:outline-2 focus-visible:outline-brand-dark"
          />
        </label>
        <button
          type="submit"
          className="rounded-full border border-gray-400 px-4 py-1 font-semibold text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-dark"
        >
          Send report
        </button>
      </fetcher.Form>
      {answer && !answer.ok ? (
        <p role="alert" className="mt-2 text-red-800">
          {answer.error}
        </p>
      ) : null}
    </details>
  );
}

/** Shown instead of the button once the shopper has reported the review. */
export function ReportedNote() {
  return <p className="mt-2 text-sm text-gray-600">You reported this review.</p>;
}

export const hiddenOwnNote = reviewReportMessages.hiddenOwn;
