import { randomBytes } from "node:crypto";
import {
  type PaymentEvent,
  PaymentProviderError,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderRefund,
  type TestPaymentGateway,
} from "#domain/orders/ports.ts";
import { parseSignedWebhook, type RazorpayPaymentEntity } from "./razorpay-protocol.ts";
import { hmacHex, paymentSignature, signatureMatches } from "./signatures.ts";

/**
 * `PAYMENT_PROVIDER=test`: an in-process provider that behaves as Razorpay does, so a test payment passes the same proof,
 * signature and amount checks as a real one (docs/decisions/015-checkout-and-payments.md). Its book is in memory: after a
 * restart, unpaid holds expire. tests/support/razorpay-stand-in.ts serves the same book over Razorpay's REST protocol.
 */
export interface TestGateway extends TestPaymentGateway {
  /** A payment the bank authorised and nobody captured yet (late authorisation, or capture left to the shop). */
  authorize(orderId: string): ProviderPayment;
  webhook(event: string, paymentId: string, eventId?: string): { rawBody: Buffer; signature: string; eventId: string };
  readonly orders: ReadonlyMap<string, ProviderOrder>;
  readonly payments: ReadonlyMap<string, ProviderPayment>;
  readonly refunds: ReadonlyMap<string, ProviderRefund & { createdAt: number }>;
  /** How the next refunds end: at once (`processed`, the default), later (`pending`), or refused by the bank. */
  refundOutcome: "processed" | "pending" | "failed";
  /** The bank's late answer on a pending refund; the webhook Razorpay would send follows from `refundWebhook`. */
  settleRefund(refundId: string, status: "processed" | "failed", reason?: string): ProviderRefund;
  refundWebhook(event: string, refundId: string, eventId?: string): { rawBody: Buffer; signature: string; eventId: string };
}

const randomId = (prefix: string) => `${prefix}_${randomBytes(10).toString("base64url").replace(/[-_]/g, "x")}`;

export function createTestGateway({
  keyId,
  keySecret,
  webhookSecret,
}: {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}): TestGateway {
  const orders = new Map<string, ProviderOrder>();
  const payments = new Map<string, ProviderPayment>();
  const refunds = new Map<string, ProviderRefund & { createdAt: number }>();
  let refundOutcome: TestGateway["refundOutcome"] = "processed";
  const refundedOf = (paymentId: string) =>
    [...refunds.values()]
      .filter((refund) => refund.paymentId === paymentId && refund.status !== "failed")
      .reduce((sum, refund) => sum + refund.amountPaise, 0);
  const copy = ({ createdAt: _, ...refund }: ProviderRefund & { createdAt: number }): ProviderRefund => ({ ...refund });

  function recordPayment(orderId: string, payment: Omit<ProviderPayment, "id" | "orderId">): ProviderPayment {
    const created: ProviderPayment = { id: randomId("pay"), orderId, ...payment };
    payments.set(created.id, created);
    return created;
  }

  function knownOrder(orderId: string): ProviderOrder {
    const order = orders.get(orderId);
    if (!order) throw new Error(`test gateway: no order ${orderId}`);
    return order;
  }

  return {
    provider: "test",
    keyId,
    orders,
    payments,
    refunds,
    get refundOutcome() {
      return refundOutcome;
    },
    set refundOutcome(outcome) {
      refundOutcome = outcome;
    },

    async createOrder({ amountPaise, currency, receipt }) {
      const order: ProviderOrder = { id: randomId("order"), amountPaise, currency, receipt };
      orders.set(order.id, order);
      return order;
    },

    verifyPaymentProof({ orderId, paymentId, signature }) {
      return signatureMatches(paymentSignature(keySecret, orderId, paymentId), signature);
    },

    async fetchPayment(paymentId) {
      return payments.get(paymentId);
    },

    async listOrderPayments(orderId) {
      return [...payments.values()].filter((payment) => payment.orderId === orderId);
    },

    async capture(paymentId, amountPaise, currency) {
      const payment = payments.get(paymentId);
      if (payment?.status !== "authorized") throw new Error(`test gateway: payment ${paymentId} is not authorized`);
      if (payment.amountPaise !== amountPaise || payment.currency !== currency) {
        throw new Error(`test gateway: payment ${paymentId} is of another amount`);
      }
      payment.status = "captured";
      return { ...payment };
    },

    async refund(paymentId, amountPaise, reference) {
      // Razorpay's idempotency key: the same reference answers the refund it made.
      const same = reference ? [...refunds.values()].find((refund) => refund.reference === reference) : undefined;
      if (same) return copy(same);
      const payment = payments.get(paymentId);
      if (payment?.status !== "captured") {
        throw new PaymentProviderError(`Razorpay refund: the payment is not captured (400)`, "The payment is not captured");
      }
      if (!Number.isInteger(amountPaise) || amountPaise < 100 || refundedOf(paymentId) + amountPaise > payment.amountPaise) {
        const refusal = "The total refund amount is greater than the refund payment amount";
        throw new PaymentProviderError(`Razorpay refund: ${refusal} (400)`, refusal);
      }
      const status = refundOutcome;
      const refund: ProviderRefund & { createdAt: number } = {
        id: randomId("rfnd"),
        paymentId,
        amountPaise,
        status,
        reference: reference ?? null,
        failureReason: status === "failed" ? "The bank refused the refund" : undefined,
        createdAt: Date.now(),
      };
      refunds.set(refund.id, refund);
      if (refundedOf(paymentId) === payment.amountPaise) payment.status = "refunded";
      return copy(refund);
    },
    async fetchRefund(refundId) {
      const refund = refunds.get(refundId);
      return refund && copy(refund);
    },
    async listPaymentRefunds(paymentId) {
      return [...refunds.values()].filter((refund) => refund.paymentId === paymentId).map(copy);
    },
    settleRefund(refundId, status, reason) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`test gateway: no refund ${refundId}`);
      refund.status = status;
      refund.failureReason = status === "failed" ? (reason ?? "The bank refused the refund") : undefined;
      const payment = payments.get(refund.paymentId);
      if (payment && status === "failed" && payment.status === "refunded") payment.status = "captured";
      return copy(refund);
    },
    refundWebhook(event, refundId, eventId = randomId("evt")) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`test gateway: no refund ${refundId}`);
      const payment = payments.get(refund.paymentId);
      const entity = {
        id: refund.id,
        entity: "refund",
        amount: refund.amountPaise,
        currency: "INR",
        payment_id: refund.paymentId,
        notes: refund.reference ? { refund_id: refund.reference } : [],
        receipt: refund.reference,
        status: refund.status,
        ...(refund.failureReason ? { error_description: refund.failureReason } : {}),
      };
      const paymentEntity = payment && {
        id: payment.id,
        entity: "payment",
        amount: payment.amountPaise,
        currency: payment.currency,
        status: payment.status,
        order_id: payment.orderId,
      };
      const rawBody = Buffer.from(
        JSON.stringify({
          entity: "event",
          event,
          contains: ["refund", "payment"],
          payload: { refund: { entity }, ...(paymentEntity ? { payment: { entity: paymentEntity } } : {}) },
        }),
      );
      return { rawBody, signature: hmacHex(webhookSecret, rawBody), eventId };
    },

    parseWebhook(input): PaymentEvent | undefined {
      return parseSignedWebhook(webhookSecret, input);
    },

    pay(orderId, override = {}) {
      const order = knownOrder(orderId);
      const payment = recordPayment(orderId, {
        amountPaise: override.amountPaise ?? order.amountPaise,
        currency: override.currency ?? order.currency,
        status: "captured",
      });
      return { orderId, paymentId: payment.id, signature: paymentSignature(keySecret, orderId, payment.id) };
    },

    authorize(orderId) {
      const order = knownOrder(orderId);
      return recordPayment(orderId, { amountPaise: order.amountPaise, currency: order.currency, status: "authorized" });
    },

    failPayment(orderId) {
      const order = knownOrder(orderId);
      return recordPayment(orderId, { amountPaise: order.amountPaise, currency: order.currency, status: "failed" });
    },

    webhook(event, paymentId, eventId = randomId("evt")) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`test gateway: no payment ${paymentId}`);
      const entity: RazorpayPaymentEntity = {
        id: payment.id,
        entity: "payment",
        amount: payment.amountPaise,
        currency: payment.currency,
        status: payment.status,
        order_id: payment.orderId,
      };
      const rawBody = Buffer.from(
        JSON.stringify({ entity: "event", event, contains: ["payment"], payload: { payment: { entity } } }),
      );
      return { rawBody, signature: hmacHex(webhookSecret, rawBody), eventId };
    },
  };
}
