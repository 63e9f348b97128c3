import { describe, expect, it } from "vitest";
import { parseSignedWebhook } from "./razorpay-protocol.ts";
import { hmacHex } from "./signatures.ts";

const secret = "webhook secret";
const event = {
  entity: "event",
  event: "payment.captured",
  contains: ["payment"],
  payload: {
    payment: {
      entity: { id: "pay_1", entity: "payment", amount: 50_000, currency: "INR", status: "captured", order_id: "order_9" },
    },
  },
};
const signed = (body: unknown, key = secret) => {
  const rawBody = Buffer.from(JSON.stringify(body));
  return { rawBody, signature: hmacHex(key, rawBody), eventId: "evt_1" };
};

describe("Razorpay webhooks", () => {
  it("reads a correctly signed event", () => {
    expect(parseSignedWebhook(secret, signed(event))).toEqual({
      eventId: "evt_1",
      event: "payment.captured",
      orderId: "order_9",
      payment: { id: "pay_1", orderId: "order_9", amountPaise: 50_000, currency: "INR", status: "captured" },
    });
  });

  it("checks the signature over the exact bytes received", () => {
    const input = signed(event);
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(input.rawBody.toString()), null, 2));
    expect(parseSignedWebhook(secret, { ...input, rawBody: reserialised })).toBeUndefined();
    expect(parseSignedWebhook(secret, { ...input, signature: undefined })).toBeUndefined();
    expect(parseSignedWebhook(secret, signed(event, "another secret"))).toBeUndefined();
  });

  it("refuses a signed body that is not an event", () => {
    const rawBody = Buffer.from("not json");
    expect(parseSignedWebhook(secret, { rawBody, signature: hmacHex(secret, rawBody), eventId: "e" })).toBeUndefined();
    expect(parseSignedWebhook(secret, signed({ payload: {} }))).toBeUndefined();
  });

  it("keeps events it does not act on, and names one without an id header by its body", () => {
    const other = parseSignedWebhook(secret, { ...signed({ event: "refund.processed", payload: {} }), eventId: undefined });
    expect(other).toMatchObject({ event: "refund.processed", orderId: undefined, payment: undefined });
    expect(other?.eventId).toMatch(/^body:[0-9a-f]{64}$/);
  });
});
