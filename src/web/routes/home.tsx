import { Suspense } from "react";
import { Await } from "react-router";
import { categoriesContext, pageReadsContext, requestInfoContext, servicesContext } from "#app-context";
import type { Product } from "#domain/catalog/types.ts";
import { NEW_PRODUCTS_PER_PAGE } from "#shared/constants.ts";
import { imageUrl } from "#shared/images.ts";
import { BannerCarousel } from "../components/home/banner-carousel.tsx";
import { BannerList, BannerListSkeleton } from "../components/home/banner-list.tsx";
import { CategoryStrip } from "../components/home/category-strip.tsx";
import { hourlyPick, toBannerData } from "../components/home/home-data.server.ts";
import { POPULAR_PRODUCTS_COUNT } from "../components/home/home-data.ts";
import { Newsletter } from "../components/home/newsletter.tsx";
import { LoadFailed, PopularProducts } from "../components/home/popular-products.tsx";
import { ProductGrid, ProductGridSkeleton } from "../components/home/product-grid.tsx";
import { toProductCardData } from "../components/product/product-data.server.ts";
import { Link } from "../components/ui/link.tsx";
import { settledWhenAnonymous } from "../lib/deferred.server.ts";
import { seoMeta } from "../lib/seo.ts";
import type { Route } from "./+types/home.ts";

const ROW_PRODUCTS_COUNT = 10;

/**
 * Awaits only what the first screen shows (categories and the banner carousel); every other block streams in behind
 * a skeleton of its final size. Every product list follows the shopper's delivery location.
 */
// An anonymous home page may be kept by a CDN (docs/decisions/019-cacheable-pages.md).
export const handle = { publicCache: true };

export async function loader({ context }: Route.LoaderArgs) {
  const { catalog } = context.get(servicesContext);
  const location = context.get(requestInfoContext).location;
  // The same for every shopper: kept for the micro-cache's second, so signed-in shoppers share them (decision 040).
  const pageReads = context.get(pageReadsContext);
  const listBanners = (kind: "home" | "side" | "row" | "bottom") =>
    pageReads.read(`/?banners=${kind}`, () => catalog.listBanners(kind));
  const cards = ({ items }: { items: Product[] }) => items.map(toProductCardData);
  const [categories, homeBanners] = await Promise.all([context.get(categoriesContext)(), listBanners("home")]);
  const banners = (kind: "side" | "row" | "bottom") => listBanners(kind).then((rows) => toBannerData(rows, categories));
  // One category picked at random (spec §2), anew every hour rather than for every request, so that two visitors in
  // the same hour get the same page and a CDN can keep it (docs/decisions/019-cacheable-pages.md).
  const picked = categories[hourlyPick(Date.now(), categories.length)];
  const products = (filter: { catName?: string; catId?: string; featured?: boolean }, perPage: number) => {
    const wanted = { ...filter, location, page: 1, perPage };
    return pageReads.read(`/?products=${JSON.stringify(wanted)}`, () => catalog.listProducts(wanted)).then(cards);
  };
  const first = categories[0];

  return settledWhenAnonymous(context, {
    banners: toBannerData(homeBanners, categories),
    categories: categories.map(({ id, name, color, images }) => ({ id, name, color, image: images[0] ?? null })),
    popular: first ? products({ catName: first.name }, POPULAR_PRODUCTS_COUNT) : Promise.resolve([]),
    newProducts: products({}, NEW_PRODUCTS_PER_PAGE),
    featured: products({ featured: true }, ROW_PRODUCTS_COUNT),
    pickedCategory: picked ? { id: picked.id, name: picked.name } : null,
    pickedProducts: picked ? products({ catId: picked.id }, ROW_PRODUCTS_COUNT) : Promise.resolve([]),
    sideBanners: banners("side"),
    rowBanners: banners("row"),
    bottomBanners: banners("bottom"),
  });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const image = loaderData?.banners[0]?.image;
  return seoMeta(
    {
      title: "Fresh products, daily mega discounts",
      description:
        "Shop fashion, electronics, groceries and more at the best price on the market: daily mega discounts and free delivery on orders over $70.",
      path: "/",
      image: image ? imageUrl(image) : undefined,
    },
    matches,
  );
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-10 px-4 py-6">
      <h1 className="sr-only">Storefront: fresh products and daily mega discounts</h1>
      <BannerCarousel banners={data.banners} />
      <CategoryStrip categories={data.categories} />

      <div className="grid gap-8 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-10 lg:col-start-2">
          <PopularProducts categories={data.categories} first={data.popular} />
          <ProductSection id="new-products" title="NEW PRODUCTS" subtitle="New products with updated stocks.">
            <Deferred resolve={data.newProducts} count={NEW_PRODUCTS_PER_PAGE}>
              {(products) => <ProductGrid products={products} />}
            </Deferred>
          </ProductSection>
          <Suspense fallback={<BannerListSkeleton kind="row" count={3} />}>
            <Await resolve={data.rowBanners} errorElement={null}>
              {(banners) => <BannerList banners={banners} kind="row" label="More offers" />}
            </Await>
          </Suspense>
          <ProductSection id="featured-products" title="FEATURED PRODUCTS" subtitle="Picked for you this week.">
            <Deferred resolve={data.featured} count={ROW_PRODUCTS_COUNT}>
              {(products) => <ProductGrid products={products} />}
            </Deferred>
          </ProductSection>
        </div>
        <aside aria-label="Side offers" className="lg:sticky lg:top-36 lg:col-start-1 lg:row-start-1 lg:self-start">
          <Suspense fallback={<BannerListSkeleton kind="side" count={2} />}>
            <Await resolve={data.sideBanners} errorElement={null}>
              {(banners) => <BannerList banners={banners} kind="side" label="Side offers" />}
            </Await>
          </Suspense>
        </aside>
      </div>

      <Suspense fallback={<BannerListSkeleton kind="bottom" count={2} />}>
        <Await resolve={data.bottomBanners} errorElement={null}>
          {(banners) => <BannerList banners={banners} kind="bottom" label="Bottom offers" />}
        </Await>
      </Suspense>

      {data.pickedCategory ? (
        <ProductSection
          id="picked-category"
          title={data.pickedCategory.name}
          subtitle="A category picked for you."
          action={
            <Link
              to={`/products/category/${data.pickedCategory.id}`}
              aria-label={`View All ${data.pickedCategory.name}`}
              className="rounded-full border border-brand-dark px-4 py-1.5 text-sm font-semibold text-brand-dark hover:bg-brand-dark hover:text-white"
            >
              View All
            </Link>
          }
        >
          <Deferred resolve={data.pickedProducts} count={ROW_PRODUCTS_COUNT}>
            {(products) => <ProductGrid products={products} />}
          </Deferred>
        </ProductSection>
      ) : null}

      <Newsletter />
    </main>
  );
}

function ProductSection({
  id,
  title,
  subtitle,
  action,
  children,
}: {
  id: string;
  title: string;
  subtitle: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <div className="mb-4 flex items-end justify-between gap-4">
        <div>
          <h2 id={id} className="text-xl font-bold">
            {title}
          </h2>
          <p className="text-sm text-gray-600">{subtitle}</p>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

function Deferred<T>({
  resolve,
  count,
  children,
}: {
  resolve: Promise<T>;
  count: number;
  children: (value: T) => React.ReactNode;
}) {
  return (
    <Suspense fallback={<ProductGridSkeleton count={count} />}>
      <Await resolve={resolve} errorElement={<LoadFailed />}>
        {children}
      </Await>
    </Suspense>
  );
}
