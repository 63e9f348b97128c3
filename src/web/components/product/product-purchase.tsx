import * as Tooltip from "@radix-ui/react-tooltip";
import { GitCompare, Heart } from "lucide-react";
import { useState } from "react";
import { showError } from "../ui/toast.ts";
import { OptionPicker } from "./option-picker.tsx";
import type { ProductDetailData } from "./product-data.ts";
import { QuantityPicker } from "./quantity-picker.tsx";
import { useAddToWishlist, useSignedIn } from "./use-signed-in.ts";

type OptionKey = "productRam" | "size" | "productWeight";
const OPTION_LISTS: { key: OptionKey; label: string }[] = [
  { key: "productRam", label: "RAM" },
  { key: "size", label: "Size" },
  { key: "productWeight", label: "Weight" },
];

/** The option lists a product shows: only the non-empty ones (spec §2). */
export function optionListsOf(product: Pick<ProductDetailData, OptionKey>) {
  return OPTION_LISTS.filter(({ key }) => product[key].length > 0);
}

/**
 * Options, quantity, Add to cart, wishlist and compare: the same behaviour on the product page and in the quick view.
 * `compact` is the quick view's look (text buttons ADD TO WISHLIST and COMPARE).
 */
export function ProductPurchase({ product, compact = false }: { product: ProductDetailData; compact?: boolean }) {
  const signedIn = useSignedIn();
  const addToWishlist = useAddToWishlist();
  const [quantity, setQuantity] = useState(1);
  const [chosen, setChosen] = useState<Partial<Record<OptionKey, string>>>({});
  const [flagged, setFlagged] = useState(false);
  const lists = optionListsOf(product);
  const inStock = product.countInStock >= 1;

  function addToCart() {
    // Options first: a missing choice is flagged whoever the shopper is (spec §4).
    if (lists.some(({ key }) => chosen[key] === undefined)) {
      setFlagged(true);
      return;
    }
    if (!signedIn) {
      showError("Please login first");
      return;
    }
    // TODO(cart issue): post { productId, quantity, options } to the cart route (intent "add") with 'adding...' while busy.
    showError("The cart is not available yet");
  }

  return (
    <div className="flex flex-col gap-4">
      {lists.map(({ key, label }) => (
        <OptionPicker
          key={key}
          label={label}
          values={product[key]}
          value={chosen[key]}
          onChange={(value) => setChosen((current) => ({ ...current, [key]: value }))}
          invalid={flagged && chosen[key] === undefined}
        />
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <QuantityPicker quantity={quantity} countInStock={product.countInStock} onChange={setQuantity} />
        <button
          type="button"
          onClick={addToCart}
          disabled={!inStock}
          className="rounded-full bg-brand-dark px-6 py-2 font-semibold text-white hover:bg-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark disabled:cursor-not-allowed disabled:bg-gray-400"
        >
          Add to cart
        </button>
        {compact ? null : <WishlistHeart onClick={addToWishlist} />}
      </div>
      <div className="flex flex-wrap gap-3">
        {compact ? (
          <button type="button" onClick={addToWishlist} className={secondaryButton}>
            <Heart size={16} aria-hidden="true" /> ADD TO WISHLIST
          </button>
        ) : null}
        {/* Compare has no behaviour in the spec: shown, honestly disabled, until it gets one. */}
        <button type="button" disabled title="Compare is coming soon" className={secondaryButton}>
          <GitCompare size={16} aria-hidden="true" /> {compact ? "COMPARE" : "Add to Compare"}
        </button>
      </div>
    </div>
  );
}

const secondaryButton =
  "inline-flex items-center gap-2 rounded border border-gray-300 px-3 py-1.5 text-sm font-medium hover:border-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark disabled:cursor-not-allowed disabled:text-gray-600 disabled:hover:border-gray-300";

function WishlistHeart({ onClick }: { onClick: () => void }) {
  return (
    <Tooltip.Provider delayDuration={100}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <button
            type="button"
            aria-label="Add to Wishlist"
            onClick={onClick}
            className="flex size-10 items-center justify-center rounded-full border border-gray-300 hover:border-brand-dark hover:text-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark"
          >
            <Heart size={18} aria-hidden="true" />
          </button>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content sideOffset={6} className="rounded bg-gray-900 px-2 py-1 text-xs text-white">
            Add to Wishlist
            <Tooltip.Arrow className="fill-gray-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
