import { describe, expect, it } from "vitest";
import { hmacHex, paymentSignature, signatureMatches } from "./signatures.ts";

describe("Razorpay's payment signature", () => {
  const secret = "key secret";
  const good = paymentSignature(secret, "order_A1", "pay_B2");

  it("is HMAC-SHA256 of 'order_id|payment_id' with the key secret, in hex", () => {
    expect(good).toBe(hmacHex(secret, "order_A1|pay_B2"));
    expect(good).toMatch(/^[0-9a-f]{64}$/);
    expect(signatureMatches(good, good)).toBe(true);
  });

  it.each([
    ["another payment id", paymentSignature(secret, "order_A1", "pay_B3")],
    ["another order id", paymentSignature(secret, "order_A2", "pay_B2")],
    ["the ids swapped", hmacHex(secret, "pay_B2|order_A1")],
    ["another secret", paymentSignature("wrong secret", "order_A1", "pay_B2")],
    ["one character changed", good.replace(/^./, (c) => (c === "a" ? "b" : "a"))],
    ["upper case", good.toUpperCase()],
    ["too short", good.slice(0, 63)],
    ["too long", `${good}0`],
    ["empty", ""],
  ])("refuses %s", (_, given) => {
    expect(signatureMatches(good, given)).toBe(false);
  });

  it.each([undefined, null, 42, { signature: good }, [good]])("refuses a signature that is not text: %o", (given) => {
    expect(signatureMatches(good, given)).toBe(false);
  });
});
