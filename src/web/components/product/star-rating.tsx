import { ratingFillPercent, ratingLabel } from "./stars.ts";

/** Read-only stars at half-star precision, announced as "Rated 4.5 out of 5". Drawn by CSS (.star-rating, app.css). */
export function StarRating({ rating, size = 16, className = "" }: { rating: number; size?: number; className?: string }) {
  const style = { "--star-size": `${size}px`, "--rating-fill": `${ratingFillPercent(rating)}%` } as React.CSSProperties;
  return <span role="img" aria-label={ratingLabel(rating)} style={style} className={`star-rating ${className}`} />;
}
