import { createHash, randomBytes } from "node:crypto";

/** Only its SHA-256 is stored, like sessions' (decision 007), so a leaked table finds no visitor's cart. */
export function newGuestToken(): string {
  return randomBytes(32).toString("base64url");
}

const GUEST_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Anything else is treated as no guest cart. */
export function isGuestToken(value: string | undefined): value is string {
  return value !== undefined && GUEST_TOKEN.test(value);
}

export function hashGuestToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
