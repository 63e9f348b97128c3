import { orderStatuses } from "#db/schema/orders.ts";
import type { BillingInput } from "#shared/schemas/checkout.ts";
import type { PaymentProviderName } from "./ports.ts";

/**
 * An order's life (decision 015): pending (stock held) → paid → shipped → delivered; pending → failed or expired gives
 * the stock back, and a payment verified after that takes it again, else refund_pending → refunded. The owner may
 * also set cancelled and refunded.
 */
export { orderStatuses };
export type OrderStatus = (typeof orderStatuses)[number];

/** Orders whose products the shopper bought and kept: a review of one of them is a 'verified purchase'. */
export const PURCHASED_ORDER_STATUSES = ["paid", "shipped", "delivered"] as const satisfies readonly OrderStatus[];

/** `npm run shop -- order`: the back office's moves (a payment alone makes an order paid). */
export const ownerSettableStatuses = ["shipped", "delivered", "cancelled", "refunded"] as const satisfies readonly OrderStatus[];

/** A copy of the product as it was ordered, so later changes don't rewrite it. */
export interface OrderLine {
  /** null when the product has since been deleted. */
  productId: string | null;
  productTitle: string;
  image: string;
  quantity: number;
  pricePaise: number;
  subTotalPaise: number;
  productRam: string;
  size: string;
  productWeight: string;
  /** GST in basis points when ordered; null on lines placed before the shop recorded it. */
  taxRateBasisPoints?: number | null;
  /** Null on lines older than migration 0019; "" when the product had none. */
  hsnCode?: string | null;
}

export interface Order {
  id: string;
  userId: string;
  status: OrderStatus;
  billing: BillingInput;
  /** The contract's flat fields (spec §6 Order), copied from `billing`. */
  name: string;
  phoneNumber: string;
  address: string;
  pincode: string;
  email: string;
  amountPaise: number;
  currency: "INR";
  provider: PaymentProviderName;
  providerOrderId: string;
  paymentId: string | null;
  createdAt: Date;
  paidAt: Date | null;
  holdExpiresAt: Date;
  /** Set when the order ships (back office, decision 034). */
  carrier: string | null;
  trackingNumber: string | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  cancelledAt: Date | null;
  lines: OrderLine[];
}

/** What the payment step needs to open the provider's widget (never a secret). */
export interface PaymentStep {
  orderId: string;
  provider: PaymentProviderName;
  keyId: string;
  providerOrderId: string;
  amountPaise: number;
  currency: "INR";
  holdExpiresAt: Date;
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
