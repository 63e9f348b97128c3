import { Link } from "react-router";
import { BANNER_SIZES, type BannerData } from "./home-data.ts";

type Kind = "row" | "side" | "bottom";

const listClass: Record<Kind, string> = {
  side: "flex flex-col gap-4",
  row: "grid gap-4 sm:grid-cols-2 lg:grid-cols-3",
  bottom: "grid gap-4 lg:grid-cols-2",
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
                src={`/download/${banner.image}`}
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
