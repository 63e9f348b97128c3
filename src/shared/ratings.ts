import { RATING_MAX, RATING_STEP } from "./constants.ts";

/**
 * A product's rating from its reviews, the one rule for the catalogue (recomputed with every review) and the demo
 * seed: the average of the reviews' ratings rounded to the nearest half star (halves up), 0 when there is none.
 * `total` is the sum of the ratings; half steps add up exactly, so the rule gives the same answer wherever it runs.
 */
export function ratingFromReviews({ total, count }: { total: number; count: number }): number {
  if (count <= 0) return 0;
  const rounded = Math.round(total / count / RATING_STEP) * RATING_STEP;
  return Math.min(RATING_MAX, Math.max(RATING_STEP, rounded));
}
