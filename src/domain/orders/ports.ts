/**
 * The card payment provider, as the orders service sees it (docs/decisions/015-checkout-and-payments.md). It follows
 * Razorpay's model: the server creates a provider order for an amount in paise, the shopper pays it in the provider's
 * widget, the widget hands back `razorpay_order_id`, `razorpay_payment_id` and `razorpay_signature`, and the server
 * verifies them before anything is marked paid. Implementations: src/integrations/payments/razorpay.ts (Razorpay's
 * REST API, `RAZORPAY_API_URL`) and src/integrations/payments/test-gateway.ts (in-process, for `PAYMENT_PROVIDER=test`).
 */

export type PaymentProviderName = "razorpay" | "test";

/** Razorpay's payment states; only `captured` money is ours. */
export type ProviderPaymentStatus = "created" | "authorized" | "captured" | "refunded" | "failed";

export interface ProviderOrder {
  /** The provider's order id (Razorpay: `order_...`). */
  id: string;
  amountPaise: number;
  currency: string;
  /** Our order id. */
  receipt: string;
}

export interface ProviderPayment {
  /** The provider's payment id (Razorpay: `pay_...`). */
  id: string;
  /** The provider order it pays. */
  orderId: string;
  amountPaise: number;
  currency: string;
  status: ProviderPaymentStatus;
}

/** What the payment widget hands the browser on success (Razorpay's field names, without the prefix). */
export interface PaymentProof {
  orderId: string;
  paymentId: string;
  signature: string;
}

/** A verified webhook: Razorpay's `X-Razorpay-Event-Id` and the event, reduced to what orders need. */
export interface PaymentEvent {
  eventId: string;
  /** e.g. `payment.captured`, `order.paid`, `payment.failed`; other events are acknowledged and ignored. */
  event: string;
  /** The provider order the event is about, when it names one. */
  orderId: string | undefined;
  /** The payment entity, when the event carries one. */
  payment: ProviderPayment | undefined;
}

export interface PaymentGateway {
  readonly provider: PaymentProviderName;
  /** The public key id the payment widget opens with (never the secret). */
  readonly keyId: string;
  /** Creates the provider order for an amount decided by the server (paise, INR). */
  createOrder(input: { amountPaise: number; currency: "INR"; receipt: string }): Promise<ProviderOrder>;
  /**
   * `signature` must equal HMAC-SHA256(`orderId + "|" + paymentId`, key secret) in hex, compared in constant time.
   * Says nothing about the amount: callers then fetch the payment and compare its amount and currency with the order.
   */
  verifyPaymentProof(proof: PaymentProof): boolean;
  /** The payment, or undefined when the provider does not know it. */
  fetchPayment(paymentId: string): Promise<ProviderPayment | undefined>;
  /** Every payment attempted for a provider order (Razorpay `GET /v1/orders/{id}/payments`), for reconciliation. */
  listOrderPayments(orderId: string): Promise<ProviderPayment[]>;
  /**
   * Captures an authorised payment (Razorpay `POST /v1/payments/{id}/capture`) for its full amount; answers the payment
   * as it is afterwards. Razorpay refunds an authorised payment nobody captures after its capture timeout (3 days).
   */
  capture(paymentId: string, amountPaise: number, currency: string): Promise<ProviderPayment>;
  /** Refunds a captured payment in full. */
  refund(paymentId: string, amountPaise: number): Promise<{ id: string }>;
  /**
   * Checks `X-Razorpay-Signature` (HMAC-SHA256 of the raw body with the webhook secret, constant time) and parses the
   * event; undefined when the signature is missing or wrong, or the body is not an event.
   */
  parseWebhook(input: { rawBody: Buffer; signature: string | undefined; eventId: string | undefined }): PaymentEvent | undefined;
}

/**
 * `PAYMENT_PROVIDER=test`: the gateway can also play the shopper's side of the widget, so the labelled test-payment
 * step completes through the same proof and checks as a real payment (src/integrations/payments/test-gateway.ts).
 */
export interface TestPaymentGateway extends PaymentGateway {
  readonly provider: "test";
  /** A captured payment of the order's amount (unless overridden), and the proof the widget would hand the browser. */
  pay(orderId: string, override?: { amountPaise?: number; currency?: string }): PaymentProof;
  /** A declined payment attempt. */
  failPayment(orderId: string): ProviderPayment;
}

export function isTestGateway(gateway: PaymentGateway): gateway is TestPaymentGateway {
  return gateway.provider === "test" && typeof (gateway as Partial<TestPaymentGateway>).pay === "function";
}

/** The provider could not be reached or refused the call: the shopper may try again; nothing was decided. */
export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
}
