import useEmblaCarousel from "embla-carousel-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { CarouselArrows } from "./carousel-arrows.tsx";
import type { CategoryTile } from "./home-data.ts";

/**
 * Featured Categories (spec §2, §9): 3 tiles per view from 320 px, 5 from 500 px, 8 from 768 px, 10 px apart; steps
 * of 3 above 992 px, otherwise 1; no loop; arrows above 992 px. Tile widths are CSS, so the server-rendered strip
 * already has its final layout.
 */
export function CategoryStrip({ categories }: { categories: CategoryTile[] }) {
  const [viewportRef, embla] = useEmblaCarousel({
    loop: false,
    align: "start",
    containScroll: "trimSnaps",
    slidesToScroll: 1,
    breakpoints: { "(min-width: 992px)": { slidesToScroll: 3 } },
  });
  const [canPrevious, setCanPrevious] = useState(false);
  const [canNext, setCanNext] = useState(true);

  useEffect(() => {
    if (!embla) return;
    const update = () => {
      setCanPrevious(embla.canScrollPrev());
      setCanNext(embla.canScrollNext());
    };
    update();
    embla.on("select", update).on("reInit", update);
    return () => {
      embla.off("select", update).off("reInit", update);
    };
  }, [embla]);

  return (
    <section aria-labelledby="featured-categories" className="relative">
      <h2 id="featured-categories" className="mb-3 text-xl font-bold">
        Featured Categories
      </h2>
      <div ref={viewportRef} className="overflow-hidden">
        <ul className="-ml-2.5 flex touch-pan-y">
          {categories.map((category) => (
            <li key={category.id} className="min-w-0 shrink-0 grow-0 basis-1/3 pl-2.5 min-[500px]:basis-1/5 md:basis-1/8">
              <Link
                to={`/products/category/${category.id}`}
                style={{ backgroundColor: category.color }}
                className="flex h-full flex-col items-center gap-2 rounded-xl p-3 text-center text-sm font-semibold text-gray-900 transition hover:shadow-md"
              >
                {category.image ? (
                  <img
                    src={`/download/${category.image}`}
                    alt=""
                    width={200}
                    height={200}
                    loading="lazy"
                    decoding="async"
                    className="aspect-square w-full max-w-24 object-contain"
                  />
                ) : null}
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <CarouselArrows
        label="categories"
        onPrevious={() => embla?.scrollPrev()}
        onNext={() => embla?.scrollNext()}
        canPrevious={canPrevious}
        canNext={canNext}
      />
    </section>
  );
}
