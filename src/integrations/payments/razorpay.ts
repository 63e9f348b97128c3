import { z } from "zod";
import { type PaymentGateway, PaymentProviderError, type ProviderPayment } from "#domain/orders/ports.ts";
import {
  parseSignedWebhook,
  razorpayOrderEntity,
  razorpayPaymentEntity,
  razorpayRefundEntity,
  toProviderOrder,
  toProviderPayment,
  toProviderRefund,
} from "./razorpay-protocol.ts";
import { paymentSignature, signatureMatches } from "./signatures.ts";

/** Each call to Razorpay gives up after this long: a shopper is waiting on the other side. */
const CALL_TIMEOUT_MS = 10_000;

const collection = z.object({ items: z.array(razorpayPaymentEntity) });
const refundCollection = z.object({ items: z.array(razorpayRefundEntity) });
const errorBody = z.object({ error: z.object({ description: z.string().optional(), code: z.string().optional() }) });

export interface RazorpaySettings {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  apiUrl: string;
}

/**
 * Razorpay's REST API v1 over Node's fetch (the SDK would be a dependency for five calls). Every failure becomes a
 * PaymentProviderError naming the call and Razorpay's description, never the secret.
 */
export function createRazorpayGateway(
  settings: RazorpaySettings,
): PaymentGateway & { checkCredentials(): Promise<string | undefined> } {
  const authorization = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString("base64")}`;

  async function call<T>(
    what: string,
    method: "GET" | "POST",
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<{ status: number; value: T | undefined }> {
    let response: Response;
    try {
      response = await fetch(`${settings.apiUrl}${path}`, {
        method,
        headers: { authorization, ...(body === undefined ? {} : { "content-type": "application/json" }), ...extraHeaders },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === "TimeoutError" ? "timed out" : "could not reach Razorpay";
      throw new PaymentProviderError(`Razorpay ${what}: ${reason}`);
    }
    const text = await response.text().catch(() => "");
    let json: unknown;
    try {
      json = text === "" ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      if (response.status === 404) return { status: 404, value: undefined };
      const description = errorBody.safeParse(json).data?.error.description ?? `HTTP ${response.status}`;
      const refusal = response.status >= 400 && response.status < 500 && response.status !== 429 ? description : undefined;
      throw new PaymentProviderError(`Razorpay ${what}: ${description} (${response.status})`, refusal);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new PaymentProviderError(`Razorpay ${what}: an answer that is not what Razorpay documents`);
    return { status: response.status, value: parsed.data };
  }

  const found = <T>(what: string, answer: { value: T | undefined }): T => {
    if (answer.value === undefined) throw new PaymentProviderError(`Razorpay ${what}: not found (404)`);
    return answer.value;
  };

  return {
    provider: "razorpay",
    keyId: settings.keyId,

    async createOrder({ amountPaise, currency, receipt }) {
      const answer = await call("create order", "POST", "/v1/orders", razorpayOrderEntity, {
        amount: amountPaise,
        currency,
        receipt,
      });
      return toProviderOrder(found("create order", answer));
    },

    verifyPaymentProof({ orderId, paymentId, signature }) {
      return signatureMatches(paymentSignature(settings.keySecret, orderId, paymentId), signature);
    },

    async fetchPayment(paymentId): Promise<ProviderPayment | undefined> {
      if (!/^[A-Za-z0-9_]{1,64}$/.test(paymentId)) return undefined;
      const answer = await call("fetch payment", "GET", `/v1/payments/${paymentId}`, razorpayPaymentEntity);
      return answer.value ? toProviderPayment(answer.value) : undefined;
    },

    async listOrderPayments(orderId) {
      if (!/^[A-Za-z0-9_]{1,64}$/.test(orderId)) return [];
      const answer = await call("list order payments", "GET", `/v1/orders/${orderId}/payments`, collection);
      return (answer.value?.items ?? []).map(toProviderPayment);
    },

    async capture(paymentId, amountPaise, currency) {
      const path = `/v1/payments/${encodeURIComponent(paymentId)}/capture`;
      const answer = await call("capture", "POST", path, razorpayPaymentEntity, { amount: amountPaise, currency });
      return toProviderPayment(found("capture", answer));
    },

    async refund(paymentId, amountPaise, reference) {
      const path = `/v1/payments/${encodeURIComponent(paymentId)}/refund`;
      const body = {
        amount: amountPaise,
        speed: "normal",
        ...(reference ? { receipt: reference, notes: { refund_id: reference } } : {}),
      };
      // Razorpay's own guard: the same key within its window answers the same refund.
      const headers: Record<string, string> = reference ? { "x-refund-idempotency": reference } : {};
      const answer = await call("refund", "POST", path, razorpayRefundEntity, body, headers);
      return toProviderRefund(found("refund", answer));
    },

    async fetchRefund(refundId) {
      if (!/^[A-Za-z0-9_]{1,64}$/.test(refundId)) return undefined;
      const answer = await call("fetch refund", "GET", `/v1/refunds/${refundId}`, razorpayRefundEntity);
      return answer.value ? toProviderRefund(answer.value) : undefined;
    },

    async listPaymentRefunds(paymentId) {
      if (!/^[A-Za-z0-9_]{1,64}$/.test(paymentId)) return [];
      const answer = await call("list refunds", "GET", `/v1/payments/${paymentId}/refunds?count=100`, refundCollection);
      return (answer.value?.items ?? []).map(toProviderRefund);
    },

    parseWebhook(input) {
      return parseSignedWebhook(settings.webhookSecret, input);
    },

    /** Wrong keys stop the shop; an unreachable Razorpay is a returned warning (all but payments still work). */
    async checkCredentials() {
      try {
        await call("check keys", "GET", "/v1/orders?count=1", z.unknown());
        return undefined;
      } catch (error) {
        if (error instanceof PaymentProviderError && /\((401|403)\)$/.test(error.message)) {
          throw new Error("RAZORPAY_KEY_ID / RAZORPAY_KEY_SECRET: Razorpay refused these keys (Authentication failed)");
        }
        return error instanceof Error ? error.message : String(error);
      }
    },
  };
}
