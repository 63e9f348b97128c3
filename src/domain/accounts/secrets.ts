import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { OTP_LENGTH } from "#shared/constants.ts";

/** A bearer secret (session, reset grant): 32 random bytes, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens have 256 bits of entropy: a plain SHA-256 is enough to make a leaked table useless. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Six digits, uniformly drawn. */
export function randomCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");
}

/**
 * A six-digit code has only a million values, so a plain hash would be reversed instantly from a leaked table: it is
 * keyed with the server's secret (HMAC) and bound to the code's own id.
 */
export function hashCode(secret: string, codeId: string, code: string): string {
  return createHmac("sha256", secret).update(`${codeId}:${code}`).digest("hex");
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
