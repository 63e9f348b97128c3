import * as Dialog from "@radix-ui/react-dialog";
import { LoaderCircle, X } from "lucide-react";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import type { loader as productLoader } from "../../routes/product.tsx";
import { ProductGallery } from "./product-gallery.tsx";
import { ProductPurchase } from "./product-purchase.tsx";
import { ProductSummary } from "./product-summary.tsx";

/**
 * The product in a dialog, loaded from the product page's own loader (`/product/{id}?quick`), with the same pickers
 * and buttons as the page. Default export: the product card loads this module on first use.
 */
export default function QuickView({
  productId,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  productId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focused when the dialog closes: the dialog is opened from state, not from a Dialog.Trigger Radix would know. */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
}) {
  const fetcher = useFetcher<typeof productLoader>();
  const product = fetcher.data?.product;
  const { load } = fetcher;

  useEffect(() => {
    void load(`/product/${productId}?quick`);
  }, [load, productId]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(56rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 rounded-full p-1 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-dark"
          >
            <X size={20} aria-hidden="true" />
          </Dialog.Close>
          {product ? (
            <div className="grid gap-6 md:grid-cols-2">
              <ProductGallery name={product.name} images={product.images} discount={product.discount} />
              <div className="flex flex-col gap-4">
                <Dialog.Title className="pr-8 text-xl font-bold">{product.name}</Dialog.Title>
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
              <Dialog.Title className="sr-only">Quick view</Dialog.Title>
              <p role="status" className="flex items-center justify-center gap-2 py-16 text-gray-700">
                <LoaderCircle className="animate-spin" size={20} aria-hidden="true" /> Loading product…
              </p>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
