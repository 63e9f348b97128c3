import { Suspense, useId } from "react";
import { Await } from "react-router";
import { imageUrl } from "#shared/images.ts";
import { imageSrcSet } from "../../lib/images.ts";
import { ProductCarousel } from "../product/product-carousel.tsx";
import { Link } from "../ui/link.tsx";
import { PriceBands, StockFilter } from "./facet-filters.tsx";
import type { ListingData } from "./listing-data.ts";
import { PriceFilter } from "./price-filter.tsx";
import { RatingFilter } from "./rating-filter.tsx";
import { SubCategoryFilter } from "./sub-category-filter.tsx";

/** Search pages show counts beside the filters (`data.facets`) and price bands. */
export function FilterSidebar({
  data,
  hrefForSubCategory,
}: {
  data: ListingData;
  hrefForSubCategory: (value: string) => string;
}) {
  const { query } = data;
  const featuredHeading = useId();
  return (
    <div className="flex flex-col gap-8">
      {data.subCategoryGroups.length > 0 ? (
        <SubCategoryFilter groups={data.subCategoryGroups} selected={data.selectedSubCategory} hrefFor={hrefForSubCategory} />
      ) : null}
      {/* Keyed by the URL's range so the thumbs follow back/forward navigation. */}
      <StockFilter inStock={query.inStock} count={data.facets?.inStock} />
      <PriceFilter key={`${query.minPrice}-${query.maxPrice}`} minPrice={query.minPrice} maxPrice={query.maxPrice} />
      {data.facets ? <PriceBands bands={data.facets.priceBands} /> : null}
      <RatingFilter rating={query.rating} counts={data.facets?.ratings} />
      {data.featured ? (
        <Suspense fallback={null}>
          <Await resolve={data.featured} errorElement={null}>
            {(featured) =>
              featured.length > 0 ? (
                <section aria-labelledby={featuredHeading}>
                  <h2 id={featuredHeading} className="mb-2 font-semibold">
                    Featured products
                  </h2>
                  <ProductCarousel label="featured products" products={featured} layout="single" />
                </section>
              ) : null
            }
          </Await>
        </Suspense>
      ) : null}
      {data.banners ? (
        <Suspense fallback={null}>
          <Await resolve={data.banners} errorElement={null}>
            {(banners) =>
              banners.length > 0 ? (
                <ul className="flex flex-col gap-4">
                  {banners.map((banner) => (
                    <li key={banner.id}>
                      <Link to={banner.href} className="block overflow-hidden rounded-lg">
                        <img
                          src={imageUrl(banner.image)}
                          srcSet={imageSrcSet(banner.image, 600)}
                          sizes="256px"
                          alt={banner.alt}
                          width={600}
                          height={900}
                          loading="lazy"
                          className="h-auto w-full"
                        />
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null
            }
          </Await>
        </Suspense>
      ) : null}
    </div>
  );
}
