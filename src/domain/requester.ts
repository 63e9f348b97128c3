import { createHmac } from "node:crypto";

/** Who is asking: rate limits are per network as well as per account; some short-lived grants are bound to it. */
export interface Requester {
  ip: string;
  userAgent?: string;
}

/**
 * Binds a row to "whoever asked just now" without storing where they were: keyed with the server secret, a leaked table
 * cannot be matched against a list of addresses. `purpose` separates uses (and may carry an id).
 */
export function requesterHash(secret: string, purpose: string, requester: Requester): string {
  return createHmac("sha256", secret)
    .update(`${purpose}\u0000${requester.ip}\u0000${requester.userAgent ?? ""}`)
    .digest("hex");
}
