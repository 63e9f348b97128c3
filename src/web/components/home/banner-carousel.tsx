import useEmblaCarousel from "embla-carousel-react";
import { Pause, Play } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { BANNER_AUTOPLAY_MS } from "#shared/constants.ts";
import { CarouselArrows } from "./carousel-arrows.tsx";
import { BANNER_SIZES, type BannerData } from "./home-data.ts";

/**
 * Embla's `duration` is not milliseconds but the stiffness of its scroll animation (recommended 20–60); at 25 a slide
 * travels 90% of the way in about 430 ms and settles by ~600 ms: the spec's 500 ms speed (§9).
 */
const EMBLA_DURATION_FOR_500_MS = 25;

/**
 * The home banner carousel (spec §2): one slide per view, loops, advances every 3500 ms, arrows above 992 px.
 * Autoplay pauses while the pointer or keyboard focus is on it, while the tab is hidden, when the shopper prefers
 * reduced motion, and with the pause button (WCAG 2.2.2). Arrow keys move between slides.
 */
export function BannerCarousel({ banners }: { banners: BannerData[] }) {
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, duration: EMBLA_DURATION_FOR_500_MS });
  const [selected, setSelected] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on("select", onSelect);
    return () => {
      embla.off("select", onSelect);
    };
  }, [embla]);

  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) setStopped(true);
  }, []);

  const paused = hovered || focused || stopped;
  useEffect(() => {
    if (!embla || paused || banners.length < 2) return;
    const timer = setInterval(() => {
      if (!document.hidden) embla.scrollNext();
    }, BANNER_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [embla, paused, banners.length]);

  const onKeyDown = useCallback(
    (event: React.KeyboardEvent) => {
      if (event.key === "ArrowLeft") embla?.scrollPrev();
      else if (event.key === "ArrowRight") embla?.scrollNext();
      else return;
      event.preventDefault();
    },
    [embla],
  );

  if (banners.length === 0) {
    return (
      <section aria-label="Offers" className="overflow-hidden rounded-xl">
        <img
          src="/banner-placeholder.svg"
          alt="Fresh offers are on their way"
          width={BANNER_SIZES.home.width}
          height={BANNER_SIZES.home.height}
          className="aspect-[8/3] w-full object-cover"
        />
      </section>
    );
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Offers"
      className="relative"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div ref={viewportRef} className="overflow-hidden rounded-xl">
        <div className="flex touch-pan-y">
          {banners.map((banner, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern's slide is a group, not a fieldset
            <div
              key={banner.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${banners.length}`}
              className="min-w-0 shrink-0 grow-0 basis-full"
            >
              <Link to={banner.href} className="block aspect-[8/3] bg-gray-100">
                {banner.image ? (
                  <img
                    src={`/download/${banner.image}`}
                    alt={banner.label}
                    width={BANNER_SIZES.home.width}
                    height={BANNER_SIZES.home.height}
                    sizes="(min-width: 1280px) 1248px, 100vw"
                    loading={index === 0 ? "eager" : "lazy"}
                    fetchPriority={index === 0 ? "high" : "low"}
                    decoding={index === 0 ? "sync" : "async"}
                    className="h-full w-full object-cover"
                  />
                ) : (
                  <span className="flex h-full items-center justify-center text-xl font-bold">{banner.label}</span>
                )}
              </Link>
            </div>
          ))}
        </div>
      </div>
      {banners.length > 1 ? (
        <>
          <CarouselArrows label="offer" onPrevious={() => embla?.scrollPrev()} onNext={() => embla?.scrollNext()} />
          <div className="mt-2 flex items-center justify-center gap-2">
            <button
              type="button"
              onClick={() => setStopped((value) => !value)}
              aria-label={stopped ? "Play offers" : "Pause offers"}
              className="flex size-8 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100"
            >
              {stopped ? <Play size={16} aria-hidden="true" /> : <Pause size={16} aria-hidden="true" />}
            </button>
            {banners.map((banner, index) => (
              <button
                key={banner.id}
                type="button"
                aria-label={`Go to offer ${index + 1}`}
                aria-current={index === selected ? "true" : undefined}
                onClick={() => embla?.scrollTo(index)}
                className="flex size-6 items-center justify-center"
              >
                <span
                  aria-hidden="true"
                  className={`block h-2.5 rounded-full transition-all ${index === selected ? "w-6 bg-brand-dark" : "w-2.5 bg-gray-300"}`}
                />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
