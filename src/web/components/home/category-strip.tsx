import { imageUrl } from "#shared/images.ts";
import { Link } from "../ui/link.tsx";
import { useScroller } from "../ui/use-scroller.ts";
import { CarouselArrows } from "./carousel-arrows.tsx";
import type { CategoryTile } from "./home-data.ts";

/** Featured Categories (spec §2, §9): tile widths are CSS, so the server-rendered strip already has its final layout. */
export function CategoryStrip({ categories }: { categories: CategoryTile[] }) {
  const scroller = useScroller<HTMLDivElement>({ step: 3, overflowing: categories.length > 8 });

  return (
    <section aria-labelledby="featured-categories" className="relative">
      <h2 id="featured-categories" className="mb-3 text-xl font-bold">
        Featured Categories
      </h2>
      <div
        ref={scroller.ref}
        className="snap-x snap-mandatory overflow-x-auto overflow-y-hidden overscroll-x-contain [scrollbar-width:none]"
      >
        <ul className="-ml-2.5 flex">
          {categories.map((category) => (
            <li
              key={category.id}
              className="min-w-0 shrink-0 grow-0 basis-1/3 snap-start pl-2.5 min-[500px]:basis-1/5 md:basis-1/8"
            >
              <Link
                to={`/products/category/${category.id}`}
                style={{ backgroundColor: category.color }}
                className="flex h-full flex-col items-center gap-2 rounded-xl p-3 text-center text-sm font-semibold text-gray-900 transition hover:shadow-md"
              >
                {category.image ? (
                  <img
                    src={imageUrl(category.image)}
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
        onPrevious={() => scroller.scroll(-1)}
        onNext={() => scroller.scroll(1)}
        canPrevious={scroller.canPrevious}
        canNext={scroller.canNext}
      />
    </section>
  );
}
