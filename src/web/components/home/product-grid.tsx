import { ProductCard } from "../product/product-card.tsx";
import type { ProductCardData } from "../product/product-data.ts";

const gridClass = "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5";

/** A list of product cards; the first `eager` cards load their pictures at once (above the fold). */
export function ProductGrid({ products, eager = 0 }: { products: ProductCardData[]; eager?: number }) {
  if (products.length === 0) {
    return <p className="rounded-lg bg-gray-50 p-6 text-center text-gray-600">No products for your location yet.</p>;
  }
  return (
    <ul className={gridClass}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} eager={index < eager} />
        </li>
      ))}
    </ul>
  );
}

/** What a product list looks like while it streams in: same grid, same 3:4 boxes, so nothing moves when it arrives. */
export function ProductGridSkeleton({ count, label = "Loading products" }: { count: number; label?: string }) {
  return (
    <div role="status" aria-label={label} className={gridClass}>
      {Array.from({ length: count }, (_, index) => `placeholder-${index}`).map((key) => (
        <div key={key} aria-hidden="true" className="overflow-hidden rounded-lg border border-gray-200">
          <div className="aspect-[3/4] animate-pulse bg-gray-200" />
          <div className="space-y-2 p-3">
            <div className="h-3 w-1/2 animate-pulse rounded bg-gray-200" />
            <div className="h-4 w-3/4 animate-pulse rounded bg-gray-200" />
            <div className="h-4 w-1/3 animate-pulse rounded bg-gray-200" />
          </div>
        </div>
      ))}
    </div>
  );
}
