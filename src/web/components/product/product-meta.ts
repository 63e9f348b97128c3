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
  reviews: ReviewsData | null;
}

/**
 * seoMeta's tags as an Open Graph `product`, plus JSON-LD `Product` and `BreadcrumbList` through React Router's
 * `script:ld+json` descriptor: it escapes `<`, `>` and `&`, so a review cannot close the script, and a data block needs
 * no nonce.
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
