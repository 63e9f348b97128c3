import { z } from "zod";
import type { PaymentEvent, ProviderOrder, ProviderPayment, ProviderRefund } from "#domain/orders/ports.ts";
import { hmacHex, signatureMatches } from "./signatures.ts";

// Razorpay's JSON entities and webhook envelope: razorpay.ts reads them, the test gateway and the tests' stand-in write
// them. Only the fields the shop uses are checked.

export const razorpayOrderEntity = z.object({
  id: z.string().min(1),
  entity: z.literal("order").optional(),
  amount: z.number().int(),
  currency: z.string(),
  receipt: z.string().nullable().optional(),
  status: z.string().optional(),
});

export const razorpayPaymentEntity = z.object({
  id: z.string().min(1),
  entity: z.literal("payment").optional(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(["created", "authorized", "captured", "refunded", "failed"]),
  order_id: z.string().nullable().optional(),
  method: z.string().nullable().optional(),
});

export const razorpayRefundEntity = z.object({
  id: z.string().min(1),
  entity: z.literal("refund").optional(),
  amount: z.number().int(),
  payment_id: z.string(),
  status: z.enum(["pending", "processed", "failed"]),
  receipt: z.string().nullable().optional(),
  notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
  // Not in Razorpay's documented entity; read when present so a failure can say why.
  error_description: z.string().nullable().optional(),
});

export type RazorpayRefundEntity = z.infer<typeof razorpayRefundEntity>;

export function toProviderRefund(entity: RazorpayRefundEntity): ProviderRefund {
  const notes = entity.notes && !Array.isArray(entity.notes) ? entity.notes : {};
  const noted = typeof notes.refund_id === "string" ? notes.refund_id : null;
  return {
    id: entity.id,
    paymentId: entity.payment_id,
    amountPaise: entity.amount,
    status: entity.status,
    reference: entity.receipt || noted,
    failureReason: entity.error_description ?? undefined,
  };
}

export type RazorpayOrderEntity = z.infer<typeof razorpayOrderEntity>;
export type RazorpayPaymentEntity = z.infer<typeof razorpayPaymentEntity>;

export function toProviderOrder(entity: RazorpayOrderEntity): ProviderOrder {
  return { id: entity.id, amountPaise: entity.amount, currency: entity.currency, receipt: entity.receipt ?? "" };
}

export function toProviderPayment(entity: RazorpayPaymentEntity): ProviderPayment {
  return {
    id: entity.id,
    orderId: entity.order_id ?? "",
    amountPaise: entity.amount,
    currency: entity.currency,
    status: entity.status,
    ...(entity.method ? { method: entity.method } : {}),
  };
}

const webhookEnvelope = z.object({
  entity: z.literal("event").optional(),
  event: z.string().min(1).max(100),
  payload: z
    .object({
      payment: z.object({ entity: razorpayPaymentEntity }).optional(),
      order: z.object({ entity: razorpayOrderEntity }).optional(),
      refund: z.object({ entity: razorpayRefundEntity }).optional(),
    })
    .default({}),
});

/** The signature (`X-Razorpay-Signature`) is checked over the exact bytes received, before parsing. */
export function parseSignedWebhook(
  webhookSecret: string,
  { rawBody, signature, eventId }: { rawBody: Buffer; signature: string | undefined; eventId: string | undefined },
): PaymentEvent | undefined {
  if (!signatureMatches(hmacHex(webhookSecret, rawBody), signature)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString("utf8"));
  } catch {
    return undefined;
  }
  const parsed = webhookEnvelope.safeParse(json);
  if (!parsed.success) return undefined;
  const { payment, order, refund } = parsed.data.payload;
  // Razorpay always sends the event id header; a signed body without one is de-duplicated by its own hash.
  const id = eventId?.trim() || `body:${hmacHex("event-id", rawBody)}`;
  return {
    eventId: id.slice(0, 200),
    event: parsed.data.event,
    orderId: payment?.entity.order_id ?? order?.entity.id ?? undefined,
    payment: payment ? toProviderPayment(payment.entity) : undefined,
    refund: refund ? toProviderRefund(refund.entity) : undefined,
  };
}
