import { formatRupees } from "#shared/money.ts";

// The back office's orders room (issue 34, item 1; decision 034): every sentence of /admin/orders and /api/admin/orders.

export const orderAdminMessages = {
  orderNotFound: "There is no such order.",
  cursorInvalid: "This page link is not valid any more: start again from the first page.",
  searchTooShort: "Type at least 3 letters of a name, or a whole order id, payment id, e-mail or phone number.",
  dateInvalid: "Give dates as YYYY-MM-DD.",
  dateOrder: "The start date must be on or before the end date.",
  carrierBlank: "Please enter the carrier.",
  trackingBlank: "Please enter the tracking number.",
  noteBlank: "Please write the note.",
  noteTooLong: "Please keep the note under 2,000 characters.",
  amountInvalid: "Give the amount in rupees, with at most 2 decimals (for example 499.50).",
  refundReasonBlank: "Please give a reason for the refund (the shopper's bank statement does not show it).",
  amountTooSmall: "A refund must be at least Rs 1.",
  requestKeyMissing: "Send an Idempotency-Key header (10 to 100 letters, digits, - or _) so a retry never refunds twice.",
  shipNotPaid: (status: string) => `Only a paid order can ship; this one is ${status}.`,
  deliverNotShipped: (status: string) => `Only a shipped order can be marked delivered; this one is ${status}.`,
  cancelAfterShipping: (status: string) =>
    `This order is ${status}: it can no longer be cancelled. Refund it instead, in full or in part.`,
  cancelNot: (status: string) => `This order is ${status}: there is nothing to cancel.`,
  cancelPaidMeanwhile: (status: string) => `The order was paid meanwhile: it is ${status} now, and was not cancelled.`,
  refundNotPaid: "This order was never paid: there is nothing to refund.",
  refundNothingLeft: "Everything paid for this order is already refunded or being refunded.",
  refundTooMuch: (left: number) => `That is more than is left to refund: at most ${formatRupees(left)}.`,
  refundNotFound: "There is no such refund on this order.",
  refundRetryNotFailed: "Only a failed refund can be tried again.",
  refundFailedDefault: "Razorpay did not say why the refund failed.",
  refundCouldNotAsk: "Razorpay did not answer; the refund stays pending and is checked again shortly.",
  shipped: "Marked shipped; the shopper is e-mailed the carrier and tracking number.",
  trackingUpdated: "Tracking details updated.",
  delivered: "Marked delivered.",
  cancelled: "Order cancelled; its stock is back on sale.",
  cancelledRefunding: (amount: number) =>
    `Order cancelled; its stock is back on sale and ${formatRupees(amount)} is being refunded.`,
  refundRequested: (amount: number) => `Refund of ${formatRupees(amount)} requested.`,
  refundProcessed: (amount: number) => `Refund of ${formatRupees(amount)} processed.`,
  refundFailed: (reason: string) => `The refund failed: ${reason}`,
  noted: "Note added.",
  paymentUnknown: "The payment provider did not answer; try again shortly.",
} as const;

/** An order's statuses as the back office shows them. */
export const orderStatusLabels: Record<string, string> = {
  pending: "Awaiting payment",
  paid: "Paid",
  failed: "Payment failed",
  expired: "Expired",
  refund_pending: "Refund pending",
  refunded: "Refunded",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};
