import { useRef, useState } from "react";
import { imageUrl } from "#shared/images.ts";
import { imageSrcSet } from "../../lib/images.ts";
import { Icon } from "../ui/icon.tsx";
import { useScroller } from "../ui/use-scroller.ts";
import { PRODUCT_IMAGE } from "./product-data.ts";

const THUMBS_PER_VIEW = 5;

/** Big picture with hover zoom and a thumbnail slider of five; a thumbnail click selects its picture (index from 0). */
export function ProductGallery({ name, images, discount }: { name: string; images: string[]; discount: number }) {
  const [selected, setSelected] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const zoomImage = useRef<HTMLImageElement>(null);
  const thumbs = useScroller<HTMLDivElement>({ step: "page", overflowing: images.length > THUMBS_PER_VIEW });
  const current = images[selected] ?? images[0];

  function followPointer(event: React.PointerEvent<HTMLDivElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    // Straight to the DOM: a re-render per pointer move is wasted work.
    if (zoomImage.current) zoomImage.current.style.transformOrigin = `${x}% ${y}%`;
  }

  return (
    <div className="flex flex-col gap-3">
      <div
        className="relative aspect-[3/4] overflow-hidden rounded-lg bg-gray-100"
        onPointerEnter={(event) => event.pointerType === "mouse" && setZoomed(true)}
        onPointerLeave={() => setZoomed(false)}
        onPointerMove={followPointer}
      >
        {current ? (
          <img
            ref={zoomImage}
            src={imageUrl(current)}
            srcSet={imageSrcSet(current, PRODUCT_IMAGE.width)}
            sizes="(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw"
            alt={images.length > 1 ? `${name}, picture ${selected + 1} of ${images.length}` : name}
            width={PRODUCT_IMAGE.width}
            height={PRODUCT_IMAGE.height}
            fetchPriority="high"
            className={`h-full w-full object-cover transition-[transform,opacity] duration-150 ease-out ${zoomed ? "scale-200" : "scale-100"}`}
          />
        ) : null}
        {discount > 0 ? (
          <span className="absolute top-3 left-3 rounded bg-brand-dark px-2 py-1 text-sm font-semibold text-white">
            {discount}%<span className="sr-only"> off</span>
          </span>
        ) : null}
      </div>
      {images.length > 1 ? (
        <div className="relative">
          <div
            ref={thumbs.ref}
            className="relative snap-x snap-proximity overflow-x-auto overflow-y-hidden overscroll-x-contain [scrollbar-width:none]"
          >
            <ul className="flex gap-2" aria-label="Pictures">
              {images.map((image, index) => (
                <li key={image} className="min-w-0 shrink-0 grow-0 basis-[calc((100%-2rem)/5)] snap-start">
                  <button
                    type="button"
                    onClick={() => setSelected(index)}
                    aria-label={`Show picture ${index + 1} of ${images.length}`}
                    aria-pressed={index === selected}
                    className={`block w-full overflow-hidden rounded border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark ${index === selected ? "border-brand-dark" : "border-transparent opacity-70 hover:opacity-100"}`}
                  >
                    <img
                      src={imageUrl(image)}
                      srcSet={imageSrcSet(image, PRODUCT_IMAGE.width)}
                      sizes="120px"
                      alt=""
                      width={120}
                      height={160}
                      loading="lazy"
                      className="aspect-[3/4] w-full object-cover"
                    />
                  </button>
                </li>
              ))}
            </ul>
          </div>
          {/* Only more than five pictures overflow the strip: the server knows, so the buttons never shift the page. */}
          {images.length > THUMBS_PER_VIEW ? (
            <>
              <button
                type="button"
                aria-label="Previous pictures"
                disabled={!thumbs.canPrevious}
                onClick={() => thumbs.scroll(-1)}
                className={`${thumbArrow} left-1`}
              >
                <Icon name="chevron-left" size={16} />
              </button>
              <button
                type="button"
                aria-label="Next pictures"
                disabled={!thumbs.canNext}
                onClick={() => thumbs.scroll(1)}
                className={`${thumbArrow} right-1`}
              >
                <Icon name="chevron-right" size={16} />
              </button>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

const thumbArrow =
  "absolute top-1/2 flex size-8 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-gray-900 shadow-md hover:bg-brand-dark hover:text-white focus-visible:outline-2 focus-visible:outline-brand-dark disabled:pointer-events-none disabled:opacity-0";
