import { imageUrl } from "#shared/images.ts";
import { imageSrcSet } from "../../lib/images.ts";
import { Link } from "../ui/link.tsx";
import { BANNER_SIZES, type BannerData } from "./home-data.ts";

type Kind = "row" | "side" | "bottom";

const listClass: Record<Kind, string> = {
  side: "flex flex-col gap-4",
  row: "grid gap-4 sm:grid-cols-2 lg:grid-cols-3",
  bottom: "grid gap-4 lg:grid-cols-2",
};

/** How wide each kind's pictures are drawn, for picking from srcset (the columns above). */
const SIZES: Record<Kind, string> = {
  side: "(min-width: 992px) 20vw, 100vw",
  row: "(min-width: 992px) 33vw, (min-width: 640px) 50vw, 100vw",
  bottom: "(min-width: 992px) 50vw, 100vw",
};

/** Banners below the fold (side column, row, bottom row): lazy pictures in boxes of their final size. */
export function BannerList({ banners, kind, label }: { banners: BannerData[]; kind: Kind; label: string }) {
  if (banners.length === 0) return null;
  const size = BANNER_SIZES[kind];
  return (
    <ul aria-label={label} className={listClass[kind]}>
      {banners.map((banner) => (
        <li key={banner.id}>
          <Link
            to={banner.href}
            className="block overflow-hidden rounded-xl bg-gray-100 transition hover:opacity-90"
            style={{ aspectRatio: `${size.width} / ${size.height}` }}
          >
            {banner.image ? (
              <img
                src={imageUrl(banner.image)}
                srcSet={imageSrcSet(banner.image, size.width)}
                sizes={SIZES[kind]}
                alt={banner.label}
                width={size.width}
                height={size.height}
                loading="lazy"
                decoding="async"
                className="h-full w-full object-cover"
              />
            ) : (
              <span className="flex h-full items-center justify-center font-semibold">{banner.label}</span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function BannerListSkeleton({ kind, count }: { kind: Kind; count: number }) {
  const size = BANNER_SIZES[kind];
  return (
    <div aria-hidden="true" className={listClass[kind]}>
      {Array.from({ length: count }, (_, index) => `placeholder-${index}`).map((key) => (
        <div
          key={key}
          className="animate-pulse rounded-xl bg-gray-200"
          style={{ aspectRatio: `${size.width} / ${size.height}` }}
        />
      ))}
    </div>
  );
}
