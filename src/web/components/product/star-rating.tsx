import { Star } from "lucide-react";
import { ratingLabel, starFills } from "./stars.ts";

/** Read-only stars at half-star precision, announced as "Rated 4.5 out of 5". */
export function StarRating({ rating, size = 16, className = "" }: { rating: number; size?: number; className?: string }) {
  return (
    <span role="img" aria-label={ratingLabel(rating)} className={`inline-flex items-center gap-0.5 ${className}`}>
      {starFills(rating).map((fill, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: five fixed star positions
        <StarShape key={index} fill={fill} size={size} />
      ))}
    </span>
  );
}

export function StarShape({ fill, size }: { fill: "full" | "half" | "empty"; size: number }) {
  return (
    <span className="relative inline-block" style={{ width: size, height: size }} aria-hidden="true">
      <Star width={size} height={size} className="absolute inset-0 text-gray-300" fill="currentColor" strokeWidth={0} />
      {fill !== "empty" ? (
        <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: fill === "full" ? size : size / 2 }}>
          <Star width={size} height={size} className="text-amber-400" fill="currentColor" strokeWidth={0} />
        </span>
      ) : null}
    </span>
  );
}
