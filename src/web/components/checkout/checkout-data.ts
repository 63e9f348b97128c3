import type { billingFields } from "#shared/schemas/checkout.ts";

export type BillingField = (typeof billingFields)[number];
export type BillingValues = Record<BillingField, string>;

/** A line of the order summary (spec §2 Checkout): the title cut to 20 characters, its quantity and sub-total. */
export interface SummaryLine {
  id: string;
  title: string;
  quantity: number;
  subTotalPaise: number;
}

export interface CheckoutPageData {
  lines: SummaryLine[];
  totalPaise: number;
  /** Titles of the lines that stop checkout until changed in the cart. */
  blocked: string[];
  countries: string[];
  values: BillingValues;
}

/** What the payment step shows (no secret: the public key id and the provider's order id). */
export interface PaymentStepData {
  orderId: string;
  provider: "razorpay" | "test";
  keyId: string;
  providerOrderId: string;
  amountPaise: number;
  currency: "INR";
  holdExpiresAt: string;
  /** Seconds left when the page was rendered (the countdown starts from it, so clocks need not agree). */
  secondsLeft: number;
  name: string;
  email: string;
  phoneNumber: string;
}
