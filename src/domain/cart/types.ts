import type { CartOptionKey } from "#shared/schemas/cart.ts";

export type { GuestCartMerge } from "#shared/messages.ts";

/**
 * Whose cart: a signed-in shopper's (the user id from the session) or a visitor's, found by the random token of the
 * guest cart cookie (undefined before the visitor's first add). docs/decisions/013-guest-cart.md. A visitor's changes
 * are limited per network: `network` (the request's address) is required to change a guest cart, not to read one.
 */
export type CartOwner = { kind: "user"; userId: string } | { kind: "guest"; token: string | undefined; network?: string };

/** The chosen option of each list; '' means the product has no list of that kind. */
export type CartLineOptions = Record<CartOptionKey, string>;

/** Why a line blocks checkout: nothing left, or fewer left than the line asks for. */
export type StockProblem = "outOfStock" | "notEnough";

/** A cart line as shown: the line's quantity and option, the product's CURRENT title, image, rating, price and stock. */
export interface CartLine extends CartLineOptions {
  id: string;
  productId: string;
  productTitle: string;
  /** The product's first stored image file name ('' when it has none). */
  image: string;
  rating: number;
  pricePaise: number;
  /** The price when the shopper last added the product; differs from `pricePaise` when the price has changed since. */
  pricePaiseAtAdd: number;
  priceChanged: boolean;
  quantity: number;
  subTotalPaise: number;
  countInStock: number;
  stockProblem: StockProblem | null;
  /** The account whose cart holds the line; null in a visitor's cart. */
  userId: string | null;
  createdAt: Date;
}

export interface Cart {
  /** Oldest first (the order they were added in). */
  lines: CartLine[];
  /** Number of lines (what the header and "There are N products in your cart" count). */
  count: number;
  totalPaise: number;
  /** Lines that stop checkout until changed (out of stock, or asking for more than is left). */
  blocked: CartLine[];
}

export interface CartSummaryTotals {
  count: number;
  totalPaise: number;
}

export interface CartAddInput extends Partial<CartLineOptions> {
  productId: string;
  quantity: number;
}

export interface CartAddResult {
  line: CartLine;
  /** For a visitor: the guest cart's token (new after the first add), to be (re)set in the guest cart cookie. */
  guestToken: string | undefined;
}
