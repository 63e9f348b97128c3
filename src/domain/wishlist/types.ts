/** The list stores who saved which product and when; the product's title, image and prices are read with it. */
export interface WishlistEntry {
  id: string;
  userId: string;
  productId: string;
  productTitle: string;
  image: string;
  rating: number;
  pricePaise: number;
  oldPricePaise: number | null;
  countInStock: number;
  /** False once the product is archived: the entry stays, marked, until the shopper removes it (decision 032). */
  available: boolean;
  /** RAM, size or weight options: adding it to the cart needs a choice. */
  hasOptions: boolean;
  createdAt: Date;
}

export interface WishlistAddResult {
  entry: WishlistEntry;
  added: boolean;
}
