import type { MetaDescriptor } from "react-router";
import { CURRENCY, RATING_MAX, RATING_STEP } from "#shared/constants.ts";
import { imageUrl } from "#shared/images.ts";
import { paiseToRupees } from "#shared/money.ts";
import { truncate } from "#shared/text.ts";
import { seoMeta } from "../../lib/seo.ts";
import type { ProductDetailData } from "./product-data.ts";
import type { ReviewsData } from "./product-reviews.tsx";

const DESCRIPTION_MAX = 155;

interface ProductMetaInput {
  product: ProductDetailData;
  publicUrl: string;
  /** The reviews the page shows (null for the quick view's request). */
  reviews: ReviewsData | null;
}

/**
 * The product page's head: the shop's common tags (seoMeta) as an Open Graph `product`, plus JSON-LD `Product` (with
 * its `AggregateRating` and the shown `Review`s) and `BreadcrumbList`, rendered by React Router's `script:ld+json` meta
 * descriptor: it escapes `<`, `>` and `&` in the JSON (\u003c...), so a review's text can never close the script element,
 * and as a data block the CSP needs no nonce for it. `publicUrl` makes every URL absolute.
 */
export function productMeta({ product, publicUrl, reviews }: ProductMetaInput): MetaDescriptor[] {
  const [firstImage] = product.images;
  const common = seoMeta(
    {
      title: product.name,
      description: truncate(product.description.replace(/\s+/g, " ").trim(), DESCRIPTION_MAX),
      path: `${publicUrl}/product/${product.id}`,
      image: firstImage ? imageUrl(firstImage, publicUrl) : undefined,
    },
    [],
  );
  return [
    ...common.map((tag) => ("property" in tag && tag.property === "og:type" ? { property: "og:type", content: "product" } : tag)),
    { "script:ld+json": productJsonLd({ product, publicUrl, reviews }) },
    { "script:ld+json": breadcrumbJsonLd({ product, publicUrl }) },
  ];
}

export function productJsonLd({ product, publicUrl, reviews }: ProductMetaInput) {
  const reviewCount = reviews?.total ?? 0;
  const url = `${publicUrl}/product/${product.id}`;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    image: product.images.map((file) => imageUrl(file, publicUrl)),
    description: product.description,
    sku: product.id,
    brand: { "@type": "Brand", name: product.brand },
    offers: {
      "@type": "Offer",
      url,
      price: paiseToRupees(product.pricePaise).toFixed(2),
      priceCurrency: CURRENCY,
      availability: product.countInStock >= 1 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
    ...(reviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating,
            reviewCount,
            bestRating: RATING_MAX,
            worstRating: RATING_STEP,
          },
          review: (reviews?.items ?? []).map((review) => ({
            "@type": "Review",
            author: { "@type": "Person", name: review.customerName },
            datePublished: review.date,
            reviewBody: review.review,
            reviewRating: {
              "@type": "Rating",
              ratingValue: review.customerRating,
              bestRating: RATING_MAX,
              worstRating: RATING_STEP,
            },
          })),
        }
      : {}),
  };
}

export function breadcrumbJsonLd({ product, publicUrl }: { product: ProductDetailData; publicUrl: string }) {
  const crumbs = productBreadcrumbs(product).map((crumb, index) => ({
    "@type": "ListItem",
    position: index + 1,
    name: crumb.name,
    item: `${publicUrl}${crumb.path}`,
  }));
  return { "@context": "https://schema.org", "@type": "BreadcrumbList", itemListElement: crumbs };
}

/** Home › Category › Sub-category › Product, for the visible trail and the JSON-LD. */
export function productBreadcrumbs(product: ProductDetailData): { name: string; path: string }[] {
  return [
    { name: "Home", path: "/" },
    { name: product.catName, path: `/products/category/${product.catId}` },
    ...(product.subCatId && product.subCatName
      ? [{ name: product.subCatName, path: `/products/subCat/${product.subCatId}` }]
      : []),
    { name: product.name, path: `/product/${product.id}` },
  ];
}
