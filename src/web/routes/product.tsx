import { Suspense, useState } from "react";
import { Await, isRouteErrorResponse, useActionData, useSearchParams } from "react-router";
import { currentUserContext, pageReadsContext, requestInfoContext, servicesContext } from "#app-context";
import { RELATED_PRODUCTS_COUNT } from "#shared/constants.ts";
import { pageMessages } from "#shared/messages/shop.ts";
import { idParam } from "#shared/schemas/catalog.ts";
import { ProductCarousel } from "../components/product/product-carousel.tsx";
import { toProductCardData, toProductDetailData } from "../components/product/product-data.server.ts";
import type { ProductPageData } from "../components/product/product-data.ts";
import { ProductGallery } from "../components/product/product-gallery.tsx";
import { productBreadcrumbs, productMeta } from "../components/product/product-meta.ts";
import { ProductPurchase } from "../components/product/product-purchase.tsx";
import { ProductSummary } from "../components/product/product-summary.tsx";
import { type ProductTab, ProductTabs, productTabFrom } from "../components/product/product-tabs.tsx";
import { loadReviewsData, reviewsAction } from "../components/product/reviews-data.server.ts";
import { Link } from "../components/ui/link.tsx";
import { withRetryAfter } from "../lib/actions.server.ts";
import { settledWhenAnonymous } from "../lib/deferred.server.ts";
import { notFoundResponse, orNotFound } from "../lib/not-found.server.ts";
import { publicUrlFrom } from "../lib/seo.ts";
import type { Route } from "./+types/product.ts";

/**
 * `/product/:id`. `?quick` is the quick view's request (useFetcher): the product alone, without reviews or related
 * products. `?tab=reviews` opens the Reviews tab (the review form posts back to it).
 */
// An anonymous product page may be kept by a CDN (docs/decisions/019-cacheable-pages.md).
export const handle = { publicCache: true };

/** A refused review keeps its Retry-After (policies of src/domain/rate-limit). */
export const headers: Route.HeadersFunction = (args) => withRetryAfter(args);

export async function loader({ params, request, context }: Route.LoaderArgs): Promise<ProductPageData> {
  const id = idParam("id").safeParse(params.id);
  if (!id.success) throw notFoundResponse();
  const { catalog, reviews } = context.get(servicesContext);
  // The same for every shopper: kept for the micro-cache's second, so signed-in shoppers share them (decision 040).
  const pageReads = context.get(pageReadsContext);
  const path = `/product/${id.data}`;
  const product = await orNotFound(pageReads.read(`${path}?product`, () => catalog.getProduct(id.data)));
  const detail = toProductDetailData(product);
  if (new URL(request.url).searchParams.has("quick")) {
    return { product: detail, reviews: null, related: null };
  }
  // Streamed after the page: the page never waits for (or fails on) its related products. Handed to
  // settledWhenAnonymous before the reviews are awaited, so that it is handled even if they fail.
  const location = context.get(requestInfoContext).location;
  const deferred = settledWhenAnonymous(context, {
    related: pageReads
      .read(`${path}?related&location=${location ?? ""}`, () =>
        catalog.listRelatedProducts({
          productId: product.id,
          subCatId: product.subCatId,
          catId: product.catId,
          location,
          limit: RELATED_PRODUCTS_COUNT,
        }),
      )
      .then((items) => items.map(toProductCardData)),
  });
  const reviewsData = await loadReviewsData(reviews, product.id, context.get(currentUserContext), pageReads);
  return { product: detail, reviews: reviewsData, ...(await deferred) };
}

/** The review form (`intent=add-review`) and "report this review" (`report-review`); the shopper is the session's. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const id = idParam("id").safeParse(params.id);
  if (!id.success) throw notFoundResponse();
  return reviewsAction({
    request,
    reviews: context.get(servicesContext).reviews,
    user: context.get(currentUserContext),
    productId: id.data,
  });
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  // 410: an archived product (decision 032).
  const gone = isRouteErrorResponse(error) && error.status === 410;
  if (!loaderData) return [{ title: gone ? pageMessages.productGoneTitle : pageMessages.notFoundTitle }];
  return productMeta({
    product: loaderData.product,
    publicUrl: publicUrlFrom(matches),
    reviews: loaderData.reviews,
  });
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, reviews, related } = loaderData;
  const [searchParams] = useSearchParams();
  // A review form posted without JavaScript comes back to its answer in the Reviews tab.
  const posted = useActionData<typeof action>() !== undefined;
  const [tab, setTab] = useState<ProductTab>(() => (posted ? "reviews" : productTabFrom(searchParams.get("tab"))));
  const reviewTotal = reviews?.total ?? 0;
  const crumbs = productBreadcrumbs(product);

  function showReviews() {
    setTab("reviews");
    requestAnimationFrame(() => {
      document.getElementById("reviews")?.scrollIntoView({ behavior: "smooth", block: "start" });
    });
  }

  return (
    <main className="mx-auto max-w-7xl px-4 py-6">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-gray-700">
        <ol className="flex flex-wrap items-center gap-1">
          {crumbs.map((crumb, index) => (
            <li key={crumb.path} className="flex items-center gap-1">
              {index > 0 ? <span aria-hidden="true">›</span> : null}
              {index < crumbs.length - 1 ? (
                <Link to={crumb.path} className="hover:text-brand-dark hover:underline">
                  {crumb.name}
                </Link>
              ) : (
                <span aria-current="page" className="font-medium text-gray-900">
                  {crumb.name}
                </span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className="grid gap-8 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <ProductGallery key={product.id} name={product.name} images={product.images} discount={product.discount} />
        <div className="flex flex-col gap-5">
          <h1 className="text-2xl font-bold md:text-3xl">{product.name}</h1>
          <ProductSummary product={product} reviewCount={reviewTotal} onReviewCountClick={showReviews} />
          <p className="leading-relaxed text-gray-800">{product.description}</p>
          <ProductPurchase key={product.id} product={product} />
        </div>
      </div>
      <section id="reviews" aria-label="Product details" className="mt-10 scroll-mt-24">
        <ProductTabs
          tab={tab}
          onTabChange={setTab}
          productId={product.id}
          description={product.description}
          rating={product.rating}
          reviews={reviews ?? { total: 0, items: [], stars: [] }}
        />
      </section>
      {related ? (
        <Suspense fallback={null}>
          <Await resolve={related} errorElement={null}>
            {(items) =>
              items.length > 0 ? (
                <section aria-labelledby="related-heading" className="mt-10">
                  <h2 id="related-heading" className="mb-3 text-xl font-bold">
                    RELATED PRODUCTS
                  </h2>
                  <ProductCarousel label="related products" products={items} layout="related" />
                </section>
              ) : null
            }
          </Await>
        </Suspense>
      ) : null}
    </main>
  );
}
