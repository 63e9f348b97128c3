import { z } from "zod";
import type { CartOptionKey } from "#shared/cart-options.ts";
import { cartMessages, fieldMessages } from "#shared/messages.ts";
import { idParam } from "./catalog.ts";
import { safeText } from "./text.ts";

// The cart forms, shared by the product page, the cart route's action and the cart API so that their rules never drift.

/** The stock limits it further. */
export const CART_QUANTITY_MAX = 999;
const OPTION_VALUE_MAX = 50;

export {
  type CartOptionChoice,
  type CartOptionKey,
  cartOptionLists,
  firstMissingOption,
  optionListsOf,
} from "#shared/cart-options.ts";

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const optionValue = (name: CartOptionKey) =>
  z.preprocess(
    blankToUndefined,
    safeText({ name, error: fieldMessages.notText(name) })
      .trim()
      .max(OPTION_VALUE_MAX, { error: fieldMessages.atMostCharacters(name, OPTION_VALUE_MAX) })
      .optional(),
  );

/** Form fields arrive as text, JSON bodies as numbers: both are read as a whole number (never `true` or `[]`). */
export const cartQuantity = z.preprocess(
  (value) => (typeof value === "string" || typeof value === "number" || value === undefined ? blankToUndefined(value) : "?"),
  z.coerce
    .number({ error: cartMessages.quantityNumber })
    .int({ error: cartMessages.quantityNumber })
    .min(1, { error: cartMessages.quantityMin })
    .max(CART_QUANTITY_MAX, { error: cartMessages.quantityMax(CART_QUANTITY_MAX) }),
);

export const cartAddForm = z.object({
  intent: z.literal("add", { error: cartMessages.unknownIntent }),
  productId: idParam("productId"),
  quantity: cartQuantity,
  productRam: optionValue("productRam"),
  size: optionValue("size"),
  productWeight: optionValue("productWeight"),
});

export type CartAddForm = z.infer<typeof cartAddForm>;

export const cartUpdateForm = z.object({
  intent: z.literal("update", { error: cartMessages.unknownIntent }),
  lineId: idParam("lineId"),
  quantity: cartQuantity,
});

export const cartRemoveForm = z.object({
  intent: z.literal("remove", { error: cartMessages.unknownIntent }),
  lineId: idParam("lineId"),
});

/** `POST /api/cart/add`: title, image, rating, price and subTotal of the body are ignored. */
export const cartAddBody = cartAddForm.omit({ intent: true });

/** `PUT /api/cart/{id}`: only the quantity is read; the line is recomputed from the database. */
export const cartUpdateBody = z.object({ quantity: cartQuantity });
