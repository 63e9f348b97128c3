import { createHmac } from "node:crypto";

/** Who is asking: rate limits are per network as well as per account; some short-lived grants are bound to it. */
export interface Requester {
  ip: string;
  userAgent?: string;
}

/**
 * A keyed hash (HMAC-SHA256 with the server secret) of the requester's network and user agent, for `purpose`, so a row
 * can be bound to "whoever asked just now" without storing where they were: a leaked table does not name networks, and
 * cannot be matched against a list of addresses without the secret. `purpose` separates uses (and may carry an id).
 */
export function requesterHash(secret: string, purpose: string, requester: Requester): string {
  return createHmac("sha256", secret)
    .update(`${purpose}\u0000${requester.ip}\u0000${requester.userAgent ?? ""}`)
    .digest("hex");
}
