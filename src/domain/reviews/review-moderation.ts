import { and, asc, desc, eq, gt, isNotNull, isNull, ne, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import { type Db, type DbExecutor, withTransaction } from "#db/client.ts";
import { products } from "#db/schema/catalog.ts";
import { reviewReports, reviews } from "#db/schema/reviews.ts";
import { reviewModerationMessages as m } from "#shared/messages/back-office-reviews.ts";
import type { ReviewQueueQuery } from "#shared/schemas/back-office-reviews.ts";
import type { Actor, AuditEntry } from "../back-office/audit.ts";
import type { CatalogService } from "../catalog/catalog-service.ts";
import { AppError, notFound } from "../errors.ts";
import type { CatalogChanges } from "../ports.ts";

// The moderation queue (issue 34, item 4; decision 037): three keyset orders over the indexes of migration 0014, and
// hide/unhide, each recomputing the product's rating in its transaction with its audit event, evicting after commit.

export interface QueueReview {
  id: string;
  productId: string;
  productName: string;
  /** Null for the demo catalogue's reviews. */
  userId: string | null;
  customerName: string;
  review: string;
  customerRating: number;
  createdAt: Date;
  reportCount: number;
  hiddenAt: Date | null;
  hiddenReason: string | null;
  /** The newest reasons given with reports (empty reasons left out). */
  reportReasons: string[];
}

export interface QueuePage {
  items: QueueReview[];
  /** The `after` of the next page, null on the last. */
  next: string | null;
  /** The `before` of the previous page, null on the first. */
  previous: string | null;
}

export type ReviewModeration = ReturnType<typeof createReviewModeration>;

const REASONS_SHOWN = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const columns = {
  id: reviews.id,
  productId: reviews.productId,
  productName: products.name,
  userId: reviews.userId,
  customerName: reviews.customerName,
  review: reviews.review,
  customerRating: reviews.customerRating,
  createdAt: reviews.createdAt,
  reportCount: reviews.reportCount,
  hiddenAt: reviews.hiddenAt,
  hiddenReason: reviews.hiddenReason,
};

export function createReviewModeration({
  db,
  catalog,
  audit,
  changes,
  now,
}: {
  db: Db;
  catalog: Pick<CatalogService, "applyReviewAggregate">;
  audit: { record(tx: DbExecutor, actor: Actor, entry: AuditEntry): Promise<unknown> };
  changes: CatalogChanges;
  now: () => Date;
}) {
  const cursor = alias(reviews, "cursor_review");
  const cursorValue = (column: SQL, after: string) =>
    sql`(select ${column} from ${reviews} as ${sql.identifier("cursor_review")} where ${cursor.id} = ${after})`;

  const page = (where: (SQL | undefined)[], order: SQL[], limit: number) =>
    db
      .select(columns)
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(and(...where))
      .orderBy(...order)
      .limit(limit);

  async function reasonsOf(reviewId: string): Promise<string[]> {
    const rows = await db
      .select({ reason: reviewReports.reason })
      .from(reviewReports)
      .where(and(eq(reviewReports.reviewId, reviewId), ne(reviewReports.reason, "")))
      .orderBy(desc(reviewReports.createdAt))
      .limit(REASONS_SHOWN);
    return rows.map((row) => row.reason);
  }

  /** Hides or shows a review again: the product's rating and count follow in the same transaction. */
  async function setHidden(actor: Actor, id: string, hide: boolean, reason: string | undefined) {
    if (!UUID.test(id)) throw notFound(m.notFound);
    if (hide && !reason?.trim()) throw new AppError("BAD_REQUEST", m.reasonRequired, { field: "reason" });
    const result = await withTransaction(db, async (tx) => {
      const [row] = await tx
        .select({ productId: reviews.productId, hiddenAt: reviews.hiddenAt, hiddenReason: reviews.hiddenReason })
        .from(reviews)
        .where(eq(reviews.id, id))
        .for("update");
      if (!row) throw notFound(m.notFound);
      if (hide && row.hiddenAt) throw new AppError("CONFLICT", m.alreadyHidden);
      if (!hide && !row.hiddenAt) throw new AppError("CONFLICT", m.notHidden);
      await tx
        .update(reviews)
        .set(
          hide
            ? { hiddenAt: now(), hiddenReason: reason ?? "", hiddenBy: actor.id }
            : { hiddenAt: null, hiddenReason: null, hiddenBy: null },
        )
        .where(eq(reviews.id, id));
      const aggregate = await catalog.applyReviewAggregate(tx, row.productId);
      await audit.record(tx, actor, {
        action: hide ? "review.hide" : "review.unhide",
        entityType: "review",
        entityId: id,
        before: { hidden: !hide, ...(hide ? {} : { hiddenReason: row.hiddenReason }) },
        after: { hidden: hide, productId: row.productId, productRating: aggregate.rating, reviewCount: aggregate.reviewCount },
        reason,
      });
      return { productId: row.productId, ...aggregate };
    });
    // After commit only (decision 009): the product page, its API answer and other instances follow at once.
    changes.productsChanged([result.productId]);
    return result;
  }

  return {
    /**
     * One page of the queue in the chosen order: `perPage` reviews after the review `after`, or before the review
     * `before` (read in the reverse order, from the same index, then turned round).
     */
    async list(query: ReviewQueueQuery & { perPage: number }): Promise<QueuePage> {
      const { sort, status, perPage } = query;
      const backwards = query.before !== undefined && query.after === undefined;
      const at = query.after ?? query.before;
      if (at !== undefined) {
        const [known] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, at));
        if (!known) throw new AppError("BAD_REQUEST", m.cursorInvalid);
      }
      const filter =
        status === "visible" ? isNull(reviews.hiddenAt) : status === "hidden" ? isNotNull(reviews.hiddenAt) : undefined;
      // Forwards "further" is below the cursor in (…, created, id); backwards it is above, and every order turns.
      const beyond = (columns: SQL, cursorColumns: SQL, cursorAt: string) =>
        backwards
          ? sql`(${columns}) > ${cursorValue(cursorColumns, cursorAt)}`
          : sql`(${columns}) < ${cursorValue(cursorColumns, cursorAt)}`;
      const way = (column: SQL | AnyPgColumn, newestFirst: boolean) => (newestFirst !== backwards ? desc(column) : asc(column));
      const newest = [way(reviews.createdAt, true), way(reviews.id, true)];
      const wanted = perPage + 1;
      let rows: Awaited<ReturnType<typeof page>>;
      if (sort === "newest") {
        const further = at
          ? beyond(sql`${reviews.createdAt}, ${reviews.id}`, sql`${cursor.createdAt}, ${cursor.id}`, at)
          : undefined;
        rows = await page([filter, further], newest, wanted);
      } else if (sort === "reported") {
        // `report_count > 0` lets the partial index reviews_reported_idx serve the order.
        const further = at
          ? beyond(
              sql`${reviews.reportCount}, ${reviews.createdAt}, ${reviews.id}`,
              sql`${cursor.reportCount}, ${cursor.createdAt}, ${cursor.id}`,
              at,
            )
          : undefined;
        rows = await page([gt(reviews.reportCount, 0), filter, further], [way(reviews.reportCount, true), ...newest], wanted);
      } else {
        // reviews_rating_idx is (rating asc, newest first): the rest of the cursor's rating, then the next ratings
        // (higher forwards, lower backwards), each an index range of its own, so a deep page reads no more rows.
        const lowest = [way(reviews.customerRating, false), ...newest];
        if (!at) {
          rows = await page([filter], lowest, wanted);
        } else {
          const rating = cursorValue(sql`${cursor.customerRating}`, at);
          rows = await page(
            [
              filter,
              sql`${reviews.customerRating} = ${rating}`,
              beyond(sql`${reviews.createdAt}, ${reviews.id}`, sql`${cursor.createdAt}, ${cursor.id}`, at),
            ],
            lowest,
            wanted,
          );
          if (rows.length < wanted) {
            const next = backwards ? sql`${reviews.customerRating} < ${rating}` : sql`${reviews.customerRating} > ${rating}`;
            rows = rows.concat(await page([filter, next], lowest, wanted - rows.length));
          }
        }
      }
      const more = rows.length > perPage;
      const items = rows.slice(0, perPage);
      if (backwards) items.reverse();
      const reasons = await Promise.all(items.map((row) => (row.reportCount > 0 ? reasonsOf(row.id) : Promise.resolve([]))));
      return {
        items: items.map((row, index) => ({ ...row, reportReasons: reasons[index] ?? [] })),
        next: backwards || more ? (items.at(-1)?.id ?? null) : null,
        previous: backwards ? (more ? (items[0]?.id ?? null) : null) : at !== undefined ? (items[0]?.id ?? null) : null,
      };
    },

    hide: (actor: Actor, id: string, reason: string) => setHidden(actor, id, true, reason),
    unhide: (actor: Actor, id: string, reason?: string) => setHidden(actor, id, false, reason),
  };
}
