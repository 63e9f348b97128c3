import { z } from "zod";
import { CART_TITLE_MAX } from "#shared/constants.ts";
import { formatRupees } from "#shared/money.ts";
import { truncate } from "#shared/text.ts";
import { idParam } from "./catalog.ts";
import { safeText } from "./text.ts";

/**
 * The cart forms, shared by the product page (browser), the cart route's action and, later, the cart API, so that
 * their rules and messages never drift.
 */
export const cartMessages = {
  /** Spec §5: since decision 013 (guest cart) the rule of checkout, no longer of adding. */
  loginFirst: "Please login first",
  added: "Item is added in the cart",
  removed: "item removed from cart!",
  updated: "Quantity changed",
  unknownIntent: "Unknown cart action",
  quantityNumber: "quantity must be a whole number",
  quantityMin: "quantity must be at least 1",
  aboveStock: "The quantity is greater than product count in stock",
  outOfStock: "This product is out of stock",
  lineNotFound: "Cart item not found",
} as const;

/** The most of one product a single add may ask for; the stock limits it further. */
export const CART_QUANTITY_MAX = 999;
const OPTION_VALUE_MAX = 50;

/** A product's option lists as the product page shows them (spec §2: RAM, Size, Weight), in that order. */
export const cartOptionLists = [
  { key: "productRam", label: "RAM" },
  { key: "size", label: "Size" },
  { key: "productWeight", label: "Weight" },
] as const;

export type CartOptionKey = (typeof cartOptionLists)[number]["key"];
export type CartOptionChoice = Partial<Record<CartOptionKey, string>>;

/** What the option picker says and the action answers when a list has no choice (spec §4). */
export function missingOptionMessage(label: string): string {
  return `Please select a ${label.toLowerCase()}`;
}

/** The option lists a product shows: only the non-empty ones (spec §2). */
export function optionListsOf(product: Record<CartOptionKey, readonly string[]>) {
  return cartOptionLists.filter(({ key }) => product[key].length > 0);
}

/** The first of a product's option lists without a valid choice (a value the list does not offer is no choice). */
export function firstMissingOption(product: Record<CartOptionKey, readonly string[]>, chosen: CartOptionChoice) {
  return optionListsOf(product).find(({ key }) => {
    const value = chosen[key];
    return value === undefined || !product[key].includes(value);
  });
}

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const optionValue = (name: CartOptionKey) =>
  z.preprocess(
    blankToUndefined,
    safeText({ name, error: `${name} must be text` })
      .trim()
      .max(OPTION_VALUE_MAX, { error: `${name} must be at most ${OPTION_VALUE_MAX} characters` })
      .optional(),
  );

/** Form fields arrive as text, JSON bodies as numbers: both are read as a whole number (never `true` or `[]`). */
export const cartQuantity = z.preprocess(
  (value) => (typeof value === "string" || typeof value === "number" || value === undefined ? blankToUndefined(value) : "?"),
  z.coerce
    .number({ error: cartMessages.quantityNumber })
    .int({ error: cartMessages.quantityNumber })
    .min(1, { error: cartMessages.quantityMin })
    .max(CART_QUANTITY_MAX, { error: `quantity must be at most ${CART_QUANTITY_MAX}` }),
);

/** "Add to cart" (product page and quick view): `intent=add`, the product, a quantity and the chosen options. */
export const cartAddForm = z.object({
  intent: z.literal("add", { error: cartMessages.unknownIntent }),
  productId: idParam("productId"),
  quantity: cartQuantity,
  productRam: optionValue("productRam"),
  size: optionValue("size"),
  productWeight: optionValue("productWeight"),
});

export type CartAddForm = z.infer<typeof cartAddForm>;

/** A line's quantity from the cart page (minus, plus, "Change to N"): `intent=update`, the line and the new quantity. */
export const cartUpdateForm = z.object({
  intent: z.literal("update", { error: cartMessages.unknownIntent }),
  lineId: idParam("lineId"),
  quantity: cartQuantity,
});

/** Remove on the cart page: `intent=remove` and the line. */
export const cartRemoveForm = z.object({
  intent: z.literal("remove", { error: cartMessages.unknownIntent }),
  lineId: idParam("lineId"),
});

/** `POST /api/cart/add`: what is read of the body (title, image, rating, price, subTotal and userId are ignored). */
export const cartAddBody = cartAddForm.omit({ intent: true });

/** `PUT /api/cart/{id}`: only the quantity is read; the line is recomputed from the database. */
export const cartUpdateBody = z.object({ quantity: cartQuantity });

/** What the cart page says of a line it marks (stock read on every view). */
export function stockNote(countInStock: number): string {
  return countInStock <= 0 ? "Out of stock" : `Only ${countInStock} left`;
}

/** Beside a line's price when it is not the price the product had when added. */
export function priceChangedNote(pricePaiseAtAdd: number): string {
  return `Price changed since added (was ${formatRupees(pricePaiseAtAdd)})`;
}

/** Beside a visitor's Checkout link: checkout needs an account, the cart follows (decision 013). */
export const checkoutLoginNote = "Please login first to check out. Your cart comes with you.";

/** Why the Checkout link is disabled: the lines to change, by their (cut) titles. */
export function checkoutBlockedMessage(titles: readonly string[]): string {
  return sentence(`Change these lines before checking out: ${names(titles)}`);
}

/** A full stop, unless a cut title's ellipsis already ends the sentence. */
function sentence(text: string): string {
  return text.endsWith("...") ? text : `${text}.`;
}

/** Titles cut to the cart's 30 characters, at most three of them named. */
function names(titles: readonly string[]): string {
  const shown = titles.slice(0, 3).map((title) => truncate(title, CART_TITLE_MAX));
  return titles.length > shown.length ? `${shown.join(", ")} and ${titles.length - shown.length} more` : shown.join(", ");
}

/** What a guest cart's merge into the account's cart changed (docs/decisions/013-guest-cart.md). */
export interface GuestCartMerge {
  /** Guest lines that became new lines of the account's cart. */
  added: number;
  /** Guest lines added to a line the account's cart already had (same product and option). */
  combined: number;
  /** Titles of lines whose quantity was cut to the stock. */
  capped: string[];
  /** Titles of lines whose price is not what it was when the visitor added them. */
  repriced: string[];
}

/** The one notice shown after signing in with a guest cart (a flash: short). */
export function guestCartMergedMessage(merge: GuestCartMerge): string {
  const lines = merge.added + merge.combined;
  const parts = [`${lines} ${lines === 1 ? "product" : "products"} from before you signed in moved to your cart`];
  if (merge.combined > 0) parts.push(`${merge.combined} added to what was already there`);
  let text = `${parts.join(", ")}.`;
  if (merge.capped.length > 0) text += ` ${sentence(`Limited to the stock: ${names(merge.capped)}`)}`;
  if (merge.repriced.length > 0) text += ` ${sentence(`Price changed since added: ${names(merge.repriced)}`)}`;
  return text;
}
