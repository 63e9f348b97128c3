import { Form, useActionData } from "react-router";

export const REPORT_REVIEW_INTENT = "report-review";

/** What the product page's action answers to a report, naming the review it is about. */
export type ReportAnswer = { ok: true; report: string; message: string } | { ok: false; report: string; error: string };

/**
 * "Report this review" for a signed-in shopper: a disclosure holding a real form posted to the product page, so it
 * works before the script loads; then the answer in its place, and the page's next load shows it reported.
 */
export function ReviewReport({ productId, reviewId, done }: { productId: string; reviewId: string; done?: boolean }) {
  const posted = useActionData<ReportAnswer>();
  if (posted?.report === reviewId) {
    return (
      <p role={posted.ok ? "status" : "alert"} className="mt-2 font-semibold">
        {posted.ok ? posted.message : posted.error}
      </p>
    );
  }
  if (done) return <p className="mt-2 text-sm">You reported this review.</p>;
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer">Report this review</summary>
      <Form
        method="post"
        action={`/product/${productId}?tab=reviews`}
        preventScrollReset
        className="mt-2 flex flex-wrap items-end gap-2"
      >
        <input type="hidden" name="intent" value={REPORT_REVIEW_INTENT} />
        <input type="hidden" name="reviewId" value={reviewId} />
        <label className="flex flex-col">
          What is wrong with it? (optional)
          <input name="reason" maxLength={500} className="rounded border px-2 py-1" />
        </label>
        <button type="submit" className="rounded-full border px-4 py-1 font-semibold">
          Send report
        </button>
      </Form>
    </details>
  );
}
