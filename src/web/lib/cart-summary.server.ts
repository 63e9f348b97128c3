import type { CartSummary } from "./root-data.ts";

/**
 * The one place the root loader gets the header's cart summary from.
 * TODO(cart issue): read the signed-in shopper's cart through the cart service (`context.get(servicesContext)`).
 */
export async function loadCartSummary(_userId: string | undefined): Promise<CartSummary> {
  return { count: 0, totalPaise: 0 };
}
