// One file: every move shares the same lock, check, timeline-and-audit and after-commit steps defined here.
// The back office's orders (issue 34, item 1; decision 034): keyset lists with search, an order's page, and the moves
// staff make (ship, deliver, cancel, refund, note), each with its timeline event and audit event in one transaction.
// Refunds are rows first (the guard: the order's row lock, the request key) and provider calls after commit.
import { and, asc, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { type DbExecutor, withTransaction } from "#db/client.ts";
import { orderEvents, orderItems, orders, refunds } from "#db/schema/orders.ts";
import { orderAdminMessages as m, orderStatusLabels } from "#shared/messages/back-office-orders.ts";
import type { Actor } from "../back-office/audit.ts";
import { AppError, notFound } from "../errors.ts";
import type { OrdersContext } from "./deps.ts";
import { byId, findOrder } from "./order-rows.ts";
import { sendClaimed, writeStatusNote } from "./outbox.ts";
import { releaseUnlessPaid } from "./payments.ts";
import type { ProviderPayment } from "./ports.ts";
import { insertRefund, lockedOrder, type RefundRow, refundTotals, sendRefund, UUID, writeEvent } from "./refunds.ts";
import type { Order, OrderStatus } from "./types.ts";

export type { RefundRow };
export type OrderEvent = typeof orderEvents.$inferSelect;

export interface OrderListQuery {
  status?: OrderStatus | undefined;
  /** Days in India time, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  after?: string | undefined;
  before?: string | undefined;
  perPage: number;
}

export interface OrderListRow {
  id: string;
  createdAt: Date;
  name: string;
  email: string;
  phoneNumber: string;
  amountPaise: number;
  status: OrderStatus;
  paymentId: string | null;
  items: number;
}

export interface AdminOrder extends Order {
  refunds: RefundRow[];
  events: OrderEvent[];
  refundedPaise: number;
  pendingRefundPaise: number;
  /** What can still be refunded: paid minus processed and pending refunds. */
  refundablePaise: number;
}

export type SearchKind = "id" | "payment" | "email" | "phone" | "name";

const MONEY_STATES: readonly OrderStatus[] = ["paid", "shipped", "delivered", "cancelled", "refund_pending", "refunded"];
/** Orders whose shopper has the goods or is about to: a refund in full leaves them refund_pending, then refunded. */
const GOODS_STATES: readonly OrderStatus[] = ["paid", "shipped", "delivered"];

/** What a search box's text is: an order id, a payment id, an e-mail, a phone number, else a part of a name. */
export function searchKind(q: string): { kind: SearchKind; value: string } {
  const text = q.trim();
  if (UUID.test(text)) return { kind: "id", value: text.toLowerCase() };
  if (/^pay_[A-Za-z0-9]+$/.test(text)) return { kind: "payment", value: text };
  if (text.includes("@")) return { kind: "email", value: text.toLowerCase() };
  const digits = text.replace(/[\s()-]/g, "");
  if (/^\+?\d{6,15}$/.test(digits)) return { kind: "phone", value: digits.replace(/^\+91(?=\d{10}$)/, "") };
  return { kind: "name", value: text.toLowerCase() };
}

/** Midnight in India (UTC+05:30, no summer time) of a YYYY-MM-DD day, plus `days`. */
function indiaDay(day: string, days = 0): Date {
  const at = new Date(`${day}T00:00:00+05:30`);
  if (Number.isNaN(at.getTime())) throw new AppError("BAD_REQUEST", m.dateInvalid, { field: "from" });
  return new Date(at.getTime() + days * 86_400_000);
}

const statusLabel = (status: string) => (orderStatusLabels[status] ?? status).toLowerCase();

export type OrdersAdmin = ReturnType<typeof createOrdersAdmin>;

export function createOrdersAdmin(deps: OrdersContext) {
  const { db, now } = deps;
  const audit = deps.audit ?? { record: async () => undefined };

  function record(
    tx: DbExecutor,
    actor: Actor,
    action: string,
    orderId: string,
    before: unknown,
    after: unknown,
    reason?: string,
  ) {
    return audit.record(tx, actor, { action, entityType: "order", entityId: orderId, before, after, reason });
  }

  async function requestRefund(
    actor: Actor | null,
    orderId: string,
    input: { amountPaise: number; reason: string; requestKey: string },
    action: string,
  ): Promise<RefundRow> {
    const created = await withTransaction(db, async (tx) => {
      const order = await lockedOrder(tx, orderId);
      // A double submit or a retry waited on the lock above: it finds the row the first one wrote.
      const [same] = await tx.select().from(refunds).where(eq(refunds.requestKey, input.requestKey));
      if (same) {
        if (same.orderId !== order.id) throw new AppError("CONFLICT", m.refundNotFound);
        return { refund: same, fresh: false };
      }
      if (!order.paymentId || !MONEY_STATES.includes(order.status)) throw new AppError("CONFLICT", m.refundNotPaid);
      const totals = await refundTotals(tx, order.id);
      const left = order.amountPaise - totals.processed - totals.pending;
      if (left <= 0) throw new AppError("CONFLICT", m.refundNothingLeft);
      if (input.amountPaise > left) throw new AppError("BAD_REQUEST", m.refundTooMuch(left), { field: "amount" });
      const refund = await insertRefund(deps, tx, order, { ...input, actor });
      if (input.amountPaise === left && GOODS_STATES.includes(order.status)) {
        await tx.update(orders).set({ status: "refund_pending", updatedAt: now() }).where(eq(orders.id, order.id));
      }
      if (actor) {
        await record(
          tx,
          actor,
          action,
          order.id,
          { status: order.status, refundablePaise: left },
          { refundId: refund.id, amountPaise: refund.amountPaise, refundablePaise: left - refund.amountPaise },
          input.reason,
        );
      }
      return { refund, fresh: true };
    });
    if (!created.fresh) return created.refund;
    return (await sendRefund(deps, created.refund.id, { lookFirst: false })) ?? created.refund;
  }

  return {
    searchKind,

    /** Newest first; a page continues after (or before) an order id; no total, which would count a million rows. */
    async list(query: OrderListQuery): Promise<{ items: OrderListRow[]; next: string | null; previous: string | null }> {
      const where: (SQL | undefined)[] = [];
      if (query.status) where.push(eq(orders.status, query.status));
      if (query.from) where.push(gte(orders.createdAt, indiaDay(query.from)));
      if (query.to) where.push(lt(orders.createdAt, indiaDay(query.to, 1)));
      if (query.from && query.to && query.from > query.to) throw new AppError("BAD_REQUEST", m.dateOrder, { field: "to" });
      if (query.q?.trim()) {
        const { kind, value } = searchKind(query.q);
        if (kind === "id") where.push(eq(orders.id, value));
        else if (kind === "payment") where.push(eq(orders.paymentId, value));
        else if (kind === "email") where.push(sql`lower(${orders.email}) = ${value}`);
        else if (kind === "phone") where.push(eq(orders.phoneNumber, value));
        else {
          if (value.length < 3) throw new AppError("BAD_REQUEST", m.searchTooShort, { field: "q" });
          const pattern = `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          where.push(sql`lower(${orders.name}) like ${pattern}`);
        }
      }
      const backwards = query.before !== undefined && query.after === undefined;
      const cursor = query.after ?? query.before;
      if (cursor !== undefined) {
        if (!UUID.test(cursor)) throw new AppError("BAD_REQUEST", m.cursorInvalid);
        const further = backwards ? sql`>` : sql`<`;
        where.push(
          sql`(${orders.createdAt}, ${orders.id}) ${further} (select o.created_at, o.id from ${orders} o where o.id = ${cursor})`,
        );
      }
      const rows = await db
        .select({
          id: orders.id,
          createdAt: orders.createdAt,
          name: orders.name,
          email: orders.email,
          phoneNumber: orders.phoneNumber,
          amountPaise: orders.amountPaise,
          status: orders.status,
          paymentId: orders.paymentId,
          items: sql<number>`(select coalesce(sum(i.quantity), 0) from order_items i where i.order_id = "orders"."id")`.mapWith(
            Number,
          ),
        })
        .from(orders)
        .where(and(...where))
        .orderBy(...(backwards ? [asc(orders.createdAt), asc(orders.id)] : [desc(orders.createdAt), desc(orders.id)]))
        .limit(query.perPage + 1);
      const more = rows.length > query.perPage;
      const page = rows.slice(0, query.perPage);
      if (backwards) page.reverse();
      const first = page[0]?.id ?? null;
      const last = page.at(-1)?.id ?? null;
      return {
        items: page,
        next: backwards || more ? last : null,
        previous: backwards ? (more ? first : null) : cursor !== undefined ? first : null,
      };
    },

    async get(id: string): Promise<AdminOrder> {
      if (!UUID.test(id)) throw notFound(m.orderNotFound);
      const order = await findOrder(db, byId(id));
      if (!order) throw notFound(m.orderNotFound);
      const [refundRows, events] = await Promise.all([
        db.select().from(refunds).where(eq(refunds.orderId, id)).orderBy(asc(refunds.createdAt)),
        db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.at), asc(orderEvents.id)),
      ]);
      const sum = (status: RefundRow["status"]) =>
        refundRows.filter((refund) => refund.status === status).reduce((total, refund) => total + refund.amountPaise, 0);
      const refundedPaise = sum("processed");
      const pendingRefundPaise = sum("pending");
      const paid = order.paymentId && MONEY_STATES.includes(order.status) ? order.amountPaise : 0;
      return {
        ...order,
        refunds: refundRows,
        events,
        refundedPaise,
        pendingRefundPaise,
        refundablePaise: Math.max(0, paid - refundedPaise - pendingRefundPaise),
      };
    },

    /** The payment as the provider reports it now; undefined when there is none or the provider does not answer. */
    async payment(order: Pick<Order, "paymentId">): Promise<ProviderPayment | undefined> {
      if (!order.paymentId) return undefined;
      return deps.gateway.fetchPayment(order.paymentId).catch(() => undefined);
    },

    /** A paid order ships (the shopper is e-mailed the carrier and number); on a shipped one it corrects them. */
    async ship(actor: Actor, id: string, input: { carrier: string; trackingNumber: string; note?: string | undefined }) {
      const result = await withTransaction(db, async (tx) => {
        const order = await lockedOrder(tx, id);
        if (order.status !== "paid" && order.status !== "shipped") {
          throw new AppError("CONFLICT", m.shipNotPaid(statusLabel(order.status)));
        }
        const at = now();
        const first = order.status === "paid";
        await tx
          .update(orders)
          .set({
            status: "shipped",
            carrier: input.carrier,
            trackingNumber: input.trackingNumber,
            shippedAt: order.shippedAt ?? at,
            updatedAt: at,
          })
          .where(eq(orders.id, id));
        await writeEvent(deps, tx, id, actor, "shipped", input.note ?? "", {
          carrier: input.carrier,
          trackingNumber: input.trackingNumber,
          ...(first ? {} : { corrected: true }),
        });
        await record(
          tx,
          actor,
          "order.ship",
          id,
          { status: order.status, carrier: order.carrier, trackingNumber: order.trackingNumber },
          { status: "shipped", carrier: input.carrier, trackingNumber: input.trackingNumber },
          input.note,
        );
        return { first, note: first ? await writeStatusNote(deps, tx, id, "shipped") : undefined };
      });
      if (result.note) deps.background(sendClaimed(deps, result.note));
      return { first: result.first };
    },

    async deliver(actor: Actor, id: string, note?: string) {
      const mail = await withTransaction(db, async (tx) => {
        const order = await lockedOrder(tx, id);
        if (order.status !== "shipped") throw new AppError("CONFLICT", m.deliverNotShipped(statusLabel(order.status)));
        const at = now();
        await tx.update(orders).set({ status: "delivered", deliveredAt: at, updatedAt: at }).where(eq(orders.id, id));
        await writeEvent(deps, tx, id, actor, "delivered", note ?? "");
        await record(tx, actor, "order.deliver", id, { status: order.status }, { status: "delivered" }, note);
        return writeStatusNote(deps, tx, id, "delivered");
      });
      if (mail) deps.background(sendClaimed(deps, mail));
    },

    /**
     * A pending order lets its hold go; a paid one not yet shipped puts its stock back and refunds what is left of
     * its payment. Shipped and delivered orders are refunded instead.
     */
    async cancel(actor: Actor, id: string, reason?: string): Promise<{ refund: RefundRow | undefined }> {
      if (!UUID.test(id)) throw notFound(m.orderNotFound);
      const order = await findOrder(db, byId(id));
      if (!order) throw notFound(m.orderNotFound);
      if (order.status === "pending") {
        const ended = await releaseUnlessPaid(deps, order, "cancelled");
        if (ended.settled) throw new AppError("CONFLICT", m.cancelPaidMeanwhile(statusLabel(ended.settled.status)));
        await withTransaction(db, async (tx) => {
          const [row] = await tx
            .update(orders)
            .set({ cancelledAt: now() })
            .where(and(eq(orders.id, id), eq(orders.status, "cancelled")))
            .returning({ id: orders.id });
          if (!row) throw new AppError("CONFLICT", m.cancelNot(statusLabel(order.status)));
          await writeEvent(deps, tx, id, actor, "cancelled", reason ?? "");
          await record(tx, actor, "order.cancel", id, { status: "pending" }, { status: "cancelled" }, reason);
        });
        return { refund: undefined };
      }
      const done = await withTransaction(db, async (tx) => {
        const row = await lockedOrder(tx, id);
        if (row.status === "shipped" || row.status === "delivered") {
          throw new AppError("CONFLICT", m.cancelAfterShipping(statusLabel(row.status)));
        }
        if (row.status !== "paid") throw new AppError("CONFLICT", m.cancelNot(statusLabel(row.status)));
        const at = now();
        let released: string[] = [];
        if (row.stockHeld) {
          const lines = await tx
            .select({ productId: orderItems.productId, quantity: orderItems.quantity })
            .from(orderItems)
            .where(eq(orderItems.orderId, id));
          released = await deps.catalog.releaseStock(tx, lines);
        }
        await tx
          .update(orders)
          .set({ status: "cancelled", stockHeld: false, cancelledAt: at, updatedAt: at })
          .where(eq(orders.id, id));
        await writeEvent(deps, tx, id, actor, "cancelled", reason ?? "");
        const totals = await refundTotals(tx, id);
        const left = row.amountPaise - totals.processed - totals.pending;
        const refund =
          left > 0 && row.paymentId
            ? await insertRefund(deps, tx, row, { amountPaise: left, reason: reason ?? "", requestKey: `cancel:${id}`, actor })
            : undefined;
        await record(
          tx,
          actor,
          "order.cancel",
          id,
          { status: row.status, stockHeld: row.stockHeld },
          { status: "cancelled", stockHeld: false, refundId: refund?.id ?? null, refundPaise: refund?.amountPaise ?? 0 },
          reason,
        );
        return { released, refund, note: await writeStatusNote(deps, tx, id, "cancelled") };
      });
      if (done.released.length > 0) deps.changes.productsChanged(done.released);
      if (done.note) deps.background(sendClaimed(deps, done.note));
      const refund = done.refund ? await sendRefund(deps, done.refund.id, { lookFirst: false }) : undefined;
      return { refund };
    },

    /** In full or in part; the same request key (a double submit, a retried call) answers the same refund. */
    refund: (actor: Actor, id: string, input: { amountPaise: number; reason: string; requestKey: string }) =>
      requestRefund(actor, id, input, "order.refund"),

    /** Whatever of the payment is neither refunded nor on its way back (the terminal's `order <id> refunded`). */
    async refundRest(actor: Actor, id: string): Promise<RefundRow> {
      const order = UUID.test(id) ? await findOrder(db, byId(id)) : undefined;
      if (!order) throw notFound(m.orderNotFound);
      const totals = await refundTotals(db, id);
      const left = order.amountPaise - totals.processed - totals.pending;
      if (!order.paymentId) throw new AppError("CONFLICT", m.refundNotPaid);
      if (left <= 0) throw new AppError("CONFLICT", m.refundNothingLeft);
      // Checked again under the order's lock, like any refund.
      return requestRefund(actor, id, { amountPaise: left, reason: "", requestKey: uuidv7() }, "order.refund");
    },

    /** A failed refund asked again: a new row for its amount, keyed by the failed one so a double click is one retry. */
    async retryRefund(actor: Actor, id: string, refundId: string): Promise<RefundRow> {
      if (!UUID.test(refundId) || !UUID.test(id)) throw notFound(m.refundNotFound);
      const [failed] = await db
        .select()
        .from(refunds)
        .where(and(eq(refunds.id, refundId), eq(refunds.orderId, id)));
      if (!failed) throw notFound(m.refundNotFound);
      if (failed.status !== "failed") throw new AppError("CONFLICT", m.refundRetryNotFailed);
      return requestRefund(
        actor,
        id,
        { amountPaise: failed.amountPaise, reason: failed.reason, requestKey: `retry:${failed.id}` },
        "order.refund-retry",
      );
    },

    async note(actor: Actor, id: string, text: string) {
      await withTransaction(db, async (tx) => {
        await lockedOrder(tx, id);
        await writeEvent(deps, tx, id, actor, "note", text);
        await record(tx, actor, "order.note", id, null, { note: text });
      });
    },
  };
}
