import type { Cart, CartLine } from "#domain/cart/types.ts";
import { cartOptionLists } from "#shared/schemas/cart.ts";
import type { CartLineData, CartPageData } from "./cart-data.ts";

function toCartLineData(line: CartLine): CartLineData {
  const { id, productId, image, rating, pricePaise, pricePaiseAtAdd, priceChanged, quantity, subTotalPaise } = line;
  return {
    id,
    productId,
    title: line.productTitle,
    image,
    rating,
    pricePaise,
    pricePaiseAtAdd,
    priceChanged,
    quantity,
    subTotalPaise,
    countInStock: line.countInStock,
    stockProblem: line.stockProblem,
    options: cartOptionLists.filter(({ key }) => line[key] !== "").map(({ key, label }) => ({ label, value: line[key] })),
  };
}

/** The cart page's loader data: plain values, no dates. */
export function toCartPageData(cart: Cart, signedIn: boolean): CartPageData {
  return {
    signedIn,
    lines: cart.lines.map(toCartLineData),
    count: cart.count,
    totalPaise: cart.totalPaise,
    blocked: cart.blocked.map((line) => line.productTitle),
  };
}
