import { and, asc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { orders } from "#db/schema/shopping.ts";
import { AppError } from "../errors.ts";
import type { OrdersContext } from "./deps.ts";
import { releaseHold } from "./holds.ts";
import { byId, findOrder } from "./order-rows.ts";
import { deliverOutbox } from "./outbox.ts";
import { completeWithPayment, refundOrder } from "./payments.ts";

/** Orders younger than this are left to the shopper's browser (it is probably still in the payment window). */
const SETTLE_SECONDS = 60;
const CLAIM_SECONDS = 120;
const BATCH = 50;

export interface ReconcileReport {
  checked: number;
  paid: number;
  expired: number;
  refunded: number;
  mails: number;
}

/**
 * The background job (every PAYMENT_RECONCILE_SECONDS): asks the provider about pending orders older than a minute and
 * completes (a captured payment the browser never reported) or expires them (hold over, nothing captured); retries
 * refunds; sends waiting e-mails. Several instances may run it at once: each order is claimed for two minutes first
 * (`claimed_until`, `for update skip locked`), so one instance handles a given order.
 */
export async function reconcile(deps: OrdersContext): Promise<ReconcileReport> {
  const { db, now, gateway } = deps;
  const report: ReconcileReport = { checked: 0, paid: 0, expired: 0, refunded: 0, mails: 0 };
  const at = now();
  const claimed = await db
    .update(orders)
    .set({ claimedUntil: new Date(at.getTime() + CLAIM_SECONDS * 1000) })
    .where(
      inArray(
        orders.id,
        db
          .select({ id: orders.id })
          .from(orders)
          .where(
            and(
              inArray(orders.status, ["pending", "refund_pending"]),
              lt(orders.createdAt, new Date(at.getTime() - SETTLE_SECONDS * 1000)),
              or(isNull(orders.claimedUntil), lt(orders.claimedUntil, at)),
            ),
          )
          .orderBy(asc(orders.createdAt))
          .limit(BATCH)
          .for("update", { skipLocked: true }),
      ),
    )
    .returning({ id: orders.id });

  for (const { id } of claimed) {
    report.checked += 1;
    try {
      const order = await findOrder(db, byId(id));
      if (!order) continue;
      if (order.status === "refund_pending") {
        await refundOrder(deps, id);
        report.refunded += 1;
        continue;
      }
      const payments = order.providerOrderId ? await gateway.listOrderPayments(order.providerOrderId) : [];
      const captured = payments.find((payment) => payment.status === "captured");
      if (captured) {
        const done = await completeWithPayment(deps, order, captured.id).catch((error: unknown) => {
          if (error instanceof AppError) {
            deps.log.warn({ err: error, orderId: id }, "a captured payment that does not pay its order");
            return undefined;
          }
          throw error;
        });
        if (done?.status === "paid") report.paid += 1;
      } else if (order.holdExpiresAt.getTime() <= at.getTime()) {
        if (await releaseHold(deps, id, "expired")) report.expired += 1;
      }
    } catch (error) {
      deps.log.error({ err: error, orderId: id }, "order not reconciled; it will be tried again");
    } finally {
      await db.update(orders).set({ claimedUntil: null }).where(eq(orders.id, id));
    }
  }
  report.mails = await deliverOutbox(deps);
  return report;
}
