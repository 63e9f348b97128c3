import { z } from "zod";
import { fieldMessages } from "#shared/messages.ts";
import { billingForm } from "./checkout.ts";
import { safeText } from "./text.ts";

/**
 * `POST /api/orders/create` as the original client sends it (decision 039): Razorpay's payment id and its billing
 * fields; its `amount`, `products`, `date` are not read (the cart and Razorpay decide), `userid` is checked elsewhere.
 */
export const clientPurchaseBody = z.object({
  paymentId: safeText({ name: "paymentId", error: fieldMessages.required("paymentId") })
    .trim()
    .min(1, { error: fieldMessages.required("paymentId") })
    .max(200),
  name: billingForm.shape.fullName,
  phoneNumber: billingForm.shape.phoneNumber,
  address: billingForm.shape.streetAddressLine1,
  pincode: billingForm.shape.zipCode,
  email: billingForm.shape.email,
});

export type ClientPurchaseInput = z.output<typeof clientPurchaseBody>;

const proofFields = ["razorpay_order_id", "razorpay_payment_id", "razorpay_signature"] as const;

/** The original client's body: a `paymentId` and none of the widget's signed fields of the shop's own checkout. */
export function isClientPurchase(body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  const fields = body as Record<string, unknown>;
  return fields.paymentId !== undefined && proofFields.every((name) => fields[name] === undefined);
}
