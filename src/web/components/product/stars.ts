import { RATING_MAX, RATING_STEP } from "#shared/constants.ts";

/** A rating rounded to the nearest half star (spec §9: precision 0.5, max 5), kept within 0..5. */
export function roundToHalfStar(rating: number): number {
  if (!Number.isFinite(rating)) return 0;
  const rounded = Math.round(rating / RATING_STEP) * RATING_STEP;
  return Math.min(RATING_MAX, Math.max(0, rounded));
}

/** How much of the five stars' width is filled for a rating: 90 for four and a half stars. */
export function ratingFillPercent(rating: number): number {
  return (roundToHalfStar(rating) / RATING_MAX) * 100;
}

export function ratingLabel(rating: number): string {
  return `Rated ${roundToHalfStar(rating)} out of ${RATING_MAX}`;
}
