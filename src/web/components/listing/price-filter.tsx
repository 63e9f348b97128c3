import * as Slider from "@radix-ui/react-slider";
import { useId, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { PRICE_SLIDER } from "#shared/constants.ts";
import { formatRupees, rupeesToPaise } from "#shared/money.ts";
import { priceParamsFromSlider, sliderRange, withParams } from "./listing-url.ts";

/** Two-thumb price slider (min 100, max 60000, step 5); the filter applies when a thumb is released. */
export function PriceFilter({ minPrice, maxPrice }: { minPrice: number | undefined; maxPrice: number | undefined }) {
  const id = useId();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [range, setRange] = useState(() => sliderRange({ minPrice, maxPrice }));
  const thumbClass =
    "block size-5 rounded-full border-2 border-brand-dark bg-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark";
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="mb-3 font-semibold">
        Filter by price
      </h2>
      <Slider.Root
        min={PRICE_SLIDER.min}
        max={PRICE_SLIDER.max}
        step={PRICE_SLIDER.step}
        minStepsBetweenThumbs={1}
        value={range}
        onValueChange={(value) => setRange([value[0] ?? PRICE_SLIDER.min, value[1] ?? PRICE_SLIDER.max])}
        onValueCommit={(value) => {
          const next = priceParamsFromSlider([value[0] ?? PRICE_SLIDER.min, value[1] ?? PRICE_SLIDER.max]);
          navigate(withParams(search, next), { preventScrollReset: true });
        }}
        className="relative flex h-5 touch-none items-center select-none"
      >
        <Slider.Track className="relative h-1 grow rounded-full bg-gray-200">
          <Slider.Range className="absolute h-full rounded-full bg-brand-dark" />
        </Slider.Track>
        <Slider.Thumb aria-label="Minimum price" aria-valuetext={formatRupees(rupeesToPaise(range[0]))} className={thumbClass} />
        <Slider.Thumb aria-label="Maximum price" aria-valuetext={formatRupees(rupeesToPaise(range[1]))} className={thumbClass} />
      </Slider.Root>
      <p className="mt-2 flex justify-between text-sm text-gray-700">
        <span>From: {formatRupees(rupeesToPaise(range[0]))}</span>
        <span>To: {formatRupees(rupeesToPaise(range[1]))}</span>
      </p>
    </section>
  );
}
