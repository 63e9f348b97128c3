import { count, desc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { reviews } from "#db/schema/shopping.ts";
import { toPage } from "../catalog/product-query.ts";
import type { Page, Pagination } from "../catalog/types.ts";

export interface Review {
  id: string;
  productId: string;
  customerName: string;
  review: string;
  /** 0.5 to 5 in half steps. */
  customerRating: number;
  createdAt: Date;
}

export type ReviewsService = ReturnType<typeof createReviewsService>;

export function createReviewsService({ db }: { db: Db }) {
  return {
    /** A product's reviews, newest first, one page of them with the product's total. */
    async listReviews({ productId, page, perPage }: Pagination & { productId: string }): Promise<Page<Review>> {
      const where = eq(reviews.productId, productId);
      const [items, [row]] = await Promise.all([
        db
          .select({
            id: reviews.id,
            productId: reviews.productId,
            customerName: reviews.customerName,
            review: reviews.review,
            customerRating: reviews.customerRating,
            createdAt: reviews.createdAt,
          })
          .from(reviews)
          .where(where)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ total: count() }).from(reviews).where(where),
      ]);
      return toPage(items, row?.total ?? 0, { page, perPage });
    },
  };
}
