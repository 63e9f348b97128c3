import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Previous/next for a scroll-snap strip (`ref`, whose first child holds the items); `step` is a page or n items.
 * `overflowing` is the server's guess at the buttons' state until the real scroll position takes over.
 */
export function useScroller<T extends HTMLElement>({
  step,
  loop = false,
  overflowing,
}: {
  step: "page" | number;
  loop?: boolean;
  overflowing: boolean;
}) {
  const ref = useRef<T>(null);
  const [canPrevious, setCanPrevious] = useState(loop && overflowing);
  const [canNext, setCanNext] = useState(overflowing);

  useEffect(() => {
    const strip = ref.current;
    if (!strip) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const { atStart, atEnd } = edgesOf(strip);
      setCanPrevious(loop ? !(atStart && atEnd) : !atStart);
      setCanNext(loop ? !(atStart && atEnd) : !atEnd);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    update();
    strip.addEventListener("scroll", schedule, { passive: true });
    // The strip's width follows the window; the items' total width follows the list.
    const resized = new ResizeObserver(schedule);
    resized.observe(strip);
    if (strip.firstElementChild) resized.observe(strip.firstElementChild);
    return () => {
      cancelAnimationFrame(frame);
      strip.removeEventListener("scroll", schedule);
      resized.disconnect();
    };
  }, [loop]);

  const scroll = useCallback(
    (direction: -1 | 1) => {
      const strip = ref.current;
      if (!strip) return;
      const behavior = matchMedia("(prefers-reduced-motion: reduce)").matches ? "instant" : "smooth";
      const { atStart, atEnd } = edgesOf(strip);
      if (loop && direction === 1 && atEnd) strip.scrollTo({ left: 0, behavior });
      else if (loop && direction === -1 && atStart) strip.scrollTo({ left: strip.scrollWidth, behavior });
      else strip.scrollBy({ left: direction * distanceOf(strip, step), behavior });
    },
    [loop, step],
  );

  return { ref, canPrevious, canNext, scroll };
}

function edgesOf(strip: HTMLElement) {
  // A pixel of slack: scroll positions are fractional on zoomed and high-density screens.
  return {
    atStart: strip.scrollLeft <= 1,
    atEnd: strip.scrollLeft >= strip.scrollWidth - strip.clientWidth - 1,
  };
}

function distanceOf(strip: HTMLElement, step: "page" | number) {
  const [first, second] = strip.firstElementChild?.children ?? [];
  if (step === "page" || !first || !second) return strip.clientWidth;
  // One item's pitch (its width plus the gap), so the snap lands on the item `step` places on.
  return (second.getBoundingClientRect().left - first.getBoundingClientRect().left) * step;
}
