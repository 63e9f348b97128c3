import { z } from "zod";
import type { CartLine } from "#domain/cart/types.ts";
import { imageUrl } from "#shared/images.ts";
import { paiseToRupees } from "#shared/money.ts";

/** Spec §3 "Cart item", every value from the database, plus the price when added and whether it can be checked out. */
export const cartItemJson = z
  .object({
    _id: z.string(),
    id: z.string(),
    productTitle: z.string(),
    image: z.string().describe("Stored image file name; served at {host}/download/{name} (empty when none)"),
    imageUrl: z.string().describe("The same image as an absolute URL (empty when none)"),
    rating: z.number(),
    price: z.number().describe("Rupees: the product's current price"),
    quantity: z.number().int(),
    subTotal: z.number().describe("Rupees: price × quantity"),
    productId: z.string(),
    countInStock: z.number().int().describe("The product's current stock"),
    userId: z.string(),
    productRam: z.string().describe("The chosen RAM ('' when the product has no RAM options)"),
    size: z.string().describe("The chosen size ('' when none)"),
    productWeight: z.string().describe("The chosen weight ('' when none)"),
    priceWhenAdded: z.number().describe("Rupees: the price when the product was last added"),
    priceChanged: z.boolean(),
    stockProblem: z
      .enum(["outOfStock", "notEnough", "unavailable"])
      .nullable()
      .describe(
        "Why the line blocks checkout until changed: sold out, more than is left, or no longer sold (remove it); null when it does not",
      ),
  })
  .meta({ id: "CartItem" });

/** `line` as `cartItemJson`; `userId` is the session's (only accounts' carts are served by the API). */
export function createCartPresenter(publicUrl: string) {
  return (line: CartLine, userId: string): z.output<typeof cartItemJson> => ({
    _id: line.id,
    id: line.id,
    productTitle: line.productTitle,
    image: line.image,
    imageUrl: line.image ? imageUrl(line.image, publicUrl) : "",
    rating: line.rating,
    price: paiseToRupees(line.pricePaise),
    quantity: line.quantity,
    subTotal: paiseToRupees(line.subTotalPaise),
    productId: line.productId,
    countInStock: line.countInStock,
    userId: line.userId ?? userId,
    productRam: line.productRam,
    size: line.size,
    productWeight: line.productWeight,
    priceWhenAdded: paiseToRupees(line.pricePaiseAtAdd),
    priceChanged: line.priceChanged,
    stockProblem: line.stockProblem,
  });
}
