import { count, eq, isNull, lt } from "drizzle-orm";
import { orders, outbox, paymentEvents } from "#db/schema/orders.ts";
import { orderAdminMessages } from "#shared/messages/back-office-orders.ts";
import { checkoutMessages } from "#shared/messages.ts";
import type { BillingInput } from "#shared/schemas/checkout.ts";
import type { ClientPurchaseInput } from "#shared/schemas/client-purchase.ts";
import { badRequest, notFound } from "../errors.ts";
import { checkout } from "./checkout.ts";
import { purchaseWithPaymentId } from "./client-purchase.ts";
import type { OrdersContext, OrdersDeps } from "./deps.ts";
import { listOrders, prepareOrderStatements } from "./order-rows.ts";
import { createOrdersAdmin } from "./orders-admin.ts";
import { deliverOutbox } from "./outbox.ts";
import { confirmPayment, handleWebhook, payWithTestProvider } from "./payments.ts";
import type { PaymentProof } from "./ports.ts";
import { reconcile } from "./reconcile.ts";
import { type OrderStatus, type OrdersPage, ownerSettableStatuses, type PaymentStep } from "./types.ts";

export type OrdersService = ReturnType<typeof createOrdersService>;

const PER_PAGE_MAX = 50;

/**
 * Checkout, payments and orders (decision 015): the shopper is the session's, amounts come from the database, and a
 * payment counts once the provider's signature and amount say so. Writes only its own tables (decision 011).
 */
export function createOrdersService(dependencies: OrdersDeps) {
  const running = new Set<Promise<unknown>>();
  const deps: OrdersContext = {
    ...dependencies,
    statements: prepareOrderStatements(dependencies.db),
    background(work) {
      const tracked = work.catch((error: unknown) => dependencies.log.error({ err: error }, "background order work failed"));
      running.add(tracked);
      void tracked.finally(() => running.delete(tracked));
    },
  };
  const { db } = deps;
  const terminal = { id: null, email: "npm run shop" };
  const admin = createOrdersAdmin(deps);

  async function ownOrder(userId: string, orderId: string) {
    const order = await deps.statements.ownOrder(userId, orderId);
    if (!order) throw notFound(checkoutMessages.orderNotFound);
    return order;
  }

  return {
    provider: deps.gateway.provider,

    /** The back office's orders room (decision 034). */
    admin,

    checkout: (userId: string, billing: BillingInput): Promise<PaymentStep> => checkout(deps, userId, billing),

    /** Another shopper's order is not found. */
    async paymentStep(userId: string, orderId: string): Promise<PaymentStep & { status: OrderStatus }> {
      const order = await ownOrder(userId, orderId);
      return {
        orderId: order.id,
        status: order.status,
        provider: order.provider,
        keyId: deps.gateway.keyId,
        providerOrderId: order.providerOrderId,
        amountPaise: order.amountPaise,
        currency: "INR",
        holdExpiresAt: order.holdExpiresAt,
        name: order.name,
        email: order.email,
        phoneNumber: order.phoneNumber,
      };
    },

    confirmPayment: (userId: string, proof: PaymentProof) => confirmPayment(deps, userId, proof),

    purchaseWithPaymentId: (userId: string, input: ClientPurchaseInput) => purchaseWithPaymentId(deps, userId, input),

    payWithTestProvider: (userId: string, orderId: string, outcome: "success" | "failure") =>
      payWithTestProvider(deps, userId, orderId, outcome),

    handleWebhook: (input: { rawBody: Buffer; signature: string | undefined; eventId: string | undefined }) =>
      handleWebhook(deps, input),

    async list(userId: string, { page, perPage }: { page: number; perPage: number }): Promise<OrdersPage> {
      const size = Math.min(Math.max(1, Math.trunc(perPage)), PER_PAGE_MAX);
      const [row] = await db.select({ total: count() }).from(orders).where(eq(orders.userId, userId));
      const total = row?.total ?? 0;
      const totalPages = Math.max(1, Math.ceil(total / size));
      const current = Math.min(Math.max(1, Math.trunc(page)), totalPages);
      const found = total === 0 ? [] : await listOrders(db, eq(orders.userId, userId), size, (current - 1) * size);
      return { orders: found, page: current, perPage: size, totalPages, total };
    },

    find: ownOrder,

    /** Resolves once the work started after answers (e-mails) is done: before closing, and in tests. */
    async settled(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },

    reconcile: () => reconcile(deps),

    /** For metrics at each scrape: a count on the partial index `orders_waiting_idx`. */
    async countAwaitingPayment(): Promise<number> {
      const [row] = await db.select({ total: count() }).from(orders).where(eq(orders.status, "pending"));
      return row?.total ?? 0;
    },

    /** For metrics: a count on the partial index `outbox_unsent_idx`. */
    async countUnsentEmails(): Promise<number> {
      const [row] = await db.select({ total: count() }).from(outbox).where(isNull(outbox.sentAt));
      return row?.total ?? 0;
    },

    /** Housekeeping: sent e-mails and old webhook event ids (Razorpay retries an event for a day), as rows deleted. */
    async prune(before: Date): Promise<number> {
      const [sent, events] = await Promise.all([
        db.delete(outbox).where(lt(outbox.sentAt, before)).returning({ id: outbox.id }),
        db.delete(paymentEvents).where(lt(paymentEvents.receivedAt, before)).returning({ id: paymentEvents.eventId }),
      ]);
      return sent.length + events.length;
    },

    deliverOutbox: () => deliverOutbox(deps),

    /**
     * `npm run shop -- order <id> <status>`: the back office's own moves and guards (decision 034), by the terminal, so
     * a cancel gives the stock back and refunds, and an illegal move is refused as it is on the page.
     */
    async setStatus(orderId: string, status: OrderStatus, shipment?: { carrier: string; trackingNumber: string }) {
      if (!(ownerSettableStatuses as readonly string[]).includes(status)) {
        throw badRequest(checkoutMessages.statusOneOf(ownerSettableStatuses));
      }
      if (status === "shipped") {
        if (!shipment) throw badRequest(orderAdminMessages.carrierBlank);
        await admin.ship(terminal, orderId, shipment);
      } else if (status === "delivered") {
        await admin.deliver(terminal, orderId);
      } else if (status === "cancelled") {
        await admin.cancel(terminal, orderId);
      } else {
        await admin.refundRest(terminal, orderId);
      }
    },
  };
}
