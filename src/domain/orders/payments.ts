import { and, eq } from "drizzle-orm";
import { withTransaction } from "#db/client.ts";
import { orders, paymentEvents } from "#db/schema/orders.ts";
import { checkoutMessages } from "#shared/messages.ts";
import { AppError, badRequest, notFound } from "../errors.ts";
import type { OrdersContext } from "./deps.ts";
import { releaseHold } from "./holds.ts";
import { byId, findOrder, payPendingOrder, toOrder } from "./order-rows.ts";
import { confirmationMail, sendClaimed, writeConfirmation } from "./outbox.ts";
import { isTestGateway, type PaymentProof, PaymentProviderError, type ProviderPayment } from "./ports.ts";
import { applyRefundEvent, refundOrder } from "./refunds.ts";
import type { Order } from "./types.ts";

/** States in which the order's money is the shop's (a verified payment has been applied). */
const SETTLED = ["paid", "shipped", "delivered", "refund_pending", "refunded", "cancelled"] as const;

const unverified = () => badRequest(checkoutMessages.paymentUnverified);

/**
 * The browser's word that it paid: the order must be the shopper's, the signature right, and the provider's payment
 * captured for this order, amount and currency (decision 015). A replayed proof answers the same paid order.
 */
export async function confirmPayment(deps: OrdersContext, userId: string, proof: PaymentProof): Promise<Order> {
  const order = await deps.statements.byProviderOrder(deps.gateway.provider, proof.orderId, userId);
  if (!order) throw notFound(checkoutMessages.orderNotFound);
  return confirmOrderPayment(deps, order, proof);
}

async function confirmOrderPayment(deps: OrdersContext, order: Order, proof: PaymentProof): Promise<Order> {
  if (proof.orderId !== order.providerOrderId || !deps.gateway.verifyPaymentProof(proof)) {
    deps.log.warn({ orderId: order.id }, "a payment proof with a wrong signature");
    throw unverified();
  }
  return completeWithPayment(deps, order, proof.paymentId);
}

/** Every path that applies a payment (callback, webhook, reconciliation) ends here: its checks are written once. */
export async function completeWithPayment(deps: OrdersContext, order: Order, paymentId: string): Promise<Order> {
  if (order.paymentId === paymentId && (SETTLED as readonly string[]).includes(order.status)) return order;
  const payment = await deps.gateway.fetchPayment(paymentId);
  if (!payment || !paysFor(payment, order)) {
    deps.log.warn({ orderId: order.id, paymentId, payment }, "a payment that does not pay this order");
    throw unverified();
  }
  if (payment.status !== "captured") {
    // Authorised but not captured yet: reconciliation will see it captured (or failed) later.
    throw new AppError("CONFLICT", checkoutMessages.stillProcessing);
  }
  return applyCapturedPayment(deps, order, payment);
}

function paysFor(payment: ProviderPayment, order: Order): boolean {
  return (
    payment.orderId === order.providerOrderId && payment.amountPaise === order.amountPaise && payment.currency === order.currency
  );
}

async function applyCapturedPayment(deps: OrdersContext, order: Order, payment: ProviderPayment): Promise<Order> {
  const { db, now } = deps;
  // An order's lines never change once placed: the ones read before are still true inside the transaction.
  const { lines } = order;
  const outcome = await withTransaction(db, async (tx) => {
    const paidAt = now();
    const paidFields = { paymentId: payment.id, paidAt, updatedAt: paidAt };
    // The usual case, e-mail to the outbox included, in one statement (decision 021).
    const paid = await payPendingOrder(
      tx,
      { orderId: order.id, paymentId: payment.id, at: paidAt },
      confirmationMail(deps, order.id),
    );
    if (paid) {
      await deps.cart.removeOrdered(tx, paid.userId, lines);
      return {
        settled: { ...order, status: "paid" as const, paymentId: payment.id, paidAt },
        changed: [] as string[],
        refund: false,
        mail: paid.mail,
      };
    }
    const [row] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
    if (!row) throw notFound(checkoutMessages.orderNotFound);
    // Already settled (by another path, or by this payment): nothing changes, whoever asks and however often.
    if (row.paymentId !== null || (SETTLED as readonly string[]).includes(row.status)) {
      return { settled: toOrder(row, lines), changed: [] as string[], refund: false, mail: undefined };
    }
    // The hold ended (expired or failed) before the money arrived: take the stock again if it is still there.
    const taken = await deps.catalog.reserveStock(
      tx,
      lines.flatMap((line) => (line.productId ? [{ productId: line.productId, quantity: line.quantity }] : [])),
    );
    const status = taken.ok ? "paid" : "refund_pending";
    const [updated] = await tx
      .update(orders)
      .set({ status, ...paidFields, stockHeld: taken.ok })
      .where(eq(orders.id, order.id))
      .returning();
    if (!taken.ok) return { settled: toOrder(updated ?? row, lines), changed: [] as string[], refund: true, mail: undefined };
    await deps.cart.removeOrdered(tx, row.userId, lines);
    return {
      settled: toOrder(updated ?? row, lines),
      changed: [...taken.products.keys()],
      refund: false,
      mail: await writeConfirmation(deps, tx, order.id),
    };
  });
  if (outcome.changed.length > 0) deps.changes.productsChanged(outcome.changed);
  let settled = outcome.settled;
  if (outcome.refund) {
    await refundOrder(deps, order.id);
    settled = (await findOrder(db, byId(order.id))) ?? settled;
  }
  // The e-mail goes after the answer: the outbox row already guarantees it (the periodic job sends what this misses).
  if (outcome.mail) {
    const mail = outcome.mail;
    deps.background(sendClaimed(deps, mail, [settled]));
  }
  return settled;
}

/** A captured payment of the order's amount, else an authorised one captured now (Razorpay refunds uncaptured ones). */
async function moneyFor(deps: OrdersContext, order: Order): Promise<ProviderPayment | undefined> {
  if (!order.providerOrderId) return undefined;
  const payments = await deps.gateway.listOrderPayments(order.providerOrderId);
  const ours = payments.filter((payment) => paysFor(payment, order));
  const captured = ours.find((payment) => payment.status === "captured");
  if (captured) return captured;
  const authorized = ours.find((payment) => payment.status === "authorized");
  if (authorized) return deps.gateway.capture(authorized.id, authorized.amountPaise, authorized.currency);
  const stray = payments.find((payment) => payment.status === "captured" || payment.status === "authorized");
  if (stray)
    deps.log.error({ orderId: order.id, paymentId: stray.id }, "money of another amount on this order: refund it by hand");
  return undefined;
}

/** Completes `order` with money the provider holds for it (or refunds it when its stock is gone); undefined: none. */
export async function completeIfPaid(deps: OrdersContext, order: Order): Promise<Order | undefined> {
  const money = await moneyFor(deps, order);
  return money ? completeWithPayment(deps, order, money.id) : undefined;
}

/** Asks the provider first: money it holds completes the order (`settled`) instead of a release (decision 015). */
export async function releaseUnlessPaid(
  deps: OrdersContext,
  order: Order,
  status: "expired" | "failed" | "cancelled",
): Promise<{ released: boolean; settled?: Order }> {
  const settled = await completeIfPaid(deps, order);
  if (settled) return { released: false, settled };
  return { released: await releaseHold(deps, order.id, status) };
}

/** A failed attempt fails the order unless the provider holds money for it; unanswered, reconciliation ends it. */
export async function failOrder(deps: OrdersContext, order: Order): Promise<void> {
  await releaseUnlessPaid(deps, order, "failed").catch((error: unknown) => {
    if (!(error instanceof PaymentProviderError)) throw error;
    deps.log.warn({ err: error, orderId: order.id }, "a failed payment's order left pending: the provider did not answer");
  });
}

/** Razorpay's webhook, each event once: a capture completes the order for a shopper whose browser never came back. */
export async function handleWebhook(
  deps: OrdersContext,
  input: { rawBody: Buffer; signature: string | undefined; eventId: string | undefined },
): Promise<{ duplicate: boolean }> {
  const event = deps.gateway.parseWebhook(input);
  if (!event) throw badRequest(checkoutMessages.webhookSignature);
  const [seen] = await deps.db
    .select({ eventId: paymentEvents.eventId })
    .from(paymentEvents)
    .where(eq(paymentEvents.eventId, event.eventId));
  if (seen) return { duplicate: true };
  if (event.refund && event.event.startsWith("refund.")) await applyRefundEvent(deps, event.refund);
  else if (event.orderId) {
    const order = await findOrder(
      deps.db,
      and(eq(orders.paymentProvider, deps.gateway.provider), eq(orders.providerOrderId, event.orderId)),
    );
    if (order) {
      if ((event.event === "payment.captured" || event.event === "order.paid") && event.payment) {
        await completeWithPayment(deps, order, event.payment.id).catch((error: unknown) => {
          // A payment that does not pay the order is logged and acknowledged: a retry would say the same.
          if (!(error instanceof AppError)) throw error;
          deps.log.warn({ err: error, orderId: order.id }, "webhook payment not applied");
        });
      } else if (event.event === "payment.failed" && order.status === "pending") {
        await failOrder(deps, order);
      }
    }
  }
  // Recorded once handled: an event whose handling failed (provider unreachable) is handled again on Razorpay's retry.
  await deps.db.insert(paymentEvents).values({ eventId: event.eventId, event: event.event }).onConflictDoNothing();
  return { duplicate: false };
}

/** The labelled test-payment step: the in-process provider's proof goes through `confirmPayment` like a real one. */
export async function payWithTestProvider(
  deps: OrdersContext,
  userId: string,
  orderId: string,
  outcome: "success" | "failure",
): Promise<Order> {
  const { gateway } = deps;
  if (!isTestGateway(gateway)) throw new AppError("FORBIDDEN", checkoutMessages.testPaymentsOff);
  const order = await deps.statements.ownOrder(userId, orderId);
  if (!order) throw notFound(checkoutMessages.orderNotFound);
  if (order.status !== "pending") {
    if ((SETTLED as readonly string[]).includes(order.status)) return order;
    throw new AppError("CONFLICT", order.status === "expired" ? checkoutMessages.holdExpired : checkoutMessages.paymentFailed);
  }
  if (outcome === "failure") {
    gateway.failPayment(order.providerOrderId);
    await failOrder(deps, order);
    const failed = await findOrder(deps.db, byId(order.id));
    if (!failed) throw notFound(checkoutMessages.orderNotFound);
    return failed;
  }
  return confirmOrderPayment(deps, order, gateway.pay(order.providerOrderId));
}
