import { data } from "react-router";
import type { CurrentUser } from "#app-context";
import type { ReviewsService } from "#domain/reviews/reviews-service.ts";
import { requestMessages, reviewMessages } from "#shared/messages.ts";
import { attempt, failure, readForm, text } from "../../lib/actions.server.ts";
import type { ReviewsData } from "./product-reviews.tsx";
import { ADD_REVIEW_INTENT, type ReviewFormAnswer } from "./review-form.tsx";

export const REVIEWS_SHOWN = 20;

export async function loadReviewsData(reviews: ReviewsService, productId: string): Promise<ReviewsData> {
  const [page, summary] = await Promise.all([
    reviews.listReviews({ productId, page: 1, perPage: REVIEWS_SHOWN }),
    reviews.ratingSummary(productId),
  ]);
  return {
    total: page.total,
    items: page.items.map(({ id, customerName, review, customerRating, createdAt, verifiedPurchase }) => ({
      id,
      customerName,
      review,
      customerRating,
      date: createdAt.toISOString().slice(0, 10),
      verifiedPurchase,
    })),
    stars: summary.stars,
  };
}

/** The author is the session's shopper, never a field of the form; the service checks everything else. */
export async function addReviewAction({
  request,
  reviews,
  user,
  productId,
}: {
  request: Request;
  reviews: ReviewsService;
  user: CurrentUser | null;
  productId: string;
}) {
  const form = await readForm(request);
  if (!form) return failure(requestMessages.formTooLarge, 413);
  if (text(form, "intent") !== ADD_REVIEW_INTENT) return failure(reviewMessages.unknownIntent, 400);
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
  const answer: ReviewFormAnswer = {
    ok: true,
    message: added.value.replaced ? reviewMessages.replaced : reviewMessages.added,
  };
  return data(answer);
}
