import { GUEST_CART_DAYS } from "#shared/constants.ts";
import type { Services } from "./services.ts";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Without housekeeping these tables only grow: every sign-in leaves a session, every lost visitor a cart. */
export const RETENTION_DAYS = {
  /** Counted from when they expired. */
  expired: 1,
  /** From its last change: the cookie is gone by then. */
  guestCart: GUEST_CART_DAYS,
  zeroResultSearch: 90,
  sentEmailAndPaymentEvent: 30,
} as const;

/** An emptied guest cart is worth nothing; a script emptying carts would otherwise keep rows for GUEST_CART_DAYS. */
export const EMPTY_GUEST_CART_HOURS = 1;

export interface HousekeepingReport {
  expired: number;
  guestCarts: number;
  zeroResultSearches: number;
  sentEmailsAndPaymentEvents: number;
}

/** Each table's own service deletes its rows (decision 011); safe on any number of instances at once. */
export async function housekeeping(
  services: Pick<Services, "accounts" | "cart" | "search" | "orders">,
  now: Date,
): Promise<HousekeepingReport> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const [expired, guestCarts, zeroResultSearches, sentEmailsAndPaymentEvents] = await Promise.all([
    services.accounts.prune(daysAgo(RETENTION_DAYS.expired)),
    services.cart.pruneGuestCarts(daysAgo(RETENTION_DAYS.guestCart), new Date(now.getTime() - EMPTY_GUEST_CART_HOURS * HOUR_MS)),
    services.search.pruneZeroResultSearches(daysAgo(RETENTION_DAYS.zeroResultSearch)),
    services.orders.prune(daysAgo(RETENTION_DAYS.sentEmailAndPaymentEvent)),
  ]);
  return { expired, guestCarts, zeroResultSearches, sentEmailsAndPaymentEvents };
}
