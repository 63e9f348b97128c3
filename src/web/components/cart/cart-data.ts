/** A cart line as the cart page shows it (current price and stock; the price when added, to say it changed). */
export interface CartLineData {
  id: string;
  productId: string;
  title: string;
  image: string;
  rating: number;
  pricePaise: number;
  pricePaiseAtAdd: number;
  priceChanged: boolean;
  quantity: number;
  subTotalPaise: number;
  countInStock: number;
  /** `unavailable`: the product was archived; the line can only be removed (decision 032). */
  stockProblem: "outOfStock" | "notEnough" | "unavailable" | null;
  options: { label: string; value: string }[];
}

export interface CartPageData {
  signedIn: boolean;
  lines: CartLineData[];
  count: number;
  totalPaise: number;
  /** Titles of the lines that stop checkout until changed. */
  blocked: string[];
}

/** What the cart route's action answers (a form sent without scripts shows it on the page; fetchers as a toast). */
export type CartActionAnswer =
  | { ok: true; intent: "add" | "update" | "remove"; message: string }
  | { ok: false; error: string; productId?: string | null };
