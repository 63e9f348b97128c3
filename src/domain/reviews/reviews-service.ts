import { and, count, desc, eq, exists, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { type Db, type DbExecutor, namedStatement, withTransaction } from "#db/client.ts";
import { users } from "#db/schema/accounts.ts";
import { products } from "#db/schema/catalog.ts";
import { orderItems, orders } from "#db/schema/orders.ts";
import { reviewReports, reviews } from "#db/schema/reviews.ts";
import { RATING_MAX } from "#shared/constants.ts";
import { reviewReportMessages } from "#shared/messages/back-office-reviews.ts";
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
  /** Null for the demo catalogue's reviews, which no account wrote. */
  userId: string | null;
  customerName: string;
  /** Plain text: adapters show it as text, never as markup. */
  review: string;
  customerRating: number;
  createdAt: Date;
  verifiedPurchase: boolean;
}

export interface RatingSummary {
  count: number;
  /** A half star counts with the whole star below it (4.5 with 4), and 0.5 with 1. */
  stars: { stars: number; count: number }[];
}

export interface AddReview {
  /** The session's account: never a name or id from the request's body. */
  userId: string | null;
  productId: string;
  /** Parsed here with the shared schema, whatever the adapter did before. */
  review: unknown;
  customerRating: unknown;
}

export interface AddedReview {
  review: Review;
  replaced: boolean;
  /** The shop hid the earlier review: the edit stays hidden (decision 037). */
  hidden: boolean;
  productRating: number;
  reviewCount: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A 'verified purchase': the reviewer has an order of the product that was paid and not given back. */
const PAID_ORDER_STATUSES = PURCHASED_ORDER_STATUSES;

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

// A signed-in product page's personal reads of its reviews in one round trip (see `viewerOf`). Parameters: the
// shopper's id, the shown reviews' ids, the product's id.
const viewerState = namedStatement<{ reported: string[]; ownHiddenId: string | null }>(
  "reviews_viewer_state",
  `select array(select review_id::text from review_reports where user_id = $1 and review_id = any($2::uuid[])) as "reported",
          (select id::text from reviews where product_id = $3 and user_id = $1 and hidden_at is not null) as "ownHiddenId"`,
);

export type ReviewsService = ReturnType<typeof createReviewsService>;

/**
 * One review per shopper and product (decision 014); each write recomputes the product's rating in its transaction
 * through the catalogue, which owns products (decision 011), and reports the change after commit.
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
  limiter: Pick<RateLimiter, "consume">;
}) {
  // Every product page reads a page of its reviews and their histogram: prepared once. Hidden ones are never shown.
  const ofProduct = and(eq(reviews.productId, sql.placeholder("productId")), isNull(reviews.hiddenAt));
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
  // And, for a signed-in shopper with a hidden review of their own, that review (decision 037).
  const ownHidden = selectReviews(
    db,
    and(
      eq(reviews.productId, sql.placeholder("productId")),
      eq(reviews.userId, sql.placeholder("userId")),
      isNotNull(reviews.hiddenAt),
    ),
  ).prepare("reviews_own_hidden");

  return {
    async listReviews({ productId, page, perPage }: Pagination & { productId: string }): Promise<Page<Review>> {
      const rows = await reviewPage.execute({ productId, limit: perPage, offset: (page - 1) * perPage });
      const total = rows[0]?.total ?? (page === 1 ? 0 : ((await reviewCount.execute({ productId }))[0]?.total ?? 0));
      return toPage(
        rows.map(({ total: _, ...review }) => review),
        total,
        { page, perPage },
      );
    },

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

    /** Replaces the shopper's earlier review; the author's id and name come from their account, never the body. */
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
        const [product] = await tx.select({ archivedAt: products.archivedAt }).from(products).where(eq(products.id, productId));
        if (!product) throw notFound(catalogMessages.productNotFound);
        // An archived product keeps its reviews but takes no new ones (decision 032).
        if (product.archivedAt !== null) throw new AppError("GONE", catalogMessages.productGone);
        const mine = and(eq(reviews.productId, productId), eq(reviews.userId, userId));
        const [earlier] = await tx.select({ id: reviews.id, hiddenAt: reviews.hiddenAt }).from(reviews).where(mine);
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
        return { review: saved, replaced: earlier !== undefined, hidden: Boolean(earlier?.hiddenAt), ...aggregate };
      });
      // After commit only (decision 011): cached answers showing the old rating go.
      changes.productsChanged([productId]);
      return {
        review: written.review,
        replaced: written.replaced,
        hidden: written.hidden,
        productRating: written.rating,
        reviewCount: written.reviewCount,
      };
    },

    /**
     * A signed-in shopper's side of a product's reviews: which of the shown ones they reported ("Reported" instead of
     * the button), and their own review the shop hid, shown back to them alone (decision 037). One statement unless
     * there is such a review to read.
     */
    async viewerOf(
      productId: string,
      userId: string,
      shownIds: readonly string[],
    ): Promise<{ reported: Set<string>; ownHidden: Review | null }> {
      const [row] = await viewerState(db, [userId, [...shownIds], productId]);
      const hidden = row?.ownHiddenId ? ((await ownHidden.execute({ productId, userId }))[0] ?? null) : null;
      return { reported: new Set(row?.reported ?? []), ownHidden: hidden };
    },

    /** "Report this review": once per shopper and review, never one's own; counted in the report's transaction. */
    async reportReview(input: { userId: string | null; reviewId: string; reason: string }): Promise<void> {
      const { userId, reviewId, reason } = input;
      if (!userId) throw new AppError("UNAUTHORIZED", reviewReportMessages.signInFirst);
      if (!UUID.test(reviewId)) throw notFound(reviewReportMessages.notFound);
      await consumeWrite(limiter, "reviewReport", { account: userId });
      await withTransaction(db, async (tx) => {
        const [review] = await tx
          .select({ userId: reviews.userId })
          .from(reviews)
          .where(and(eq(reviews.id, reviewId), isNull(reviews.hiddenAt)))
          .for("no key update");
        if (!review) throw notFound(reviewReportMessages.notFound);
        if (review.userId === userId) throw new AppError("FORBIDDEN", reviewReportMessages.own);
        const inserted = await tx
          .insert(reviewReports)
          .values({ reviewId, userId, reason, createdAt: now() })
          .onConflictDoNothing()
          .returning({ reviewId: reviewReports.reviewId });
        if (inserted.length === 0) throw new AppError("CONFLICT", reviewReportMessages.already);
        await tx
          .update(reviews)
          .set({ reportCount: sql`${reviews.reportCount} + 1` })
          .where(eq(reviews.id, reviewId));
      });
    },
  };
}
