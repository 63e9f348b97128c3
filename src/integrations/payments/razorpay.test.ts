import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaymentProviderError } from "#domain/orders/ports.ts";
import { type RazorpayStandIn, startRazorpayStandIn } from "#tests/support/razorpay-stand-in.ts";
import { createRazorpayGateway } from "./razorpay.ts";

// The Razorpay adapter against a local stand-in that speaks Razorpay's REST protocol and signs as Razorpay does.
let standIn: RazorpayStandIn;
let gateway: ReturnType<typeof createRazorpayGateway>;
beforeAll(async () => {
  standIn = await startRazorpayStandIn();
  gateway = createRazorpayGateway({ ...standIn, apiUrl: standIn.url });
});
afterAll(async () => {
  await standIn?.close();
});

describe("the Razorpay gateway", () => {
  it("creates an order with Basic auth, the amount in paise, INR and our order id as receipt", async () => {
    const order = await gateway.createOrder({ amountPaise: 259_900, currency: "INR", receipt: "our-order-1" });
    expect(order).toMatchObject({
      id: expect.stringMatching(/^order_/),
      amountPaise: 259_900,
      currency: "INR",
      receipt: "our-order-1",
    });
    expect(standIn.requests.at(-1)).toMatchObject({
      method: "POST",
      path: "/v1/orders",
      authorized: true,
      body: { amount: 259_900, currency: "INR", receipt: "our-order-1" },
    });
  });

  it("verifies the widget's proof and reads the payment, the order's payments and refunds", async () => {
    const order = await gateway.createOrder({ amountPaise: 10_000, currency: "INR", receipt: "our-order-2" });
    const paid = standIn.pay(order.id);
    const proof = { orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature };
    expect(gateway.verifyPaymentProof(proof)).toBe(true);
    expect(gateway.verifyPaymentProof({ ...proof, paymentId: "pay_other" })).toBe(false);
    expect(await gateway.fetchPayment(proof.paymentId)).toEqual({
      id: proof.paymentId,
      orderId: order.id,
      amountPaise: 10_000,
      currency: "INR",
      status: "captured",
      method: "card",
    });
    expect(await gateway.fetchPayment("pay_unknown")).toBeUndefined();
    expect(await gateway.fetchPayment("../orders")).toBeUndefined();
    standIn.failPayment(order.id);
    expect((await gateway.listOrderPayments(order.id)).map((p) => p.status).sort()).toEqual(["captured", "failed"]);
    const part = await gateway.refund(proof.paymentId, 4_000, "our-refund-1");
    expect(part).toMatchObject({
      id: expect.stringMatching(/^rfnd_/),
      amountPaise: 4_000,
      status: "processed",
      reference: "our-refund-1",
    });
    expect(standIn.requests.at(-1)?.body).toMatchObject({
      amount: 4_000,
      receipt: "our-refund-1",
      notes: { refund_id: "our-refund-1" },
    });
    // The same reference is the same refund (Razorpay's idempotency key); more than is left is refused with its words.
    expect((await gateway.refund(proof.paymentId, 4_000, "our-refund-1")).id).toBe(part.id);
    const over = await gateway.refund(proof.paymentId, 6_001, "our-refund-2").catch((e: unknown) => e);
    expect(over).toMatchObject({ refusal: "The total refund amount is greater than the refund payment amount" });
    expect((await gateway.fetchPayment(proof.paymentId))?.status).toBe("captured");
    await gateway.refund(proof.paymentId, 6_000, "our-refund-3");
    expect((await gateway.fetchPayment(proof.paymentId))?.status).toBe("refunded");
    expect((await gateway.listPaymentRefunds(proof.paymentId)).map((refund) => refund.reference)).toEqual([
      "our-refund-1",
      "our-refund-3",
    ]);
    expect(await gateway.fetchRefund(part.id)).toMatchObject({ id: part.id, paymentId: proof.paymentId, status: "processed" });
  });

  it("turns every failure into a PaymentProviderError that names the call but never the secret", async () => {
    const failures: (number | "garbage")[] = [500, 400, "garbage"];
    for (const how of failures) {
      standIn.failNext(how);
      const error = await gateway.createOrder({ amountPaise: 10_000, currency: "INR", receipt: "x" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaymentProviderError);
      expect((error as Error).message).toMatch(/^Razorpay create order: /);
      expect((error as Error).message).not.toContain(standIn.keySecret);
    }
    const unreachable = createRazorpayGateway({ ...standIn, apiUrl: "http://127.0.0.1:9" });
    await expect(unreachable.fetchPayment("pay_1")).rejects.toThrow(/could not reach Razorpay/);
    await expect(gateway.createOrder({ amountPaise: 50, currency: "INR", receipt: "x" })).rejects.toThrow(/atleast INR 1.00/);
  });

  it("checks its keys at start-up: wrong keys stop the shop, an unreachable Razorpay only warns", async () => {
    expect(await gateway.checkCredentials()).toBeUndefined();
    const wrong = createRazorpayGateway({ ...standIn, keySecret: "not the secret", apiUrl: standIn.url });
    await expect(wrong.checkCredentials()).rejects.toThrow(/RAZORPAY_KEY_ID \/ RAZORPAY_KEY_SECRET/);
    const away = createRazorpayGateway({ ...standIn, apiUrl: "http://127.0.0.1:9" });
    expect(await away.checkCredentials()).toMatch(/could not reach Razorpay/);
  });
});
