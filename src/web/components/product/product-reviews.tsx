import { useId, useState } from "react";
import { DEFAULT_REVIEW_RATING } from "#shared/constants.ts";
import { showError } from "../ui/toast.ts";
import { RatingInput } from "./rating-input.tsx";
import { StarRating } from "./star-rating.tsx";
import { useSignedIn } from "./use-signed-in.ts";

export interface ReviewData {
  id: string;
  customerName: string;
  review: string;
  customerRating: number;
  /** Date part only, YYYY-MM-DD (formatted on the server so both renders agree). */
  date: string;
}

/** The Reviews tab: newest first, then the 'Add a review' form. */
export function ProductReviews({ reviews, total }: { reviews: ReviewData[]; total: number }) {
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="questions-heading">
        <h3 id="questions-heading" className="mb-4 text-lg font-semibold">
          Customer questions &amp; answers
        </h3>
        {reviews.length === 0 ? (
          <p className="text-gray-700">No reviews yet.</p>
        ) : (
          <ol className="flex flex-col gap-4">
            {reviews.map((review) => (
              <li key={review.id} className="rounded-lg border border-gray-200 p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold">{review.customerName}</p>
                  <time dateTime={review.date} className="text-sm text-gray-600">
                    {review.date}
                  </time>
                </div>
                <StarRating rating={review.customerRating} className="my-1" />
                <p className="text-gray-800">{review.review}</p>
              </li>
            ))}
          </ol>
        )}
        {total > reviews.length ? (
          <p className="mt-3 text-sm text-gray-700">
            Showing the {reviews.length} newest of {total} reviews.
          </p>
        ) : null}
      </section>
      <ReviewForm />
    </div>
  );
}

function ReviewForm() {
  const signedIn = useSignedIn();
  const id = useId();
  const [text, setText] = useState("");
  const [rating, setRating] = useState(DEFAULT_REVIEW_RATING);

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (text.trim() === "") {
      showError("Please add a Review");
      return;
    }
    if (!signedIn) {
      showError("Please Login first");
      return;
    }
    // TODO(reviews issue): post the review (an action with intent "add-review"), spinner on the button while sending,
    // then clear the form, put the rating back to 1 and reload the reviews (spec §4). Disabled below until then.
  }

  return (
    <form onSubmit={submit} className="flex max-w-2xl flex-col gap-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        Add a review
      </h3>
      {signedIn ? <p className="rounded bg-amber-50 p-3 text-sm text-amber-900">Posting reviews is coming soon.</p> : null}
      <label htmlFor={`${id}-text`} className="sr-only">
        Write a Review
      </label>
      <textarea
        id={`${id}-text`}
        name="review"
        placeholder="Write a Review"
        rows={4}
        value={text}
        onChange={(event) => setText(event.target.value)}
        disabled={signedIn}
        className="rounded border border-gray-300 p-3 focus-visible:outline-2 focus-visible:outline-brand-dark"
      />
      <div className="flex items-center gap-3">
        <span id={`${id}-rating`} className="text-sm font-medium">
          Your rating
        </span>
        <RatingInput value={rating} onChange={setRating} labelledBy={`${id}-rating`} disabled={signedIn} />
      </div>
      <button
        type="submit"
        disabled={signedIn}
        className="self-start rounded-full bg-brand-dark px-6 py-2 font-semibold text-white hover:bg-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark disabled:cursor-not-allowed disabled:bg-gray-400"
      >
        Submit Review
      </button>
    </form>
  );
}
