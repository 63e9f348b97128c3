import { RATING_MAX } from "#shared/constants.ts";
import { StarRating } from "./star-rating.tsx";

/** Reviews per whole star, 5 down to 1 (a half star counts with the star below it, 0.5 with 1). */
export type StarCounts = { stars: number; count: number }[];

/** A table whose every row says its star, share and count in text; the bars only repeat the share. */
export function RatingHistogram({ rating, total, stars }: { rating: number; total: number; stars: StarCounts }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-8">
      <div className="flex flex-col gap-1">
        <p className="text-3xl font-bold">
          {rating} <span className="text-base font-normal text-gray-700">out of {RATING_MAX}</span>
        </p>
        <StarRating rating={rating} size={20} />
        <p className="text-sm text-gray-700">
          {total} {total === 1 ? "review" : "reviews"}
        </p>
      </div>
      <table className="w-full max-w-md text-sm">
        <caption className="sr-only">How the reviews rate this product (half stars count with the star below)</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Rating</th>
            <th scope="col">Share of reviews</th>
            <th scope="col">Reviews</th>
          </tr>
        </thead>
        <tbody>
          {stars.map(({ stars: star, count }) => {
            const percent = total > 0 ? Math.round((count / total) * 100) : 0;
            return (
              <tr key={star}>
                <th scope="row" className="py-1 pr-3 text-left font-medium whitespace-nowrap">
                  {star} {star === 1 ? "star" : "stars"}
                </th>
                <td className="w-full py-1">
                  <span className="flex items-center gap-2">
                    <span aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-gray-200">
                      <span className="block h-full rounded-full bg-amber-400" style={{ width: `${percent}%` }} />
                    </span>
                    <span className="w-10 text-right text-gray-700">{percent}%</span>
                  </span>
                </td>
                <td className="py-1 pl-3 text-right tabular-nums">{count}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
