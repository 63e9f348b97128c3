import { RATING_MAX, RATING_STEP } from "#shared/constants.ts";

export type StarFill = "full" | "half" | "empty";

/** A rating rounded to the nearest half star (spec §9: precision 0.5, max 5), kept within 0..5. */
export function roundToHalfStar(rating: number): number {
  if (!Number.isFinite(rating)) return 0;
  const rounded = Math.round(rating / RATING_STEP) * RATING_STEP;
  return Math.min(RATING_MAX, Math.max(0, rounded));
}

/** How each of the five stars is filled for a rating. */
export function starFills(rating: number): StarFill[] {
  const rounded = roundToHalfStar(rating);
  return Array.from({ length: RATING_MAX }, (_, index) => {
    if (rounded >= index + 1) return "full";
    if (rounded >= index + 0.5) return "half";
    return "empty";
  });
}

/** "Rated 4.5 out of 5": the accessible name of a read-only rating. */
export function ratingLabel(rating: number): string {
  return `Rated ${roundToHalfStar(rating)} out of ${RATING_MAX}`;
}
