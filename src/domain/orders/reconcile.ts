import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, type SQL } from "drizzle-orm";
import { orders, refunds } from "#db/schema/orders.ts";
import { AppError } from "../errors.ts";
import type { OrdersContext } from "./deps.ts";
import { byId, findOrder } from "./order-rows.ts";
import { deliverOutbox } from "./outbox.ts";
import { completeIfPaid, releaseUnlessPaid } from "./payments.ts";
import { refundOrder, settlePending } from "./refunds.ts";
import type { Order } from "./types.ts";

/** Orders younger than this are left to the shopper's browser (it is probably still in the payment window). */
const SETTLE_SECONDS = 60;
const CLAIM_SECONDS = 120;
const BATCH = 50;
/** Razorpay may report a late authorisation for days after a payment: a released order is asked about this long. */
export const RELEASED_RECHECK_DAYS = 5;
export const recheckAfterMs = (ageMs: number) => Math.min(12 * 3_600_000, Math.max(2 * 60_000, ageMs / 4));

export interface ReconcileReport {
  checked: number;
  paid: number;
  expired: number;
  refunded: number;
  mails: number;
}

/**
 * The background job (decision 015): money the provider holds completes a pending or released order, else a hold that
 * is over ends; it retries refunds and sends waiting e-mails. Instances claim each order (`for update skip locked`).
 */
export async function reconcile(deps: OrdersContext): Promise<ReconcileReport> {
  const { db, now, gateway } = deps;
  const report: ReconcileReport = { checked: 0, paid: 0, expired: 0, refunded: 0, mails: 0 };
  const at = now();
  const waiting = await claim(
    deps,
    at,
    and(
      inArray(orders.status, ["pending", "refund_pending"]),
      lt(orders.createdAt, new Date(at.getTime() - SETTLE_SECONDS * 1000)),
    ),
  );
  const released = await claim(
    deps,
    at,
    and(
      inArray(orders.status, ["expired", "failed", "cancelled"]),
      isNull(orders.paymentId),
      isNotNull(orders.providerOrderId),
      eq(orders.paymentProvider, gateway.provider),
      gt(orders.createdAt, new Date(at.getTime() - RELEASED_RECHECK_DAYS * 86_400_000)),
      or(isNull(orders.nextCheckAt), lte(orders.nextCheckAt, at)),
    ),
  );
  // Refunds still pending after a while, on orders of any status (partial refunds, cancellations; decision 034).
  const refunding = await claim(
    deps,
    at,
    inArray(
      orders.id,
      db
        .select({ id: refunds.orderId })
        .from(refunds)
        .where(and(eq(refunds.status, "pending"), lt(refunds.createdAt, new Date(at.getTime() - SETTLE_SECONDS * 1000)))),
    ),
  );
  for (const id of refunding) {
    report.checked += 1;
    try {
      report.refunded += await settlePending(deps, id, true);
    } catch (error) {
      deps.log.error({ err: error, orderId: id }, "refunds not reconciled; they will be tried again");
    } finally {
      await db.update(orders).set({ claimedUntil: null }).where(eq(orders.id, id));
    }
  }

  for (const id of [...waiting, ...released]) {
    report.checked += 1;
    let nextCheckAt: Date | null = null;
    try {
      const order = await findOrder(db, byId(id));
      if (!order) continue;
      const askAgainLater = () => new Date(at.getTime() + recheckAfterMs(at.getTime() - order.createdAt.getTime()));
      if (order.status === "refund_pending") {
        await refundOrder(deps, id, true);
        report.refunded += 1;
      } else if (order.status === "pending" && order.holdExpiresAt.getTime() <= at.getTime()) {
        const ended = await settle(deps, order, () => releaseUnlessPaid(deps, order, "expired"));
        if (ended?.released) {
          report.expired += 1;
          nextCheckAt = askAgainLater();
        }
        count(report, ended?.settled);
      } else {
        const settled = await settle(deps, order, () => completeIfPaid(deps, order));
        count(report, settled);
        if (!settled && order.status !== "pending") nextCheckAt = askAgainLater();
      }
    } catch (error) {
      deps.log.error({ err: error, orderId: id }, "order not reconciled; it will be tried again");
    } finally {
      await db.update(orders).set({ claimedUntil: null, nextCheckAt }).where(eq(orders.id, id));
    }
  }
  report.mails = await deliverOutbox(deps);
  return report;
}

async function claim(deps: OrdersContext, at: Date, where: SQL | undefined): Promise<string[]> {
  const { db } = deps;
  const claimed = await db
    .update(orders)
    .set({ claimedUntil: new Date(at.getTime() + CLAIM_SECONDS * 1000) })
    .where(
      inArray(
        orders.id,
        db
          .select({ id: orders.id })
          .from(orders)
          .where(and(where, or(isNull(orders.claimedUntil), lt(orders.claimedUntil, at))))
          .orderBy(asc(orders.createdAt))
          .limit(BATCH)
          .for("update", { skipLocked: true }),
      ),
    )
    .returning({ id: orders.id });
  return claimed.map((row) => row.id);
}

/** A payment that does not pay its order is logged and left (undefined); anything else throws. */
async function settle<T>(deps: OrdersContext, order: Order, work: () => Promise<T>): Promise<T | undefined> {
  return work().catch((error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    deps.log.warn({ err: error, orderId: order.id }, "a payment that does not pay its order");
    return undefined;
  });
}

function count(report: ReconcileReport, settled: Order | undefined) {
  if (settled?.status === "paid") report.paid += 1;
  else if (settled?.status === "refunded" || settled?.status === "refund_pending") report.refunded += 1;
}
