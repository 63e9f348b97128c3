import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { ProductCard } from "./product-card.tsx";
import type { ProductCardData } from "./product-data.ts";

type EmblaOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;

const LAYOUTS = {
  /** RELATED PRODUCTS: 5 per view wide, 350:1, 400:2, 600:3, 750:5; a plain scroller at 992 px and under (spec §2). */
  related: {
    options: { align: "start", slidesToScroll: 3, breakpoints: { "(max-width: 992px)": { active: false } } },
    viewport: "relative overflow-hidden max-[992px]:overflow-x-auto max-[992px]:pb-2",
    slide: "basis-[80%] min-[350px]:basis-full min-[400px]:basis-1/2 min-[600px]:basis-1/3 min-[750px]:basis-1/5",
    arrows: "max-[992px]:hidden",
  },
  /** The listing sidebar's featured products: one at a time. */
  single: {
    options: { align: "start", loop: true },
    viewport: "overflow-hidden",
    slide: "basis-full",
    arrows: "",
  },
} satisfies Record<string, { options: EmblaOptions; viewport: string; slide: string; arrows: string }>;

export function ProductCarousel({
  label,
  products,
  layout,
}: {
  label: string;
  products: ProductCardData[];
  layout: keyof typeof LAYOUTS;
}) {
  const { options, viewport, slide, arrows } = LAYOUTS[layout];
  const [viewportRef, api] = useEmblaCarousel(options);
  const [canScroll, setCanScroll] = useState({ prev: false, next: false });

  const update = useCallback(() => {
    if (api) setCanScroll({ prev: api.canScrollPrev(), next: api.canScrollNext() });
  }, [api]);
  useEffect(() => {
    if (!api) return;
    update();
    api.on("select", update).on("reInit", update);
    return () => {
      api.off("select", update).off("reInit", update);
    };
  }, [api, update]);

  const arrowClass =
    "flex size-8 items-center justify-center rounded-full border border-gray-300 bg-white hover:border-brand-dark focus-visible:outline-2 focus-visible:outline-brand-dark disabled:opacity-40";
  return (
    <div className="flex flex-col gap-2">
      <div className={`flex justify-end gap-2 ${arrows}`}>
        <button
          type="button"
          className={arrowClass}
          aria-label={`Previous ${label}`}
          disabled={!canScroll.prev}
          onClick={() => api?.scrollPrev()}
        >
          <ChevronLeft size={16} aria-hidden="true" />
        </button>
        <button
          type="button"
          className={arrowClass}
          aria-label={`Next ${label}`}
          disabled={!canScroll.next}
          onClick={() => api?.scrollNext()}
        >
          <ChevronRight size={16} aria-hidden="true" />
        </button>
      </div>
      <div className={viewport} ref={viewportRef}>
        <ul className="-ml-3 flex">
          {products.map((product) => (
            <li key={product.id} className={`min-w-0 shrink-0 grow-0 pl-3 ${slide}`}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
