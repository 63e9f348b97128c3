import { useCallback, useEffect, useRef, useState } from "react";
import { BANNER_AUTOPLAY_MS, BANNER_SPEED_MS } from "#shared/constants.ts";
import { imageUrl } from "#shared/images.ts";
import { imageSrcSet } from "../../lib/images.ts";
import { Icon } from "../ui/icon.tsx";
import { Link } from "../ui/link.tsx";
import { CarouselArrows } from "./carousel-arrows.tsx";
import { BANNER_SIZES, type BannerData } from "./home-data.ts";

/**
 * The home banner carousel (spec §2): a native scroll-snap strip, so a finger swipes it with no script. Autoplay pauses
 * on hover and focus, in a hidden tab, for reduced motion and with the pause button (WCAG 2.2.2).
 */
export function BannerCarousel({ banners }: { banners: BannerData[] }) {
  const stripRef = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const count = banners.length;

  // The selected slide follows the strip's scroll position, whoever moved it (finger, button, autoplay).
  useEffect(() => {
    const strip = stripRef.current;
    if (!strip) return;
    const onScroll = () => setSelected(Math.round(strip.scrollLeft / Math.max(1, strip.clientWidth)));
    strip.addEventListener("scroll", onScroll, { passive: true });
    return () => strip.removeEventListener("scroll", onScroll);
  }, []);

  const goTo = useCallback(
    (index: number) => {
      const strip = stripRef.current;
      if (!strip || count === 0) return;
      const target = ((index % count) + count) % count;
      scrollStrip(strip, target * strip.clientWidth);
    },
    [count],
  );

  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) setStopped(true);
  }, []);

  const paused = hovered || focused || stopped;
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => {
      if (!document.hidden) goTo(selected + 1);
    }, BANNER_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [paused, count, goTo, selected]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "ArrowLeft") goTo(selected - 1);
    else if (event.key === "ArrowRight") goTo(selected + 1);
    else return;
    event.preventDefault();
  };

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
      <div
        ref={stripRef}
        className="snap-x snap-mandatory overflow-x-auto overflow-y-hidden overscroll-x-contain rounded-xl [scrollbar-width:none]"
      >
        <div className="flex">
          {banners.map((banner, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern's slide is a group, not a fieldset
            <div
              key={banner.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${banners.length}`}
              className="min-w-0 shrink-0 grow-0 basis-full snap-start"
            >
              <Link to={banner.href} className="block aspect-[8/3] bg-gray-100">
                {banner.image ? (
                  <img
                    src={imageUrl(banner.image)}
                    srcSet={imageSrcSet(banner.image, BANNER_SIZES.home.width)}
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
          <CarouselArrows label="offer" onPrevious={() => goTo(selected - 1)} onNext={() => goTo(selected + 1)} />
          <div className="mt-2 flex items-center justify-center gap-2">
            <button
              type="button"
              onClick={() => setStopped((value) => !value)}
              aria-label={stopped ? "Play offers" : "Pause offers"}
              className="flex size-8 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100"
            >
              {stopped ? <Icon name="play" size={16} /> : <Icon name="pause" size={16} />}
            </button>
            {banners.map((banner, index) => (
              <button
                key={banner.id}
                type="button"
                aria-label={`Go to offer ${index + 1}`}
                aria-current={index === selected ? "true" : undefined}
                onClick={() => goTo(index)}
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

/**
 * In BANNER_SPEED_MS, as smooth scrolling has no set length. Snapping is off while it moves, or the browser would pull
 * each frame back to a slide.
 */
function scrollStrip(strip: HTMLElement, left: number) {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
    strip.scrollLeft = left;
    return;
  }
  const from = strip.scrollLeft;
  const started = performance.now();
  strip.style.scrollSnapType = "none";
  const step = (now: number) => {
    const progress = Math.min(1, (now - started) / BANNER_SPEED_MS);
    strip.scrollLeft = from + (left - from) * (1 - (1 - progress) ** 3);
    if (progress < 1) requestAnimationFrame(step);
    else strip.style.scrollSnapType = "";
  };
  requestAnimationFrame(step);
}
