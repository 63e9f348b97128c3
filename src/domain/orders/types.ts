import { orderStatuses } from "#db/schema/orders.ts";
import type { BillingInput } from "#shared/schemas/checkout.ts";
import type { PaymentProviderName } from "./ports.ts";

/**
 * An order's life (docs/decisions/015-checkout-and-payments.md):
 * pending (stock held while the shopper pays) → paid (verified payment) → shipped → delivered;
 * pending → failed (the payment failed) or expired (the hold ran out): the stock goes back;
 * a payment verified after that takes the stock again when it is there, else refund_pending → refunded;
 * cancelled and refunded are also the shop owner's (npm run shop -- order <id> <status>).
 */
export { orderStatuses };
export type OrderStatus = (typeof orderStatuses)[number];

/** Orders whose products the shopper bought and kept: a review of one of them is a 'verified purchase'. */
export const PURCHASED_ORDER_STATUSES = ["paid", "shipped", "delivered"] as const satisfies readonly OrderStatus[];

/** The states the shop owner may set by command. */
export const ownerSettableStatuses = [
  "paid",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
] as const satisfies readonly OrderStatus[];

/** An order line: a copy of the product as it was ordered (title, first image, price), so later changes don't rewrite it. */
export interface OrderLine {
  /** null when the product has since been deleted. */
  productId: string | null;
  productTitle: string;
  /** Stored image file name ('' when none). */
  image: string;
  quantity: number;
  pricePaise: number;
  subTotalPaise: number;
  productRam: string;
  size: string;
  productWeight: string;
}

export interface Order {
  id: string;
  userId: string;
  status: OrderStatus;
  /** The billing details as entered. */
  billing: BillingInput;
  /** The contract's flat fields (spec §6 Order): billing full name, phone, street lines joined, zip code, e-mail. */
  name: string;
  phoneNumber: string;
  address: string;
  pincode: string;
  email: string;
  amountPaise: number;
  currency: "INR";
  provider: PaymentProviderName;
  providerOrderId: string;
  /** The provider's payment id once paid; null before. */
  paymentId: string | null;
  createdAt: Date;
  paidAt: Date | null;
  /** Until when the stock is held for a pending order. */
  holdExpiresAt: Date;
  lines: OrderLine[];
}

/** What the payment step needs to open the provider's widget (never a secret). */
export interface PaymentStep {
  orderId: string;
  provider: PaymentProviderName;
  /** The public key id. */
  keyId: string;
  providerOrderId: string;
  amountPaise: number;
  currency: "INR";
  holdExpiresAt: Date;
  /** Prefill for the widget. */
  name: string;
  email: string;
  phoneNumber: string;
}

export interface OrdersPage {
  orders: Order[];
  page: number;
  perPage: number;
  totalPages: number;
  total: number;
}
