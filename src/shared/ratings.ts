import { RATING_MAX, RATING_STEP } from "./constants.ts";

/** The one rating rule (catalogue and seed): the average rounded to the nearest half star, halves up; 0 without reviews. */
export function ratingFromReviews({ total, count }: { total: number; count: number }): number {
  if (count <= 0) return 0;
  const rounded = Math.round(total / count / RATING_STEP) * RATING_STEP;
  return Math.min(RATING_MAX, Math.max(RATING_STEP, rounded));
}
