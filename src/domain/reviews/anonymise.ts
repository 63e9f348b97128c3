import { eq } from "drizzle-orm";
import type { DbExecutor } from "#db/client.ts";
import { reviews } from "#db/schema/reviews.ts";

/**
 * An erased customer's reviews stay (the products' ratings must not move) under a name that is nobody's; the author's
 * id is kept so the one-review-per-product rule still holds. Returns the products whose pages show the name, for
 * the caller to evict after commit.
 */
export async function anonymiseReviewsOf(tx: DbExecutor, userId: string, name: string): Promise<string[]> {
  const changed = await tx
    .update(reviews)
    .set({ customerName: name })
    .where(eq(reviews.userId, userId))
    .returning({ productId: reviews.productId });
  return [...new Set(changed.map((row) => row.productId))];
}
