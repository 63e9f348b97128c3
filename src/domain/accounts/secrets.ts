import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { OTP_LENGTH } from "#shared/constants.ts";

export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens have 256 bits of entropy: a plain SHA-256 is enough to make a leaked table useless. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function randomCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");
}

/** A plain hash of a six-digit code reverses instantly: keyed with the server's secret, bound to the code's id. */
export function hashCode(secret: string, codeId: string, code: string): string {
  return createHmac("sha256", secret).update(`${codeId}:${code}`).digest("hex");
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
