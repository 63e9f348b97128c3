import { Icon } from "../ui/icon.tsx";

const arrowClass =
  "absolute top-1/2 z-10 hidden size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-gray-900 shadow-md hover:bg-brand-dark hover:text-white disabled:opacity-40 lg:flex";

/** Previous/next buttons of a carousel, shown only on desktop widths (spec §2: arrows above 992 px). */
export function CarouselArrows({
  label,
  onPrevious,
  onNext,
  canPrevious = true,
  canNext = true,
}: {
  label: string;
  onPrevious: () => void;
  onNext: () => void;
  canPrevious?: boolean;
  canNext?: boolean;
}) {
  return (
    <>
      <button
        type="button"
        aria-label={`Previous ${label}`}
        onClick={onPrevious}
        disabled={!canPrevious}
        className={`${arrowClass} left-2`}
      >
        <Icon name="chevron-left" size={22} />
      </button>
      <button type="button" aria-label={`Next ${label}`} onClick={onNext} disabled={!canNext} className={`${arrowClass} right-2`}>
        <Icon name="chevron-right" size={22} />
      </button>
    </>
  );
}
