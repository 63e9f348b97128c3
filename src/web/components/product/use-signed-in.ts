import { useRootData } from "../../lib/root-data.ts";
import { showError } from "../ui/toast.ts";

/** Whether a shopper is signed in (the root loader's `user`). */
export function useSignedIn(): boolean {
  return Boolean(useRootData()?.user);
}

/**
 * The wishlist heart of cards, the product page and the quick view: a visitor is asked to log in (spec §4).
 * TODO(wishlist issue): add to My List for a signed-in shopper (POST through the My List route), show
 * 'Added to Wishlist' and fill the heart.
 */
export function useAddToWishlist(): () => void {
  const signedIn = useSignedIn();
  return () => showError(signedIn ? "My List is not available yet" : "Please Login to continue");
}
