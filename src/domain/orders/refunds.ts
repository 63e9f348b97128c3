// Refunds on the `refunds` table (decision 034): a row is written first under the order's row lock, the provider is
// asked after commit with our row id as its reference, and every answer (the call's, a webhook's, reconciliation's)
// settles a pending row once. Used by the back office, the automatic refund of payments.ts and reconcile.ts.
import { and, eq, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { type DbExecutor, withTransaction } from "#db/client.ts";
import { orderEvents, orders, refunds } from "#db/schema/orders.ts";
import { orderAdminMessages as m } from "#shared/messages/back-office-orders.ts";
import type { Actor } from "../back-office/audit.ts";
import { notFound } from "../errors.ts";
import type { OrdersContext } from "./deps.ts";
import type { OrderRow } from "./order-rows.ts";
import { sendClaimed, writeRefundNote, writeStatusNote } from "./outbox.ts";
import { PaymentProviderError, type ProviderRefund } from "./ports.ts";
import type { OrderStatus } from "./types.ts";

export type RefundRow = typeof refunds.$inferSelect;
export type OrderEventKind = (typeof orderEvents.$inferSelect)["kind"];

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AUTO_REASON = "The stock was sold before the payment arrived.";

export async function lockedOrder(tx: DbExecutor, id: string): Promise<OrderRow> {
  if (!UUID.test(id)) throw notFound(m.orderNotFound);
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  if (!row) throw notFound(m.orderNotFound);
  return row;
}

/** A line of the order's timeline; `actor` null: the shop itself (a webhook, reconciliation). */
export function writeEvent(
  deps: Pick<OrdersContext, "now">,
  tx: DbExecutor,
  orderId: string,
  actor: Actor | null,
  kind: OrderEventKind,
  note = "",
  data?: object,
) {
  return tx.insert(orderEvents).values({
    id: uuidv7(),
    orderId,
    at: deps.now(),
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? "",
    kind,
    note,
    data: (data ?? null) as Record<string, unknown> | null,
  });
}

/** Refunds that count against what was paid: processed ones and those still waiting for the bank. */
export async function refundTotals(tx: DbExecutor, orderId: string) {
  const sumOf = (status: RefundRow["status"]) =>
    sql<number>`coalesce(sum(${refunds.amountPaise}) filter (where ${refunds.status} = ${status}), 0)`.mapWith(Number);
  const [row] = await tx
    .select({ processed: sumOf("processed"), pending: sumOf("pending") })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  return { processed: row?.processed ?? 0, pending: row?.pending ?? 0 };
}

/** A pending refund row with its timeline event, in the caller's transaction (the order's row already locked). */
export async function insertRefund(
  deps: Pick<OrdersContext, "now">,
  tx: DbExecutor,
  order: OrderRow,
  input: { amountPaise: number; reason: string; requestKey: string; actor: Actor | null },
): Promise<RefundRow> {
  const at = deps.now();
  const [row] = await tx
    .insert(refunds)
    .values({
      id: uuidv7(),
      orderId: order.id,
      amountPaise: input.amountPaise,
      reason: input.reason,
      status: "pending",
      requestKey: input.requestKey,
      createdBy: input.actor?.id ?? null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  if (!row) throw new Error("refund not written");
  await writeEvent(deps, tx, order.id, input.actor, "refund_requested", input.reason, {
    refundId: row.id,
    amountPaise: row.amountPaise,
  });
  return row;
}

/**
 * Asks the provider about a pending refund. With `lookFirst` (reconciliation) the payment's refunds are read first and
 * one carrying our id is the answer, so a refund whose answer was lost is never made twice; the id is also Razorpay's
 * idempotency key. A refusal (4xx) fails the row with Razorpay's words; no answer leaves it pending.
 */
export async function sendRefund(
  deps: OrdersContext,
  refundId: string,
  { lookFirst }: { lookFirst: boolean },
): Promise<RefundRow | undefined> {
  const [row] = await deps.db
    .select({ refund: refunds, paymentId: orders.paymentId })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(refunds.id, refundId));
  if (row?.refund.status !== "pending" || !row.paymentId) return row?.refund;
  const { refund, paymentId } = row;
  let answer: ProviderRefund | undefined;
  try {
    if (refund.providerRefundId) answer = await deps.gateway.fetchRefund(refund.providerRefundId);
    else if (lookFirst) answer = (await deps.gateway.listPaymentRefunds(paymentId)).find((one) => one.reference === refund.id);
    answer ??= await deps.gateway.refund(paymentId, refund.amountPaise, refund.id);
  } catch (error) {
    if (error instanceof PaymentProviderError && error.refusal !== undefined) {
      return applyRefundAnswer(deps, refund.id, { providerRefundId: null, status: "failed", failureReason: error.refusal });
    }
    deps.log.error({ err: error, refundId }, "refund not sent yet; reconciliation will ask again");
    return refund;
  }
  return applyRefundAnswer(deps, refund.id, {
    providerRefundId: answer.id,
    status: answer.status,
    failureReason: answer.failureReason ?? null,
  });
}

/**
 * Records the provider's word on a refund: only a pending row changes, so a replayed webhook changes nothing. Once all
 * that was paid has come back the order is refunded and the shopper e-mailed; a failed full refund puts it back.
 */
export async function applyRefundAnswer(
  deps: OrdersContext,
  refundId: string,
  answer: { providerRefundId: string | null; status: ProviderRefund["status"]; failureReason: string | null },
): Promise<RefundRow | undefined> {
  const outcome = await withTransaction(deps.db, async (tx) => {
    const [current] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
    if (!current) return undefined;
    const order = await lockedOrder(tx, current.orderId);
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
    if (refund?.status !== "pending" || (answer.status === "pending" && refund.providerRefundId)) {
      return { refund, note: undefined };
    }
    const at = deps.now();
    const failureReason = answer.status === "failed" ? answer.failureReason || m.refundFailedDefault : null;
    const [changed] = await tx
      .update(refunds)
      .set({
        providerRefundId: answer.providerRefundId ?? refund.providerRefundId,
        status: answer.status,
        failureReason,
        updatedAt: at,
        processedAt: answer.status === "processed" ? at : null,
      })
      .where(eq(refunds.id, refundId))
      .returning();
    if (answer.status === "pending") return { refund: changed, note: undefined };
    const kind = answer.status === "processed" ? "refund_processed" : "refund_failed";
    await writeEvent(deps, tx, order.id, null, kind, failureReason ?? "", {
      refundId,
      amountPaise: refund.amountPaise,
      providerRefundId: answer.providerRefundId,
    });
    const totals = await refundTotals(tx, order.id);
    let note: Awaited<ReturnType<typeof writeStatusNote>>;
    if (totals.pending === 0 && totals.processed >= order.amountPaise) {
      if (order.status === "refund_pending") {
        await tx
          .update(orders)
          .set({ status: "refunded", refundId: answer.providerRefundId, updatedAt: at })
          .where(eq(orders.id, order.id));
      }
      note = await writeStatusNote(deps, tx, order.id, "refunded");
    } else if (answer.status === "processed") {
      note = await writeRefundNote(deps, tx, refund);
    } else if (answer.status === "failed" && order.status === "refund_pending" && order.stockHeld) {
      // A full refund that failed: the order is back where it was; the failed row says why and can be retried.
      const back: OrderStatus = order.deliveredAt ? "delivered" : order.shippedAt ? "shipped" : "paid";
      await tx.update(orders).set({ status: back, updatedAt: at }).where(eq(orders.id, order.id));
    }
    return { refund: changed, note };
  });
  if (outcome?.note) deps.background(sendClaimed(deps, outcome.note));
  return outcome?.refund;
}

/** A `refund.*` webhook: the refund is found by Razorpay's id, else by the id we sent as its receipt. */
export async function applyRefundEvent(deps: OrdersContext, refund: ProviderRefund): Promise<void> {
  const byReference = refund.reference && UUID.test(refund.reference) ? refund.reference : undefined;
  const [row] = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      byReference
        ? sql`(${refunds.providerRefundId} = ${refund.id} or ${refunds.id} = ${byReference})`
        : eq(refunds.providerRefundId, refund.id),
    )
    .limit(1);
  if (!row) {
    deps.log.warn({ providerRefundId: refund.id }, "a refund event for no refund of ours");
    return;
  }
  await applyRefundAnswer(deps, row.id, {
    providerRefundId: refund.id,
    status: refund.status,
    failureReason: refund.failureReason ?? null,
  });
}

/** The automatic refund of a payment whose stock was sold meanwhile: one row per order, however often asked. */
async function ensureAutoRefund(deps: OrdersContext, orderId: string): Promise<void> {
  await withTransaction(deps.db, async (tx) => {
    const row = await lockedOrder(tx, orderId);
    if (row.status !== "refund_pending" || !row.paymentId) return;
    const [any] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.orderId, orderId)).limit(1);
    if (any) return;
    await insertRefund(deps, tx, row, {
      amountPaise: row.amountPaise,
      reason: AUTO_REASON,
      requestKey: `auto:${orderId}`,
      actor: null,
    });
  });
}

/** Gives the money back for a payment whose stock was sold meanwhile (payments.ts); reconciliation retries it. */
export async function refundOrder(deps: OrdersContext, orderId: string, lookFirst = false): Promise<number> {
  await ensureAutoRefund(deps, orderId);
  return settlePending(deps, orderId, lookFirst);
}

/** Asks about every pending refund of an order; how many were settled. */
export async function settlePending(deps: OrdersContext, orderId: string, lookFirst: boolean): Promise<number> {
  const pending = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "pending")));
  let settled = 0;
  for (const { id } of pending) {
    const after = await sendRefund(deps, id, { lookFirst });
    if (after && after.status !== "pending") settled += 1;
  }
  return settled;
}
