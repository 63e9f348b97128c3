import { data } from "react-router";
import type { CurrentUser, PageReads } from "#app-context";
import type { Review, ReviewsService } from "#domain/reviews/reviews-service.ts";
import { reviewReportMessages } from "#shared/messages/back-office-reviews.ts";
import { requestMessages, reviewMessages } from "#shared/messages.ts";
import { reportReviewForm } from "#shared/schemas/back-office-reviews.ts";
import { attempt, failure, readForm, text } from "../../lib/actions.server.ts";
import type { ReviewData, ReviewsData } from "./product-reviews.tsx";
import { ADD_REVIEW_INTENT, type ReviewFormAnswer } from "./review-form.tsx";
import { REPORT_REVIEW_INTENT, type ReportAnswer } from "./review-report.tsx";

export const REVIEWS_SHOWN = 20;

const shown = ({ id, customerName, review, customerRating, createdAt, verifiedPurchase }: Review) => ({
  id,
  customerName,
  review,
  customerRating,
  date: createdAt.toISOString().slice(0, 10),
  verifiedPurchase,
});

/**
 * The visible reviews; for a signed-in shopper also which are theirs or reported by them, and their own hidden one.
 * The part every shopper sees the same goes through `pageReads` (the product page's kept reads, decision 040).
 */
export async function loadReviewsData(
  reviews: ReviewsService,
  productId: string,
  user: CurrentUser | null,
  pageReads: PageReads,
): Promise<ReviewsData> {
  const shared = pageReads.read(`/product/${productId}?reviews`, () =>
    Promise.all([reviews.listReviews({ productId, page: 1, perPage: REVIEWS_SHOWN }), reviews.ratingSummary(productId)]),
  );
  const [page, summary] = await shared;
  // The shopper's own part: one statement, once the shown reviews are known.
  const viewer = user
    ? await reviews.viewerOf(
        productId,
        user.id,
        page.items.map((review) => review.id),
      )
    : null;
  const items: ReviewData[] = page.items.map((review) => ({
    ...shown(review),
    ...(user && review.userId === user.id ? { mine: true } : {}),
    ...(viewer?.reported.has(review.id) ? { reportedByYou: true } : {}),
  }));
  return {
    total: page.total,
    items,
    stars: summary.stars,
    ...(viewer?.ownHidden ? { ownHidden: { ...shown(viewer.ownHidden), mine: true } } : {}),
  };
}

interface ActionArgs {
  form: FormData;
  reviews: ReviewsService;
  user: CurrentUser | null;
  productId: string;
}

/** The product page's forms: a review (`add-review`) or a report of one (`report-review`). */
export async function reviewsAction({ request, ...rest }: Omit<ActionArgs, "form"> & { request: Request }) {
  const form = await readForm(request);
  if (!form) return failure(requestMessages.formTooLarge, 413);
  const intent = text(form, "intent");
  if (intent === ADD_REVIEW_INTENT) return addReviewAction({ form, ...rest });
  if (intent === REPORT_REVIEW_INTENT) return reportReviewAction({ form, ...rest });
  return failure(reviewMessages.unknownIntent, 400);
}

/** The author is the session's shopper, never a field of the form; the service checks everything else. */
async function addReviewAction({ form, reviews, user, productId }: ActionArgs) {
  const added = await attempt(
    () =>
      reviews.addReview({
        userId: user?.id ?? null,
        productId,
        review: text(form, "review"),
        customerRating: form.has("customerRating") ? text(form, "customerRating") : undefined,
      }),
    (error) => ({ signIn: error.status === 401 }),
  );
  if (!added.ok) return added.response;
  const message = added.value.hidden
    ? reviewReportMessages.savedHidden
    : added.value.replaced
      ? reviewMessages.replaced
      : reviewMessages.added;
  const answer: ReviewFormAnswer = { ok: true, message };
  return data(answer);
}

/** "Report this review": the reporter is the session's shopper; the answer names the review it is about. */
async function reportReviewAction({ form, reviews, user }: ActionArgs) {
  const reviewId = text(form, "reviewId");
  const parsed = reportReviewForm.safeParse({ reason: text(form, "reason") });
  if (!parsed.success) {
    return failure(parsed.error.issues[0]?.message ?? requestMessages.checkForm, 400, { report: reviewId });
  }
  const done = await attempt(
    () => reviews.reportReview({ userId: user?.id ?? null, reviewId, reason: parsed.data.reason }),
    (error) => ({ report: reviewId, signIn: error.status === 401 }),
  );
  if (!done.ok) return done.response;
  const answer: ReportAnswer = { ok: true, report: reviewId, message: reviewReportMessages.reported };
  return data(answer);
}
