import { Price } from "../ui/price.tsx";
import type { ProductDetailData } from "./product-data.ts";
import { StarRating } from "./star-rating.tsx";

/** Brand, rating (and review count when given), prices, stock badge: the head of the product page and quick view. */
export function ProductSummary({
  product,
  reviewCount,
  onReviewCountClick,
}: {
  product: ProductDetailData;
  reviewCount?: number | undefined;
  onReviewCountClick?: (() => void) | undefined;
}) {
  const inStock = product.countInStock >= 1;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-700">
        <span>
          Brand: <span className="font-semibold text-gray-900">{product.brand}</span>
        </span>
        <StarRating rating={product.rating} />
        {reviewCount !== undefined ? (
          <button type="button" onClick={onReviewCountClick} className="underline hover:text-brand-dark">
            {reviewCount} {reviewCount === 1 ? "Review" : "Reviews"}
          </button>
        ) : null}
      </div>
      <Price pricePaise={product.pricePaise} oldPricePaise={product.oldPricePaise} size="lg">
        <span
          className={`rounded-full px-3 py-0.5 text-xs font-bold ${inStock ? "bg-green-100 text-green-800" : "bg-red-100 text-red-800"}`}
        >
          {inStock ? "IN STOCK" : "OUT OF STOCK"}
        </span>
      </Price>
    </div>
  );
}
