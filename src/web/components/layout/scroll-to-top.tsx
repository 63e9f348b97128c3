import { SCROLL_TOP_AFTER_PX } from "#shared/constants.ts";
import { Icon } from "../ui/icon.tsx";
import { useScrolledPast } from "./use-scrolled-past.ts";

/** 'Back to top' button once the page is scrolled past 500 px (spec §9). */
export function ScrollToTop() {
  const visible = useScrolledPast(SCROLL_TOP_AFTER_PX);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Back to top"
      onClick={() => {
        const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: smooth ? "smooth" : "auto" });
        document.getElementById("main-content")?.focus({ preventScroll: true });
      }}
      className="fixed right-4 bottom-20 z-40 flex size-11 items-center justify-center rounded-full bg-brand-dark text-white shadow-lg hover:bg-brand lg:bottom-6"
    >
      <Icon name="arrow-up" size={20} />
    </button>
  );
}
