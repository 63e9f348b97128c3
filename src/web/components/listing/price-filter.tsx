import { useId, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { PRICE_SLIDER } from "#shared/constants.ts";
import { formatRupees, rupeesToPaise } from "#shared/money.ts";
import { priceParamsFromSlider, sliderRange, withParams } from "./listing-url.ts";

// Two native range inputs on one track: the browser gives each thumb its slider role, value and keys (arrows, Page
// Up/Down, Home/End). The inputs ignore the pointer except on their thumbs, so both thumbs can be dragged.
const rangeClass =
  "pointer-events-none absolute inset-0 h-5 w-full appearance-none bg-transparent focus-visible:outline-none " +
  "[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-5 [&::-webkit-slider-thumb]:cursor-pointer [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-brand-dark [&::-webkit-slider-thumb]:bg-white [&::-webkit-slider-thumb]:shadow " +
  "focus-visible:[&::-webkit-slider-thumb]:outline-2 focus-visible:[&::-webkit-slider-thumb]:outline-offset-2 focus-visible:[&::-webkit-slider-thumb]:outline-brand-dark " +
  "[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-5 [&::-moz-range-thumb]:cursor-pointer [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-brand-dark [&::-moz-range-thumb]:bg-white";

/** Two-thumb price slider (min 100, max 60000, step 5); the filter applies when a thumb is released. */
export function PriceFilter({ minPrice, maxPrice }: { minPrice: number | undefined; maxPrice: number | undefined }) {
  const id = useId();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [range, setRangeState] = useState(() => sliderRange({ minPrice, maxPrice }));
  // The range as last moved and as last applied: a release or key-up applies it only when it changed.
  const latest = useRef(range);
  const applied = useRef(range);
  const setRange = (next: [number, number]) => {
    latest.current = next;
    setRangeState(next);
  };
  const commit = () => {
    if (latest.current[0] === applied.current[0] && latest.current[1] === applied.current[1]) return;
    applied.current = latest.current;
    navigate(withParams(search, priceParamsFromSlider(latest.current)), { preventScrollReset: true });
  };
  const { min, max, step } = PRICE_SLIDER;
  const percent = (value: number) => ((value - min) / (max - min)) * 100;

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="mb-3 font-semibold">
        Filter by price
      </h2>
      <div className="relative h-5">
        <div className="absolute inset-x-0 top-2 h-1 rounded-full bg-gray-200" />
        <div
          className="absolute top-2 h-1 rounded-full bg-brand-dark"
          style={{ left: `${percent(range[0])}%`, right: `${100 - percent(range[1])}%` }}
        />
        {(["Minimum price", "Maximum price"] as const).map((label, thumb) => (
          <input
            key={label}
            type="range"
            aria-label={label}
            aria-valuetext={formatRupees(rupeesToPaise(range[thumb] ?? min))}
            min={min}
            max={max}
            step={step}
            value={range[thumb]}
            onChange={(event) => {
              const value = Number(event.target.value);
              // The thumbs never cross: each stays a step away from the other.
              setRange(thumb === 0 ? [Math.min(value, range[1] - step), range[1]] : [range[0], Math.max(value, range[0] + step)]);
            }}
            onPointerUp={commit}
            onKeyUp={commit}
            className={rangeClass}
          />
        ))}
      </div>
      <p className="mt-2 flex justify-between text-sm text-gray-700">
        <span>From: {formatRupees(rupeesToPaise(range[0]))}</span>
        <span>To: {formatRupees(rupeesToPaise(range[1]))}</span>
      </p>
    </section>
  );
}
