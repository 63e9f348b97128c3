import { z } from "zod";
import { DEFAULT_REVIEW_RATING, MAX_PER_PAGE, RATING_MAX, RATING_STEP, REVIEW_TEXT_MAX } from "#shared/constants.ts";
import { fieldMessages, reviewMessages } from "#shared/messages.ts";
import { idParam } from "./catalog.ts";

// A review as a shopper writes it (spec §3, §5): one schema for the form, the API and the service that stores it.

/** Control characters other than tab and newline never reach the database (PostgreSQL text cannot hold NUL). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to remove them.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Line breaks as one `\n` (the textarea's maxlength counts a posted `\r\n` as one), control characters removed, trimmed. */
export const reviewText = z.preprocess(
  (value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n").replace(CONTROL_CHARACTERS, "").trim() : value),
  z
    .string({ error: reviewMessages.blank })
    .min(1, { error: reviewMessages.blank })
    .max(REVIEW_TEXT_MAX, { error: reviewMessages.tooLong }),
);

const NUMERIC_TEXT = /^\s*\d+(\.\d+)?\s*$/;

export function isReviewRating(value: number): boolean {
  return Number.isFinite(value) && value >= RATING_STEP && value <= RATING_MAX && Number.isInteger(value / RATING_STEP);
}

/** A number or its text (forms, the original client's `customerRating`); absent is one star; `true` or `""` is refused. */
export const reviewRating = z.preprocess(
  (value) => {
    if (value === undefined) return DEFAULT_REVIEW_RATING;
    return typeof value === "string" && NUMERIC_TEXT.test(value) ? Number(value) : value;
  },
  z.number({ error: reviewMessages.rating }).refine(isReviewRating, { error: reviewMessages.rating }),
);

/** What a review consists of; the author is never part of it (the session says who writes). */
export const reviewInput = z.object({
  productId: idParam("productId"),
  review: reviewText,
  customerRating: reviewRating,
});

export type ReviewInput = z.output<typeof reviewInput>;

export const reviewForm = z.object({
  intent: z.literal("add-review", { error: reviewMessages.unknownIntent }),
  review: reviewText,
  customerRating: reviewRating,
});

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

const optionalWholeNumber = (name: string, max: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: fieldMessages.notWholeNumber(name) })
      .int({ error: fieldMessages.notWholeNumber(name) })
      .min(1, { error: fieldMessages.atLeast(name, 1) })
      .max(max, { error: fieldMessages.atMost(name, max) })
      .optional(),
  );

export const reviewListQuery = z.object({
  productId: z.preprocess(
    emptyToUndefined,
    z.custom<unknown>((value) => value !== undefined, { error: fieldMessages.required("productId") }).pipe(idParam("productId")),
  ),
  page: optionalWholeNumber("page", 100_000),
  perPage: optionalWholeNumber("perPage", MAX_PER_PAGE),
});
