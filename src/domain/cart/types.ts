import type { CartOptionKey } from "#shared/schemas/cart.ts";

export type { GuestCartMerge } from "#shared/messages.ts";

/**
 * The session's shopper, or a visitor by the guest cart cookie's token (decision 013). A visitor's changes are limited
 * per network: `network` is required to change a guest cart, not to read one.
 */
export type CartOwner = { kind: "user"; userId: string } | { kind: "guest"; token: string | undefined; network?: string };

/** The chosen option of each list; '' means the product has no list of that kind. */
export type CartLineOptions = Record<CartOptionKey, string>;

/** `unavailable`: the product was archived (decision 032). */
export type StockProblem = "outOfStock" | "notEnough" | "unavailable";

/** The line's quantity and option beside the product's CURRENT title, image, rating, price and stock. */
export interface CartLine extends CartLineOptions {
  id: string;
  productId: string;
  productTitle: string;
  image: string;
  rating: number;
  pricePaise: number;
  /** The price when the shopper last added the product. */
  pricePaiseAtAdd: number;
  priceChanged: boolean;
  quantity: number;
  subTotalPaise: number;
  countInStock: number;
  stockProblem: StockProblem | null;
  userId: string | null;
  createdAt: Date;
}

export interface Cart {
  lines: CartLine[];
  /** Lines, not units: what the header and "There are N products in your cart" count. */
  count: number;
  totalPaise: number;
  /** Lines that stop checkout until changed. */
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
  /** For a visitor: the token to (re)set in the guest cart cookie. */
  guestToken: string | undefined;
}
