/**
 * The card payment provider as orders see it (decision 015), on Razorpay's model: a provider order for an amount the
 * server decides, and the widget's signed proof verified before anything is paid (src/integrations/payments/).
 */

export type PaymentProviderName = "razorpay" | "test";

/** Razorpay's payment states; only `captured` money is ours. */
export type ProviderPaymentStatus = "created" | "authorized" | "captured" | "refunded" | "failed";

export interface ProviderOrder {
  id: string;
  amountPaise: number;
  currency: string;
  /** Our order id. */
  receipt: string;
}

export interface ProviderPayment {
  id: string;
  orderId: string;
  amountPaise: number;
  currency: string;
  status: ProviderPaymentStatus;
  /** How the shopper paid (card, upi, netbanking...), when the provider says. */
  method?: string;
}

/** Razorpay's refund states: `pending` until the bank confirms, then `processed` or `failed`. */
export type ProviderRefundStatus = "pending" | "processed" | "failed";

export interface ProviderRefund {
  id: string;
  paymentId: string;
  amountPaise: number;
  status: ProviderRefundStatus;
  /** Our refund id, sent as `receipt` (and in `notes`) so a refund whose answer was lost is found again. */
  reference: string | null;
  failureReason?: string | undefined;
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
  orderId: string | undefined;
  payment: ProviderPayment | undefined;
  /** `refund.processed`, `refund.failed`, `refund.created`: the refund as the event carries it. */
  refund?: ProviderRefund | undefined;
}

export interface PaymentGateway {
  readonly provider: PaymentProviderName;
  /** What the payment widget opens with (never the secret). */
  readonly keyId: string;
  createOrder(input: { amountPaise: number; currency: "INR"; receipt: string }): Promise<ProviderOrder>;
  /** HMAC-SHA256 of `orderId|paymentId` with the key secret, in constant time; callers still check the amount. */
  verifyPaymentProof(proof: PaymentProof): boolean;
  fetchPayment(paymentId: string): Promise<ProviderPayment | undefined>;
  listOrderPayments(orderId: string): Promise<ProviderPayment[]>;
  /** Captures an authorised payment in full; Razorpay refunds one nobody captures. */
  capture(paymentId: string, amountPaise: number, currency: string): Promise<ProviderPayment>;
  /**
   * Refunds part or all of a captured payment. `reference` (our refund id) goes as `receipt`, in `notes` and as the
   * idempotency key, so asking twice for one reference never refunds twice.
   */
  refund(paymentId: string, amountPaise: number, reference?: string): Promise<ProviderRefund>;
  fetchRefund(refundId: string): Promise<ProviderRefund | undefined>;
  listPaymentRefunds(paymentId: string): Promise<ProviderRefund[]>;
  /** Checks `X-Razorpay-Signature` over the raw body in constant time; undefined when it is wrong or no event. */
  parseWebhook(input: { rawBody: Buffer; signature: string | undefined; eventId: string | undefined }): PaymentEvent | undefined;
}

/** `PAYMENT_PROVIDER=test`: it plays the shopper's widget too, so a test payment passes a real one's checks. */
export interface TestPaymentGateway extends PaymentGateway {
  readonly provider: "test";
  /** A captured payment of the order's amount (unless overridden), and the proof the widget would hand the browser. */
  pay(orderId: string, override?: { amountPaise?: number; currency?: string }): PaymentProof;
  failPayment(orderId: string): ProviderPayment;
}

export function isTestGateway(gateway: PaymentGateway): gateway is TestPaymentGateway {
  return gateway.provider === "test" && typeof (gateway as Partial<TestPaymentGateway>).pay === "function";
}

/** The provider could not be reached or refused the call: the shopper may try again; nothing was decided. */
export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
  /** The provider answered and said no (a 4xx and its description): asking again the same way would not help. */
  readonly refusal: string | undefined;
  constructor(message: string, refusal?: string) {
    super(message);
    this.refusal = refusal;
  }
}
