import { writeLimitMessages } from "#shared/messages.ts";
import type { RateLimiter, RateLimitPolicy } from "./rate-limiter.ts";

const HOUR = 3600;

/**
 * The abuse limits of every write a shopper or a visitor can repeat, in one place (docs/rate-limits.md lists each route
 * with the limit it got). Each is far above what one person does in an hour and far below what a script does; a
 * network's limits leave room for the people behind one address (an office, a carrier's NAT). Sign-in, sign-up, codes,
 * password changes and anonymous photo uploads keep theirs beside their services (accounts/internals.ts, media/).
 */
export const WRITE_LIMITS = {
  /** Guest carts started from one network: each is a row kept for GUEST_CART_DAYS. */
  guestCart: { key: "guest-cart", limit: 30, windowSeconds: HOUR, message: writeLimitMessages.guestCarts },
  /** Adds, quantity changes and removals in the guest carts of one network (starting one counts as guestCart). */
  guestCartChange: { key: "cart", limit: 300, windowSeconds: HOUR, message: writeLimitMessages.guestCartChanges },
  /** Adds, quantity changes and removals in an account's cart (API and pages). */
  cartChange: { key: "cart", limit: 300, windowSeconds: HOUR, message: writeLimitMessages.cartChanges },
  /** My List adds and removals. */
  myList: { key: "my-list", limit: 200, windowSeconds: HOUR, message: writeLimitMessages.myList },
  /** Reviews written or replaced: each locks the product, recomputes its rating and evicts it on every instance. */
  review: { key: "review", limit: 20, windowSeconds: HOUR, message: writeLimitMessages.reviews },
  /** Profile saves (name, phone, photo). */
  profile: { key: "profile", limit: 20, windowSeconds: HOUR, message: writeLimitMessages.profile },
  /** Signed-in photo uploads, counted per request before the photos are decoded (stored ones also count daily). */
  photoUpload: { key: "photo-upload", limit: 60, windowSeconds: HOUR, message: writeLimitMessages.photoUploads },
  /** "Delete the unsaved photos". */
  photoDelete: { key: "photo-delete", limit: 30, windowSeconds: HOUR, message: writeLimitMessages.photoDeletes },
  /** New passwords set with a reset code, per network: each is hashed (costly) before the grant is checked. */
  passwordReset: { key: "reset-password", limit: 20, windowSeconds: HOUR, message: writeLimitMessages.passwordResets },
  /** Checkouts: each holds stock, writes an order and creates an order at the payment provider. */
  checkout: { key: "checkout", limit: 20, windowSeconds: HOUR, message: writeLimitMessages.checkouts },
  /** Payment confirmations and the test provider's pay and fail buttons: each may ask the provider. */
  payment: { key: "payment", limit: 30, windowSeconds: HOUR, message: writeLimitMessages.payments },
} as const satisfies Record<string, RateLimitPolicy & { key: string }>;

export type WriteKind = keyof typeof WRITE_LIMITS;

/** Whose writes are counted: a signed-in shopper's account, or a visitor's network (the request's address). */
export type Writer = { account: string } | { network: string };

/** The limiter's key of `kind` for `writer` (`review:account:<id>`, `guest-cart:ip:<address>`). */
export function writeLimitKey(kind: WriteKind, writer: Writer): string {
  const { key } = WRITE_LIMITS[kind];
  return "account" in writer ? `${key}:account:${writer.account}` : `${key}:ip:${writer.network}`;
}

/**
 * Counts one write of `kind` by `writer`; throws TOO_MANY_REQUESTS (with `retryAfter`) past the limit. Called before
 * anything is written, so a refused request changes nothing.
 */
export function consumeWrite(limiter: Pick<RateLimiter, "consume">, kind: WriteKind, writer: Writer): Promise<void> {
  return limiter.consume(writeLimitKey(kind, writer), WRITE_LIMITS[kind]);
}

export type WriteLimits = ReturnType<typeof createWriteLimits>;

/**
 * `consumeWrite` for the adapters, whose writes go to a service that does not count them itself (checkout and payment
 * confirmation: the orders service); the web app reaches it through the load context.
 */
export function createWriteLimits(limiter: Pick<RateLimiter, "consume">) {
  return {
    consume: (kind: WriteKind, writer: Writer): Promise<void> => consumeWrite(limiter, kind, writer),
  };
}
