import { Suspense, useEffect, useRef, useState } from "react";
import { PRODUCT_NAME_MAX } from "#shared/constants.ts";
import { imageUrl } from "#shared/images.ts";
import { truncate } from "#shared/text.ts";
import { imageSrcSet } from "../../lib/images.ts";
import { Icon } from "../ui/icon.tsx";
import { lazyOnOpen } from "../ui/lazy-on-open.ts";
import { Link } from "../ui/link.tsx";
import { Price } from "../ui/price.tsx";
import { PRODUCT_IMAGE, type ProductCardData } from "./product-data.ts";
import { StarRating } from "./star-rating.tsx";
import { useWishlistToggle, WishlistToggleForm } from "./wishlist-toggle.tsx";

/** Cards are at most a quarter of the window wide on desktop (four per row), half on phones (two per row). */
const CARD_IMAGE_SIZES = "(min-width: 992px) 25vw, 50vw";

// The quick view (dialog, gallery, pickers) is loaded when first opened, so pages of cards stay light.
const QuickView = lazyOnOpen(() => import("./quick-view.tsx"));

const SLIDESHOW_INTERVAL_MS = 1200;

export function ProductCard({ product, eager = false }: { product: ProductCardData; eager?: boolean }) {
  const [loaded, setLoaded] = useState(false);
  const [hoverIndex, setHoverIndex] = useState(0);
  const [quickViewOpen, setQuickViewOpen] = useState(false);
  const quickViewButton = useRef<HTMLButtonElement>(null);
  const slideshow = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const wishlist = useWishlistToggle(product.id);
  const href = `/product/${product.id}`;
  const [firstImage] = product.images;
  const inStock = product.countInStock >= 1;
  const hoverImage = hoverIndex > 0 ? product.images[hoverIndex] : undefined;

  useEffect(() => () => clearInterval(slideshow.current), []);

  function startSlideshow() {
    const count = product.images.length;
    if (count < 2) return;
    setHoverIndex(1);
    clearInterval(slideshow.current);
    slideshow.current = setInterval(() => setHoverIndex((index) => (index + 1) % count), SLIDESHOW_INTERVAL_MS);
  }

  function stopSlideshow() {
    clearInterval(slideshow.current);
    setHoverIndex(0);
  }

  return (
    <article
      className="group flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white"
      onPointerEnter={startSlideshow}
      onPointerLeave={stopSlideshow}
    >
      <div className="relative">
        <Link to={href} className="relative block aspect-[3/4] overflow-hidden bg-gray-100" prefetch="intent">
          {loaded || !firstImage ? null : (
            <span data-testid="card-skeleton" aria-hidden="true" className="absolute inset-0 animate-pulse bg-gray-200" />
          )}
          {firstImage ? (
            <img
              // A server-rendered image may finish before hydration, when onLoad has already fired.
              ref={(img) => {
                if (img?.complete && img.naturalWidth > 0) setLoaded(true);
              }}
              src={imageUrl(firstImage)}
              srcSet={imageSrcSet(firstImage, PRODUCT_IMAGE.width)}
              sizes={CARD_IMAGE_SIZES}
              alt={product.name}
              width={300}
              height={400}
              loading={eager ? "eager" : "lazy"}
              fetchPriority={eager ? "high" : "auto"}
              decoding="async"
              onLoad={() => setLoaded(true)}
              onError={() => setLoaded(true)}
              className="relative h-full w-full object-cover"
            />
          ) : (
            // A product without pictures (added in the back office) still names its link.
            <span className="absolute inset-0 flex items-center justify-center p-3 text-center text-sm text-gray-600">
              {product.name}
            </span>
          )}
          {hoverImage ? (
            <img
              src={imageUrl(hoverImage)}
              srcSet={imageSrcSet(hoverImage, PRODUCT_IMAGE.width)}
              sizes={CARD_IMAGE_SIZES}
              alt=""
              width={300}
              height={400}
              decoding="async"
              className="absolute inset-0 h-full w-full object-cover"
            />
          ) : null}
        </Link>
        {product.discount > 0 ? (
          <span className="pointer-events-none absolute top-2 left-2 rounded bg-brand-dark px-2 py-0.5 text-xs font-semibold text-white">
            {product.discount}%<span className="sr-only"> off</span>
          </span>
        ) : null}
        <div className="absolute top-2 right-2 flex flex-col gap-2">
          <CardAction ref={quickViewButton} label={`Quick view: ${product.name}`} onClick={() => setQuickViewOpen(true)}>
            <Icon name="eye" size={18} />
          </CardAction>
          <WishlistToggleForm toggle={wishlist} className="flex">
            <CardAction
              type="submit"
              label={wishlist.saved ? `Remove ${product.name} from My List` : `Add ${product.name} to My List`}
              className={wishlist.saved ? "text-brand-dark" : undefined}
            >
              <Icon name="heart" size={18} fill={wishlist.saved ? "currentColor" : "none"} />
            </CardAction>
          </WishlistToggleForm>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="text-xs text-gray-600">{product.brand}</p>
        <h3 className="text-sm font-medium" title={product.name}>
          <Link to={href} className="hover:text-brand-dark">
            {truncate(product.name, PRODUCT_NAME_MAX)}
          </Link>
        </h3>
        <p className={`text-xs font-semibold ${inStock ? "text-green-700" : "text-red-700"}`}>
          {inStock ? "In Stock" : "Out of Stock"}
        </p>
        <StarRating rating={product.rating} size={14} />
        <Price pricePaise={product.pricePaise} oldPricePaise={product.oldPricePaise} className="mt-auto" />
      </div>
      {quickViewOpen ? (
        <Suspense fallback={null}>
          <QuickView productId={product.id} open onOpenChange={setQuickViewOpen} returnFocusTo={quickViewButton} />
        </Suspense>
      ) : null}
    </article>
  );
}

function CardAction({
  label,
  onClick,
  type = "button",
  className = "text-gray-800",
  children,
  ref,
}: {
  label: string;
  onClick?: () => void;
  /** "submit" for the heart, whose form posts to My List. */
  type?: "button" | "submit";
  /** The icon's colour (the saved heart is the brand's). */
  className?: string;
  children: React.ReactNode;
  ref?: React.Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={ref}
      type={type}
      aria-label={label}
      title={label}
      onClick={onClick}
      className={`${className} flex size-9 items-center justify-center rounded-full bg-white/90 shadow hover:bg-brand hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark`}
    >
      {children}
    </button>
  );
}
