import { z } from "zod";
import { idParam } from "./catalog.ts";
import { safeText } from "./text.ts";

/**
 * The cart forms, shared by the product page (browser), the cart route's action and, later, the cart API, so that
 * their rules and messages never drift.
 */
export const cartMessages = {
  loginFirst: "Please login first",
  notAvailable: "The cart is not available yet",
  unknownIntent: "Unknown cart action",
  quantityNumber: "quantity must be a whole number",
  quantityMin: "quantity must be at least 1",
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

/** Form fields arrive as text, JSON bodies as numbers: both are read as a whole number. */
export const cartQuantity = z.preprocess(
  blankToUndefined,
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
