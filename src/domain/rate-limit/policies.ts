import { writeLimitMessages } from "#shared/messages.ts";
import type { RateLimiter, RateLimitPolicy } from "./rate-limiter.ts";

const HOUR = 3600;

/**
 * Limits of every repeatable write (docs/rate-limits.md): far above one person's hour, far below a script's; a
 * network's leave room for the people behind one address. Sign-in, codes and anonymous uploads keep theirs elsewhere.
 */
export const WRITE_LIMITS = {
  /** Guest carts started from one network: each is a row kept for GUEST_CART_DAYS. */
  guestCart: { key: "guest-cart", limit: 30, windowSeconds: HOUR, message: writeLimitMessages.guestCarts },
  /** Starting a guest cart counts as guestCart instead. */
  guestCartChange: { key: "cart", limit: 300, windowSeconds: HOUR, message: writeLimitMessages.guestCartChanges },
  cartChange: { key: "cart", limit: 300, windowSeconds: HOUR, message: writeLimitMessages.cartChanges },
  myList: { key: "my-list", limit: 200, windowSeconds: HOUR, message: writeLimitMessages.myList },
  /** Reviews written or replaced: each locks the product, recomputes its rating and evicts it on every instance. */
  review: { key: "review", limit: 20, windowSeconds: HOUR, message: writeLimitMessages.reviews },
  /** "Report this review": each is a row and a count the moderation queue sorts by. */
  reviewReport: { key: "review-report", limit: 30, windowSeconds: HOUR, message: writeLimitMessages.reviewReports },
  profile: { key: "profile", limit: 20, windowSeconds: HOUR, message: writeLimitMessages.profile },
  /** Counted per request before the photos are decoded (stored ones also count daily). */
  photoUpload: { key: "photo-upload", limit: 60, windowSeconds: HOUR, message: writeLimitMessages.photoUploads },
  photoDelete: { key: "photo-delete", limit: 30, windowSeconds: HOUR, message: writeLimitMessages.photoDeletes },
  /** Per network: each new password is hashed (costly) before the grant is checked. */
  passwordReset: { key: "reset-password", limit: 20, windowSeconds: HOUR, message: writeLimitMessages.passwordResets },
  /** Checkouts: each holds stock, writes an order and creates an order at the payment provider. */
  checkout: { key: "checkout", limit: 20, windowSeconds: HOUR, message: writeLimitMessages.checkouts },
  /** Each confirmation, or test pay and fail, may ask the provider. */
  payment: { key: "payment", limit: 30, windowSeconds: HOUR, message: writeLimitMessages.payments },
} as const satisfies Record<string, RateLimitPolicy & { key: string }>;

export type WriteKind = keyof typeof WRITE_LIMITS;

export type Writer = { account: string } | { network: string };

export function writeLimitKey(kind: WriteKind, writer: Writer): string {
  const { key } = WRITE_LIMITS[kind];
  return "account" in writer ? `${key}:account:${writer.account}` : `${key}:ip:${writer.network}`;
}

/** Called before anything is written, so a refused request changes nothing. */
export function consumeWrite(limiter: Pick<RateLimiter, "consume">, kind: WriteKind, writer: Writer): Promise<void> {
  return limiter.consume(writeLimitKey(kind, writer), WRITE_LIMITS[kind]);
}

export type WriteLimits = ReturnType<typeof createWriteLimits>;

/** For the adapters whose service does not count writes itself (checkout and payment confirmation). */
export function createWriteLimits(limiter: Pick<RateLimiter, "consume">) {
  return {
    consume: (kind: WriteKind, writer: Writer): Promise<void> => consumeWrite(limiter, kind, writer),
  };
}
