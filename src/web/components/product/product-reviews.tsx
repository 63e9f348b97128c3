import { hiddenOwnReviewMessage } from "#shared/messages/back-office-reviews.ts";
import { Icon } from "../ui/icon.tsx";
import { RatingHistogram, type StarCounts } from "./rating-histogram.tsx";
import { ReviewForm } from "./review-form.tsx";
import { ReviewReport } from "./review-report.tsx";
import { StarRating } from "./star-rating.tsx";
import { useSignedIn } from "./use-signed-in.ts";

export interface ReviewData {
  id: string;
  customerName: string;
  /** Plain text, rendered as text (React escapes it), never as markup. */
  review: string;
  customerRating: number;
  /** Date part only, YYYY-MM-DD (formatted on the server so both renders agree). */
  date: string;
  verifiedPurchase: boolean;
  /** The signed-in shopper wrote it (no report button on one's own review). */
  mine?: boolean;
  /** The signed-in shopper has reported it already. */
  reportedByYou?: boolean;
}

export interface ReviewsData {
  total: number;
  items: ReviewData[];
  stars: StarCounts;
  /** The signed-in author's own review the shop hid: shown to them alone, never in counts or JSON-LD (decision 037). */
  ownHidden?: ReviewData;
}

/** The Reviews tab: the rating and its histogram, the reviews newest first, then the 'Add a review' form. */
export function ProductReviews({ productId, rating, reviews }: { productId: string; rating: number; reviews: ReviewsData }) {
  const { items, total } = reviews;
  const signedIn = useSignedIn();
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="questions-heading">
        <h3 id="questions-heading" className="mb-4 text-lg font-semibold">
          Customer questions &amp; answers
        </h3>
        {total > 0 ? (
          <div className="mb-6">
            <RatingHistogram rating={rating} total={total} stars={reviews.stars} />
          </div>
        ) : null}
        {reviews.ownHidden ? (
          <div className="mb-4 rounded-lg border border-dashed p-4">
            <p className="text-sm font-semibold">{hiddenOwnReviewMessage}</p>
            <ReviewBody review={reviews.ownHidden} />
          </div>
        ) : null}
        {items.length === 0 ? (
          <p className="text-gray-700">No reviews yet.</p>
        ) : (
          <ol className="flex flex-col gap-4">
            {items.map((review) => (
              <li key={review.id} className="rounded-lg border border-gray-200 p-4">
                <ReviewBody review={review} />
                {signedIn && !review.mine ? (
                  <ReviewReport productId={productId} reviewId={review.id} done={review.reportedByYou} />
                ) : null}
              </li>
            ))}
          </ol>
        )}
        {total > items.length ? (
          <p className="mt-3 text-sm text-gray-700">
            Showing the {items.length} newest of {total} reviews.
          </p>
        ) : null}
      </section>
      <ReviewForm productId={productId} />
    </div>
  );
}

function ReviewBody({ review }: { review: ReviewData }) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">{review.customerName}</p>
        <time dateTime={review.date} className="text-sm text-gray-600">
          {review.date}
        </time>
      </div>
      <div className="my-1 flex flex-wrap items-center gap-3">
        <StarRating rating={review.customerRating} />
        {review.verifiedPurchase ? (
          <span className="inline-flex items-center gap-1 text-xs font-semibold text-green-800">
            <Icon name="badge-check" size={14} /> Verified purchase
          </span>
        ) : null}
      </div>
      <p className="whitespace-pre-line text-gray-800 [overflow-wrap:anywhere]">{review.review}</p>
    </>
  );
}
