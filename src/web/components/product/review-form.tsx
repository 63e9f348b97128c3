import { type FormEvent, useEffect, useId, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { DEFAULT_REVIEW_RATING, REVIEW_TEXT_MAX } from "#shared/constants.ts";
import { reviewMessages, sessionMessages } from "#shared/messages/shop.ts";
import { FormError, FormNotice } from "../account/form-message.tsx";
import { Icon } from "../ui/icon.tsx";
import { Link } from "../ui/link.tsx";
import { showError, showSuccess } from "../ui/toast.ts";
import { RatingInput } from "./rating-input.tsx";
import { useSignedIn } from "./use-signed-in.ts";

/** What the product page's action answers to the review form. */
export type ReviewFormAnswer = { ok: true; message: string } | { ok: false; error: string; signIn?: boolean };

export const ADD_REVIEW_INTENT = "add-review";

/**
 * 'Add a review' (spec §2, §4, §5): a real form posted to the product page, so it works before the script loads. Then a
 * fetcher posts it, clears the form and reloads the reviews; the browser checks text, then the shopper, first.
 */
export function ReviewForm({ productId }: { productId: string }) {
  const signedIn = useSignedIn();
  const id = useId();
  const fetcher = useFetcher<ReviewFormAnswer>();
  // Only a form posted without JavaScript answers through the page; the fetcher's answer is a toast.
  const posted = useActionData<ReviewFormAnswer | { report: string }>();
  const pageAnswer = posted && !("report" in posted) ? posted : undefined;
  const [text, setText] = useState("");
  const [rating, setRating] = useState(DEFAULT_REVIEW_RATING);
  const sending = fetcher.state !== "idle";

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    if (answer.ok) {
      setText("");
      setRating(DEFAULT_REVIEW_RATING);
      showSuccess(answer.message);
    } else {
      showError(answer.error);
    }
  }, [fetcher.data]);

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    // The button stays enabled while sending (disabling it would drop the keyboard focus): a second press waits.
    if (sending) {
      event.preventDefault();
      return;
    }
    if (text.trim() === "") {
      event.preventDefault();
      showError(reviewMessages.blank);
      return;
    }
    if (!signedIn) {
      event.preventDefault();
      showError(sessionMessages.reviewLoginFirst);
    }
  }

  const backHere = `/product/${productId}?tab=reviews`;
  return (
    <fetcher.Form
      method="post"
      action={backHere}
      onSubmit={checkBeforeSending}
      className="flex max-w-2xl flex-col gap-3"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        Add a review
      </h3>
      {pageAnswer?.ok ? <FormNotice message={pageAnswer.message} /> : null}
      {pageAnswer && !pageAnswer.ok ? (
        <div>
          <FormError message={pageAnswer.error} />
          {pageAnswer.signIn ? (
            <Link
              to={`/signIn?redirectTo=${encodeURIComponent(backHere)}`}
              className="text-sm font-semibold text-brand-dark underline"
            >
              Sign in to write a review
            </Link>
          ) : null}
        </div>
      ) : null}
      <input type="hidden" name="intent" value={ADD_REVIEW_INTENT} />
      <label htmlFor={`${id}-text`} className="sr-only">
        Write a Review
      </label>
      <textarea
        id={`${id}-text`}
        name="review"
        placeholder="Write a Review"
        rows={4}
        maxLength={REVIEW_TEXT_MAX}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="rounded border border-gray-300 p-3 focus-visible:outline-2 focus-visible:outline-brand-dark"
      />
      <div className="flex items-center gap-3">
        <span id={`${id}-rating`} className="text-sm font-medium">
          Your rating
        </span>
        <RatingInput name="customerRating" value={rating} onChange={setRating} labelledBy={`${id}-rating`} />
      </div>
      <button
        type="submit"
        aria-describedby={sending ? `${id}-sending` : undefined}
        className="inline-flex items-center gap-2 self-start rounded-full bg-brand-dark px-6 py-2 font-semibold text-white hover:bg-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark"
      >
        {sending ? <Icon name="loader-circle" size={18} className="animate-spin" /> : null}
        Submit Review
      </button>
      <p id={`${id}-sending`} role="status" className="sr-only">
        {sending ? "Sending your review…" : ""}
      </p>
    </fetcher.Form>
  );
}
