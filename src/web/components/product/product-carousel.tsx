import { Icon } from "../ui/icon.tsx";
import { useScroller } from "../ui/use-scroller.ts";
import { ProductCard } from "./product-card.tsx";
import type { ProductCardData } from "./product-data.ts";

// Items are `gap-3` apart: n per view is a basis of (the full width less n - 1 gaps) / n.
const LAYOUTS = {
  /** RELATED PRODUCTS: 5 per view wide, 350:1, 400:2, 600:3, 750:5; a plain scroller at 992 px and under (spec §2). */
  related: {
    step: 3,
    loop: false,
    perView: 5,
    strip: "max-[992px]:pb-2 min-[992px]:snap-x min-[992px]:snap-mandatory min-[992px]:[scrollbar-width:none]",
    item: "basis-[calc(80%-0.15rem)] min-[350px]:basis-full min-[400px]:basis-[calc((100%-0.75rem)/2)] min-[600px]:basis-[calc((100%-1.5rem)/3)] min-[750px]:basis-[calc((100%-3rem)/5)]",
    arrows: "max-[992px]:hidden",
  },
  /** The listing sidebar's featured products: one at a time, round and round. */
  single: {
    step: 1,
    loop: true,
    perView: 1,
    strip: "snap-x snap-mandatory [scrollbar-width:none]",
    item: "basis-full",
    arrows: "",
  },
} satisfies Record<string, { step: number; loop: boolean; perView: number; strip: string; item: string; arrows: string }>;

export function ProductCarousel({
  label,
  products,
  layout,
}: {
  label: string;
  products: ProductCardData[];
  layout: keyof typeof LAYOUTS;
}) {
  const { step, loop, perView, strip, item, arrows } = LAYOUTS[layout];
  const scroller = useScroller<HTMLDivElement>({ step, loop, overflowing: products.length > perView });

  const arrowClass =
    "flex size-8 items-center justify-center rounded-full border border-gray-300 bg-white hover:border-brand-dark focus-visible:outline-2 focus-visible:outline-brand-dark disabled:opacity-40";
  return (
    <div className="flex flex-col gap-2">
      <div className={`flex justify-end gap-2 ${arrows}`}>
        <button
          type="button"
          className={arrowClass}
          aria-label={`Previous ${label}`}
          disabled={!scroller.canPrevious}
          onClick={() => scroller.scroll(-1)}
        >
          <Icon name="chevron-left" size={16} />
        </button>
        <button
          type="button"
          className={arrowClass}
          aria-label={`Next ${label}`}
          disabled={!scroller.canNext}
          onClick={() => scroller.scroll(1)}
        >
          <Icon name="chevron-right" size={16} />
        </button>
      </div>
      <div className={`relative overflow-x-auto overflow-y-hidden overscroll-x-contain ${strip}`} ref={scroller.ref}>
        <ul className="flex gap-3">
          {products.map((product) => (
            <li key={product.id} className={`min-w-0 shrink-0 grow-0 snap-start ${item}`}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
