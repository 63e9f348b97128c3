import { randomBytes } from "node:crypto";
import type { PaymentEvent, ProviderOrder, ProviderPayment, TestPaymentGateway } from "#domain/orders/ports.ts";
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

    async refund(paymentId) {
      const payment = payments.get(paymentId);
      if (payment?.status !== "captured") throw new Error(`test gateway: payment ${paymentId} is not captured`);
      payment.status = "refunded";
      return { id: randomId("rfnd") };
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
