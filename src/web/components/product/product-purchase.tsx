import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { type CartOptionChoice, firstMissingOption, optionListsOf } from "#shared/cart-options.ts";
import type { action as cartAction } from "../../routes/cart.tsx";
import { Icon } from "../ui/icon.tsx";
import { showError, showSuccess } from "../ui/toast.ts";
import { OptionPicker } from "./option-picker.tsx";
import type { ProductDetailData } from "./product-data.ts";
import { QuantityPicker } from "./quantity-picker.tsx";
import { useWishlistToggle, type WishlistToggle, WishlistToggleForm } from "./wishlist-toggle.tsx";

/**
 * The same on the product page and in the quick view (`compact`). Add to cart is a real form posted to /cart: without
 * JavaScript the cart page answers, with it a fetcher posts and a toast answers. Visitors use a guest cart (decision 013).
 */
export function ProductPurchase({ product, compact = false }: { product: ProductDetailData; compact?: boolean }) {
  const wishlist = useWishlistToggle(product.id);
  const wishlistFormId = useId();
  return (
    <>
      <PurchaseForm product={product} compact={compact} wishlist={wishlist} wishlistFormId={wishlistFormId} />
      {/* The heart's own form: forms cannot nest, so the heart buttons in the cart form name it (`form` attribute). */}
      <WishlistToggleForm toggle={wishlist} id={wishlistFormId} className="hidden" />
    </>
  );
}

function PurchaseForm({
  product,
  compact,
  wishlist,
  wishlistFormId,
}: {
  product: ProductDetailData;
  compact: boolean;
  wishlist: WishlistToggle;
  wishlistFormId: string;
}) {
  const cart = useFetcher<typeof cartAction>();
  const [quantity, setQuantity] = useState(1);
  const [chosen, setChosen] = useState<CartOptionChoice>({});
  const [flagged, setFlagged] = useState(false);
  const lists = optionListsOf(product);
  const inStock = product.countInStock >= 1;
  const adding = cart.state !== "idle";

  useEffect(() => {
    if (cart.data) {
      if (cart.data.ok) showSuccess(cart.data.message);
      else showError(cart.data.error);
    }
  }, [cart.data]);

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    // The button stays enabled while a request is under way (disabling it would drop the keyboard focus).
    if (adding) {
      event.preventDefault();
      return;
    }
    // Options first: a missing choice is flagged whoever the shopper is (spec §4).
    if (firstMissingOption(product, chosen)) {
      event.preventDefault();
      setFlagged(true);
    }
  }

  return (
    <cart.Form method="post" action="/cart" onSubmit={checkBeforeSending} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product.id} />
      {lists.map(({ key, label }) => (
        <OptionPicker
          key={key}
          name={key}
          label={label}
          values={product[key]}
          value={chosen[key]}
          onChange={(value) => setChosen((current) => ({ ...current, [key]: value }))}
          invalid={flagged && chosen[key] === undefined}
        />
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <QuantityPicker name="quantity" quantity={quantity} countInStock={product.countInStock} onChange={setQuantity} />
        <button
          type="submit"
          disabled={!inStock}
          className="rounded-full bg-brand-dark px-6 py-2 font-semibold text-white hover:bg-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark disabled:cursor-not-allowed disabled:bg-gray-400"
        >
          {adding ? "adding..." : "Add to cart"}
        </button>
        {compact ? null : <WishlistHeart form={wishlistFormId} saved={wishlist.saved} />}
      </div>
      <div className="flex flex-wrap gap-3">
        {compact ? (
          <button type="submit" form={wishlistFormId} aria-pressed={wishlist.saved} className={secondaryButton}>
            <Icon name="heart" size={16} fill={wishlist.saved ? "currentColor" : "none"} />
            {wishlist.saved ? "ADDED TO WISHLIST" : "ADD TO WISHLIST"}
          </button>
        ) : null}
        {/* Compare has no behaviour in the spec: shown, honestly disabled, until it gets one. */}
        <button type="button" disabled title="Compare is coming soon" className={secondaryButton}>
          <Icon name="git-compare" size={16} /> {compact ? "COMPARE" : "Add to Compare"}
        </button>
      </div>
    </cart.Form>
  );
}

const secondaryButton =
  "inline-flex items-center gap-2 rounded border border-gray-300 px-3 py-1.5 text-sm font-medium hover:border-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark disabled:cursor-not-allowed disabled:text-gray-600 disabled:hover:border-gray-300";

/**
 * The tooltip is also the heart's name: shown on hover and focus, hoverable, hidden by Escape (WCAG 1.4.13), out of the
 * layout while hidden and nudged inside the window when shown, so it never widens the page.
 */
function WishlistHeart({ form, saved }: { form: string; saved: boolean }) {
  const tooltipId = useId();
  const tooltip = useRef<HTMLSpanElement>(null);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    const dismiss = (event: KeyboardEvent) => {
      if (event.key === "Escape") setDismissed(true);
    };
    document.addEventListener("keydown", dismiss);
    return () => document.removeEventListener("keydown", dismiss);
  }, []);

  function show() {
    setDismissed(false);
    // After the hover or focus style has applied.
    requestAnimationFrame(() => {
      if (tooltip.current) keepInWindow(tooltip.current);
    });
  }

  return (
    <span className="group relative inline-flex" onPointerEnter={show}>
      <button
        type="submit"
        form={form}
        aria-labelledby={tooltipId}
        aria-pressed={saved}
        onFocus={show}
        className="flex size-10 items-center justify-center rounded-full border border-gray-300 hover:border-brand-dark hover:text-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark"
      >
        <Icon name="heart" size={18} fill={saved ? "currentColor" : "none"} className={saved ? "text-brand-dark" : ""} />
      </button>
      <span
        ref={tooltip}
        role="tooltip"
        id={tooltipId}
        className={`absolute bottom-full left-1/2 z-10 mb-2.75 hidden -translate-x-1/2 rounded bg-gray-900 px-2 py-1 text-xs whitespace-nowrap text-white before:absolute before:inset-x-0 before:top-full before:h-2.75 ${dismissed ? "" : "[.group:has(:focus-visible)_&]:block [.group:hover_&]:block"}`}
      >
        {saved ? "Added to Wishlist" : "Add to Wishlist"}
        <svg
          width={10}
          height={5}
          viewBox="0 0 30 10"
          preserveAspectRatio="none"
          aria-hidden="true"
          className="absolute top-full left-1/2 -translate-x-1/2 fill-gray-900"
        >
          <polygon points="0,0 30,0 15,10" />
        </svg>
      </span>
    </span>
  );
}

const WINDOW_MARGIN = 8;

/** Shifts a shown tooltip sideways into the window, its arrow staying on the heart. */
function keepInWindow(tooltip: HTMLElement) {
  const arrow = tooltip.querySelector("svg");
  tooltip.style.marginLeft = "";
  const { left, right, width } = tooltip.getBoundingClientRect();
  if (width === 0) return;
  const room = document.documentElement.clientWidth - WINDOW_MARGIN;
  const shift = right > room ? room - right : left < WINDOW_MARGIN ? WINDOW_MARGIN - left : 0;
  tooltip.style.marginLeft = shift ? `${shift}px` : "";
  if (arrow) arrow.style.marginLeft = shift ? `${-shift}px` : "";
}
