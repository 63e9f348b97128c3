/** The My List page's path: its loader lists, its action takes every My List change (hearts and removals). */
export const MY_LIST_PATH = "/my-list";

export interface MyListItemData {
  id: string;
  productId: string;
  title: string;
  image: string;
  rating: number;
  pricePaise: number;
  inStock: boolean;
  /** False once the product is archived: it stays on the list, marked, until removed (decision 032). */
  available: boolean;
  /** Adding it to the cart needs a RAM, size or weight choice, made on the product page. */
  hasOptions: boolean;
}

export interface MyListPageData {
  items: MyListItemData[];
}

/** What the My List action answers a heart or a remove button (a toast with JavaScript, a notice without). */
export type MyListAnswer =
  | { ok: true; intent: "toggle"; message: string; productId: string; saved: boolean }
  | { ok: true; intent: "remove"; message: string }
  | { ok: false; error: string };
