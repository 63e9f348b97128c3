import { useId } from "react";
import { useSearchParams } from "react-router";
import { RATING_MAX } from "#shared/constants.ts";
import { StarRating } from "../product/star-rating.tsx";
import { Link } from "../ui/link.tsx";
import { withParams } from "./listing-url.ts";

const RATINGS = Array.from({ length: RATING_MAX }, (_, index) => RATING_MAX - index);

/** "At least" n stars, as links so it works before the page's script has loaded. */
export function RatingFilter({
  rating,
  counts,
}: {
  rating: number | undefined;
  counts?: { stars: number; count: number }[] | undefined;
}) {
  const id = useId();
  const [search] = useSearchParams();
  const linkClass =
    "flex items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-dark";
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="mb-2 font-semibold">
        Filter by rating
      </h2>
      <ul className="flex flex-col gap-1">
        {RATINGS.map((stars) => (
          <li key={stars}>
            <Link
              to={withParams(search, { rating: stars })}
              preventScrollReset
              aria-current={rating === stars ? "true" : undefined}
              aria-label={`${stars === RATING_MAX ? "5 stars" : `${stars} stars and up`}${counts ? `, ${countFor(counts, stars)} products` : ""}`}
              className={`${linkClass} ${rating === stars ? "bg-gray-100 font-semibold" : ""}`}
            >
              <span aria-hidden="true" className="flex items-center gap-2">
                <StarRating rating={stars} size={16} />
                {stars < RATING_MAX ? "& up" : null}
              </span>
              {counts ? <span className="text-gray-600">({countFor(counts, stars)})</span> : null}
            </Link>
          </li>
        ))}
        {rating !== undefined ? (
          <li>
            <Link to={withParams(search, { rating: null })} preventScrollReset className={`${linkClass} underline`}>
              Any rating
            </Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

const countFor = (counts: { stars: number; count: number }[], stars: number) =>
  counts.find((entry) => entry.stars === stars)?.count ?? 0;
