import { Link } from "react-router";
import { PRODUCT_NAME_MAX } from "#shared/constants.ts";
import { formatRupees } from "#shared/money.ts";
import { truncate } from "#shared/text.ts";

export interface ProductCardProduct {
  id: string;
  name: string;
  brand: string;
  images: string[];
  pricePaise: number;
  oldPricePaise: number | null;
  discount: number;
  rating: number;
  countInStock: number;
}

/** Minimal card: image, discount, truncated name, stock and prices (the full card comes with the browsing issue). */
export function ProductCard({ product, eager = false }: { product: ProductCardProduct; eager?: boolean }) {
  const image = product.images[0];
  const inStock = product.countInStock >= 1;
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white">
      <Link to={`/product/${product.id}`} className="relative block aspect-[3/4] bg-gray-100">
        {image ? (
          <img
            src={`/download/${image}`}
            alt={product.name}
            width={300}
            height={400}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : null}
        {product.discount > 0 ? (
          <span className="absolute top-2 left-2 rounded bg-brand-dark px-2 py-0.5 text-xs font-semibold text-white">
            {product.discount}%
          </span>
        ) : null}
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="text-xs text-gray-500">{product.brand}</p>
        <h3 className="text-sm font-medium" title={product.name}>
          <Link to={`/product/${product.id}`}>{truncate(product.name, PRODUCT_NAME_MAX)}</Link>
        </h3>
        <p className={`text-xs font-semibold ${inStock ? "text-green-700" : "text-red-700"}`}>
          {inStock ? "In Stock" : "Out of Stock"}
        </p>
        <p className="mt-auto flex items-baseline gap-2">
          {product.oldPricePaise !== null ? (
            <s className="text-sm text-gray-500">
              <span className="sr-only">Old price </span>
              {formatRupees(product.oldPricePaise)}
            </s>
          ) : null}
          <span className="font-semibold text-brand-dark">{formatRupees(product.pricePaise)}</span>
        </p>
      </div>
    </article>
  );
}
