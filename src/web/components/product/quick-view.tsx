import { useEffect, useId } from "react";
import { useFetcher } from "react-router";
import { Icon } from "../ui/icon.tsx";
import { Link } from "../ui/link.tsx";
import { CloseButton, Modal } from "../ui/modal.tsx";
import type { ProductPageData } from "./product-data.ts";
import { ProductGallery } from "./product-gallery.tsx";
import { ProductPurchase } from "./product-purchase.tsx";
import { ProductSummary } from "./product-summary.tsx";

/** Loaded from the product page's loader (`/product/{id}?quick`); a default export, as the card loads it on first use. */
export default function QuickView({
  productId,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  productId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focused when the dialog closes (the opener, which may have lost focus while the product loaded). */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
}) {
  const fetcher = useFetcher<ProductPageData>();
  const product = fetcher.data?.product;
  const { load } = fetcher;
  const titleId = useId();

  useEffect(() => {
    void load(`/product/${productId}?quick`);
  }, [load, productId]);

  return (
    open && (
      <Modal
        onClose={() => onOpenChange(false)}
        labelledBy={titleId}
        returnFocusTo={returnFocusTo}
        className="m-auto max-h-[90vh] w-[min(56rem,calc(100vw-2rem))] overflow-y-auto rounded-lg bg-white p-6 shadow-xl"
      >
        <CloseButton label="Close" onClick={() => onOpenChange(false)} className="absolute top-3 right-3" />
        {product ? (
          <div className="grid gap-6 md:grid-cols-2">
            <ProductGallery name={product.name} images={product.images} discount={product.discount} />
            <div className="flex flex-col gap-4">
              <h2 id={titleId} className="pr-8 text-xl font-bold">
                {product.name}
              </h2>
              <ProductSummary product={product} />
              <p className="text-sm leading-relaxed text-gray-800">{product.description}</p>
              <ProductPurchase product={product} compact />
              <Link to={`/product/${product.id}`} className="text-sm font-semibold text-brand-dark underline">
                View full details
              </Link>
            </div>
          </div>
        ) : (
          <>
            <h2 id={titleId} className="sr-only">
              Quick view
            </h2>
            <p role="status" className="flex items-center justify-center gap-2 py-16 text-gray-700">
              <Icon name="loader-circle" className="animate-spin" size={20} /> Loading product…
            </p>
          </>
        )}
      </Modal>
    )
  );
}
