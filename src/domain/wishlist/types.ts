/**
 * One product on a shopper's My List. Title, image, rating and prices are the product's own, read when the entry is
 * read (the list stores only who saved which product, and when).
 */
export interface WishlistEntry {
  id: string;
  userId: string;
  productId: string;
  productTitle: string;
  /** The product's first image file name (served under /download/), or "" when it has none. */
  image: string;
  rating: number;
  pricePaise: number;
  oldPricePaise: number | null;
  countInStock: number;
  /** Whether the product has RAM, size or weight options (adding it to the cart then needs a choice). */
  hasOptions: boolean;
  createdAt: Date;
}

/** What `add` did: the entry, and whether it is new (false: the product was already on the list). */
export interface WishlistAddResult {
  entry: WishlistEntry;
  added: boolean;
}
