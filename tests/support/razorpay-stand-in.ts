import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { PaymentProviderError, type ProviderPayment } from "#domain/orders/ports.ts";
import { createTestGateway } from "#integrations/payments/test-gateway.ts";

/**
 * A local stand-in for Razorpay's REST API v1, for tests of the Razorpay adapter and of checkout with
 * PAYMENT_PROVIDER=razorpay (RAZORPAY_API_URL pointed here): HTTP Basic auth with the key id and secret, orders in
 * paise and INR, payments, an order's payments, refunds, Razorpay's error bodies, and payments signed as Razorpay signs
 * them. The book-keeping is the in-process test provider's (src/integrations/payments/test-gateway.ts), so both
 * behave alike; this adds the protocol and the means to play the shopper's widget, send webhooks and fail calls.
 */
export async function startRazorpayStandIn({
  keyId = "rzp_test_standin1",
  keySecret = "stand-in key secret",
  webhookSecret = "stand-in webhook secret",
}: {
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
} = {}) {
  const book = createTestGateway({ keyId, keySecret, webhookSecret });
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
  const requests: { method: string; path: string; authorized: boolean; body: unknown }[] = [];
  let failNext: number | "timeout" | "garbage" | "lost" | undefined;

  const orderJson = (id: string) => {
    const order = book.orders.get(id);
    if (!order) return undefined;
    const paid = [...book.payments.values()].some((p) => p.orderId === id && p.status === "captured");
    return {
      id: order.id,
      entity: "order",
      amount: order.amountPaise,
      amount_paid: paid ? order.amountPaise : 0,
      amount_due: paid ? 0 : order.amountPaise,
      currency: order.currency,
      receipt: order.receipt,
      status: paid ? "paid" : "created",
      attempts: 0,
      created_at: Math.floor(Date.now() / 1000),
    };
  };
  const paymentJson = (id: string) => {
    const payment = book.payments.get(id);
    if (!payment) return undefined;
    return {
      id: payment.id,
      entity: "payment",
      amount: payment.amountPaise,
      currency: payment.currency,
      status: payment.status,
      order_id: payment.orderId || null,
      method: "card",
      captured: payment.status === "captured",
    };
  };
  const refundJson = (id: string) => {
    const refund = book.refunds.get(id);
    if (!refund) return undefined;
    return {
      id: refund.id,
      entity: "refund",
      amount: refund.amountPaise,
      currency: "INR",
      payment_id: refund.paymentId,
      notes: refund.reference ? { refund_id: refund.reference } : [],
      receipt: refund.reference,
      status: refund.status,
      speed_processed: "normal",
      speed_requested: "normal",
      created_at: Math.floor(refund.createdAt / 1000),
    };
  };
  const badRequest = (description: string) => ({ error: { code: "BAD_REQUEST_ERROR", description } });

  const server = createServer(async (request, response) => {
    let send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? "/", "http://stand-in");
    const text = await readBody(request);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const authorized = request.headers.authorization === expectedAuth;
    requests.push({ method: request.method ?? "", path: url.pathname + url.search, authorized, body });

    const failing = failNext;
    failNext = undefined;
    if (failing === "lost") {
      // The call is carried out, and its answer lost on the way back.
      const real = send;
      send = (_status: number, _body: unknown) => real(504, { error: { code: "GATEWAY_ERROR", description: "Gateway timeout" } });
    }
    if (failing === "timeout") return; // never answers: the client's timeout must end it
    if (failing === "garbage") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end("<html>not json</html>");
      return;
    }
    if (typeof failing === "number") return send(failing, { error: { code: "SERVER_ERROR", description: "Stand-in failure" } });
    if (!authorized) return send(401, badRequest("Authentication failed"));

    const parts = url.pathname.split("/").filter(Boolean); // v1, orders|payments, id?, sub?
    if (parts[0] !== "v1") return send(404, badRequest("The requested URL was not found on the server."));
    if (request.method === "POST" && parts[1] === "orders" && parts.length === 2) {
      const { amount, currency, receipt } = (body ?? {}) as { amount?: unknown; currency?: unknown; receipt?: unknown };
      if (!Number.isInteger(amount) || (amount as number) < 100) {
        return send(400, badRequest("The amount must be atleast INR 1.00"));
      }
      if (currency !== "INR") return send(400, badRequest("Currency is not supported"));
      const order = await book.createOrder({ amountPaise: amount as number, currency: "INR", receipt: String(receipt ?? "") });
      return send(200, orderJson(order.id));
    }
    if (request.method === "GET" && parts[1] === "orders" && parts.length === 2) {
      const items = [...book.orders.keys()].map(orderJson);
      return send(200, { entity: "collection", count: items.length, items });
    }
    if (request.method === "GET" && parts[1] === "orders" && parts[3] === "payments" && parts[2]) {
      if (!book.orders.has(parts[2])) return send(400, badRequest("The id provided does not exist"));
      const items = (await book.listOrderPayments(parts[2])).map((p) => paymentJson(p.id));
      return send(200, { entity: "collection", count: items.length, items });
    }
    if (request.method === "GET" && parts[1] === "payments" && parts[2] && parts.length === 3) {
      const payment = paymentJson(parts[2]);
      return payment ? send(200, payment) : send(404, badRequest("The id provided does not exist"));
    }
    if (request.method === "POST" && parts[1] === "payments" && parts[3] === "capture" && parts[2]) {
      const payment = book.payments.get(parts[2]);
      if (!payment) return send(404, badRequest("The id provided does not exist"));
      if (payment.status !== "authorized") return send(400, badRequest("This payment has already been captured"));
      const { amount, currency } = (body ?? {}) as { amount?: unknown; currency?: unknown };
      if (amount !== payment.amountPaise || currency !== payment.currency) {
        return send(400, badRequest("Capture amount must be equal to the amount authorized"));
      }
      await book.capture(payment.id, payment.amountPaise, payment.currency);
      return send(200, paymentJson(payment.id));
    }
    if (request.method === "POST" && parts[1] === "payments" && parts[3] === "refund" && parts[2]) {
      const payment = book.payments.get(parts[2]);
      if (!payment) return send(404, badRequest("The id provided does not exist"));
      const { amount, receipt, notes } = (body ?? {}) as { amount?: unknown; receipt?: unknown; notes?: unknown };
      const noted = notes && typeof notes === "object" ? (notes as Record<string, unknown>).refund_id : undefined;
      const key = request.headers["x-refund-idempotency"];
      const reference = [key, receipt, noted].find((value): value is string => typeof value === "string" && value !== "");
      try {
        const refund = await book.refund(payment.id, amount === undefined ? payment.amountPaise : Number(amount), reference);
        return send(200, refundJson(refund.id));
      } catch (error) {
        return send(400, badRequest(error instanceof PaymentProviderError ? (error.refusal ?? error.message) : String(error)));
      }
    }
    if (request.method === "GET" && parts[1] === "payments" && parts[3] === "refunds" && parts[2]) {
      if (!book.payments.has(parts[2])) return send(400, badRequest("The id provided does not exist"));
      const items = (await book.listPaymentRefunds(parts[2])).map((refund) => refundJson(refund.id));
      return send(200, { entity: "collection", count: items.length, items });
    }
    if (request.method === "GET" && parts[1] === "refunds" && parts[2] && parts.length === 3) {
      const refund = refundJson(parts[2]);
      return refund ? send(200, refund) : send(404, badRequest("The id provided does not exist"));
    }
    return send(404, badRequest("The requested URL was not found on the server."));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    /** The shop's settings that point PAYMENT_PROVIDER=razorpay at this stand-in. */
    env: {
      PAYMENT_PROVIDER: "razorpay",
      RAZORPAY_KEY_ID: keyId,
      RAZORPAY_KEY_SECRET: keySecret,
      RAZORPAY_WEBHOOK_SECRET: webhookSecret,
      RAZORPAY_API_URL: url,
    },
    keyId,
    keySecret,
    webhookSecret,
    /** Every call received, in order. */
    requests,
    /**
     * The next call answers this status (Razorpay's error shape), never answers, answers something not JSON, or is
     * carried out and its answer lost (`lost`: a 504 after the work is done).
     */
    failNext(how: number | "timeout" | "garbage" | "lost") {
      failNext = how;
    },
    /** The shopper pays in the widget: Razorpay Checkout's three fields, signed with the key secret. */
    pay: (orderId: string, override?: { amountPaise?: number; currency?: string }) => {
      const proof = book.pay(orderId, override);
      return { razorpay_order_id: proof.orderId, razorpay_payment_id: proof.paymentId, razorpay_signature: proof.signature };
    },
    failPayment: (orderId: string) => book.failPayment(orderId),
    /** The original client's widget: opened with an amount and no Razorpay order, so its payment has no order id. */
    payWithoutOrder(payment: { amountPaise: number; currency?: string; status?: ProviderPayment["status"] }) {
      const id = `pay_${randomBytes(10).toString("hex").slice(0, 14)}`;
      const created: ProviderPayment = { id, orderId: "", currency: "INR", status: "captured", ...payment };
      (book.payments as Map<string, ProviderPayment>).set(id, created);
      return created;
    },
    /** The bank authorised a payment and nobody captured it yet. */
    authorize: (orderId: string) => book.authorize(orderId),
    /** Every payment made so far, as Razorpay's book holds it. */
    payments: () => [...book.payments.values()],
    /** Every refund made so far; how the next ones end (`processed` at once, `pending`, `failed`). */
    refunds: () => [...book.refunds.values()],
    set refundOutcome(outcome: "processed" | "pending" | "failed") {
      book.refundOutcome = outcome;
    },
    /** The bank's late answer on a pending refund, and the signed `refund.*` webhook Razorpay sends for it. */
    settleRefund: (refundId: string, status: "processed" | "failed", reason?: string) =>
      book.settleRefund(refundId, status, reason),
    refundWebhook: (event: string, refundId: string, eventId?: string) => book.refundWebhook(event, refundId, eventId),
    /** A webhook for one of its payments, signed with the webhook secret. */
    webhook: (event: string, paymentId: string, eventId?: string) => book.webhook(event, paymentId, eventId),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

export type RazorpayStandIn = Awaited<ReturnType<typeof startRazorpayStandIn>>;
