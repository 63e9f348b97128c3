import { createHmac, timingSafeEqual } from "node:crypto";

/** HMAC-SHA256 of `payload` with `secret`, in lowercase hex: Razorpay's signature for payments and webhooks. */
export function hmacHex(secret: string, payload: string | Buffer): string {
  return createHmac("sha256", secret).update(payload).digest("hex");
}

/** Constant-time; another length or a non-string is simply wrong (timingSafeEqual would throw on unequal lengths). */
export function signatureMatches(expectedHex: string, given: unknown): boolean {
  if (typeof given !== "string") return false;
  const expected = Buffer.from(expectedHex, "utf8");
  const actual = Buffer.from(given, "utf8");
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Razorpay Checkout's success signature: HMAC-SHA256(`order_id|payment_id`, key secret). */
export function paymentSignature(keySecret: string, orderId: string, paymentId: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}
