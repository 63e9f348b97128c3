import { and, count, desc, eq, exists, inArray, type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { type Db, type DbExecutor, withTransaction } from "#db/client.ts";
import { users } from "#db/schema/accounts.ts";
import { products } from "#db/schema/catalog.ts";
import { orderItems, orders } from "#db/schema/orders.ts";
import { reviews } from "#db/schema/reviews.ts";
import { RATING_MAX } from "#shared/constants.ts";
import { catalogMessages, reviewMessages, sessionMessages } from "#shared/messages.ts";
import { reviewInput } from "#shared/schemas/reviews.ts";
import type { CatalogService } from "../catalog/catalog-service.ts";
import { toPage } from "../catalog/product-query.ts";
import type { Page, Pagination } from "../catalog/types.ts";
import { AppError, badRequest, notFound } from "../errors.ts";
import { PURCHASED_ORDER_STATUSES } from "../orders/types.ts";
import type { CatalogChanges } from "../ports.ts";
import { consumeWrite } from "../rate-limit/policies.ts";
import type { RateLimiter } from "../rate-limit/rate-limiter.ts";

export interface Review {
  id: string;
  productId: string;
  /** The author's account; null for the demo catalogue's reviews, which no account wrote. */
  userId: string | null;
  customerName: string;
  /** Plain text: adapters show it as text, never as markup. */
  review: string;
  /** 0.5 to 5 in half steps. */
  customerRating: number;
  /** When it was written, or last replaced by its author. */
  createdAt: Date;
  /** The author has a paid order with this product. */
  verifiedPurchase: boolean;
}

/** How a product's reviews rate it, for the histogram above the list. */
export interface RatingSummary {
  count: number;
  /** 5 stars down to 1: a half star counts with the whole star below it (4.5 with 4), and 0.5 with 1. */
  stars: { stars: number; count: number }[];
}

export interface AddReview {
  /** The session's account (null for a visitor, who is refused): never a name or id from the request's body. */
  userId: string | null;
  productId: string;
  /** Parsed here with the shared schema (src/shared/schemas/reviews.ts), whatever the adapter did before. */
  review: unknown;
  customerRating: unknown;
}

export interface AddedReview {
  review: Review;
  /** The author had reviewed the product before: this review replaced that one. */
  replaced: boolean;
  /** The product's rating and number of reviews after this one. */
  productRating: number;
  reviewCount: number;
}

/** A 'verified purchase': the reviewer has an order of the product that was paid and not given back (orders/types.ts). */
const PAID_ORDER_STATUSES = PURCHASED_ORDER_STATUSES;

/** Whether the review's author has a paid order with the reviewed product (a correlated test on `reviews`). */
const verifiedPurchase = (executor: DbExecutor) =>
  exists(
    executor
      .select({ one: sql`1` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(orderItems.productId, reviews.productId),
          eq(orders.userId, reviews.userId),
          inArray(orders.status, [...PAID_ORDER_STATUSES]),
        ),
      ),
  ).mapWith(Boolean);

const selectReviews = <Extra extends Record<string, SQL>>(executor: DbExecutor, where: SQL | undefined, extra?: Extra) =>
  executor
    .select({
      ...(extra as Extra),
      id: reviews.id,
      productId: reviews.productId,
      userId: reviews.userId,
      customerName: reviews.customerName,
      review: reviews.review,
      customerRating: reviews.customerRating,
      createdAt: reviews.createdAt,
      verifiedPurchase: verifiedPurchase(executor),
    })
    .from(reviews)
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id));

export type ReviewsService = ReturnType<typeof createReviewsService>;

/**
 * Product reviews (spec §2, §3, §5): one per shopper and product, a second replacing the first; each write recomputes
 * the product's rating in the same transaction through the catalogue, which owns products (docs/decisions/011), and
 * reports the change after commit so cached product answers are evicted. A shopper's writes are limited per hour.
 */
export function createReviewsService({
  db,
  catalog,
  changes,
  now,
  limiter,
}: {
  db: Db;
  catalog: Pick<CatalogService, "applyReviewAggregate">;
  changes: CatalogChanges;
  now: () => Date;
  /** Each write is counted before its transaction (src/domain/rate-limit/policies.ts). */
  limiter: Pick<RateLimiter, "consume">;
}) {
  // Every product page reads a page of its reviews and their histogram: prepared once (written once, planned once per
  // connection) rather than built on every call.
  const ofProduct = eq(reviews.productId, sql.placeholder("productId"));
  // The total rides in every row of the page (an uncorrelated subquery, computed once): one statement, not two.
  const reviewPage = selectReviews(db, ofProduct, {
    total: sql<number>`(select count(*)::int from ${reviews} where ${ofProduct})`,
  })
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare("reviews_page");
  const reviewCount = db.select({ total: count() }).from(reviews).where(ofProduct).prepare("reviews_count");
  const ratingRows = db
    .select({ rating: reviews.customerRating, count: count() })
    .from(reviews)
    .where(ofProduct)
    .groupBy(reviews.customerRating)
    .prepare("reviews_rating_summary");

  return {
    /** A product's reviews, newest first, one page of them with the product's total. */
    async listReviews({ productId, page, perPage }: Pagination & { productId: string }): Promise<Page<Review>> {
      const rows = await reviewPage.execute({ productId, limit: perPage, offset: (page - 1) * perPage });
      const total = rows[0]?.total ?? (page === 1 ? 0 : ((await reviewCount.execute({ productId }))[0]?.total ?? 0));
      return toPage(
        rows.map(({ total: _, ...review }) => review),
        total,
        { page, perPage },
      );
    },

    /** How many reviews give each whole star, for the histogram. */
    async ratingSummary(productId: string): Promise<RatingSummary> {
      const rows = await ratingRows.execute({ productId });
      const byStar = new Map<number, number>();
      for (const row of rows) {
        const star = Math.max(1, Math.floor(row.rating));
        byStar.set(star, (byStar.get(star) ?? 0) + row.count);
      }
      return {
        count: rows.reduce((total, row) => total + row.count, 0),
        stars: Array.from({ length: RATING_MAX }, (_, index) => RATING_MAX - index).map((stars) => ({
          stars,
          count: byStar.get(stars) ?? 0,
        })),
      };
    },

    /**
     * Writes the shopper's review of a product, replacing their earlier one (new text, rating and date), and
     * recomputes the product's rating in the same transaction. The author's id and name come from their account.
     * UNAUTHORIZED 'Please login first' for a visitor, BAD_REQUEST with the form's message, NOT_FOUND for an unknown
     * product, TOO_MANY_REQUESTS past the shopper's hourly limit (nothing written).
     */
    async addReview(input: AddReview): Promise<AddedReview> {
      const { userId } = input;
      if (!userId) throw new AppError("UNAUTHORIZED", sessionMessages.reviewLoginFirst);
      const parsed = reviewInput.safeParse({
        productId: input.productId,
        review: input.review,
        customerRating: input.customerRating,
      });
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? reviewMessages.blank);
      const { productId, review, customerRating } = parsed.data;
      await consumeWrite(limiter, "review", { account: userId });

      const written = await withTransaction(db, async (tx) => {
        const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
        if (!author) throw new AppError("UNAUTHORIZED", sessionMessages.reviewLoginFirst);
        const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId));
        if (!product) throw notFound(catalogMessages.productNotFound);
        const mine = and(eq(reviews.productId, productId), eq(reviews.userId, userId));
        const [earlier] = await tx.select({ id: reviews.id }).from(reviews).where(mine);
        const fields = { customerName: author.name, review, customerRating, createdAt: now() };
        await tx
          .insert(reviews)
          .values({ id: uuidv7(), productId, userId, ...fields })
          .onConflictDoUpdate({
            target: [reviews.productId, reviews.userId],
            targetWhere: sql`${reviews.userId} is not null`,
            set: fields,
          });
        const aggregate = await catalog.applyReviewAggregate(tx, productId);
        const [saved] = await selectReviews(tx, mine);
        if (!saved) throw new Error("addReview: the review just written is not there");
        return { review: saved, replaced: earlier !== undefined, ...aggregate };
      });
      // After commit only (docs/decisions/011): cached answers showing the old rating go.
      changes.productsChanged([productId]);
      return {
        review: written.review,
        replaced: written.replaced,
        productRating: written.rating,
        reviewCount: written.reviewCount,
      };
    },
  };
}
