import { GUEST_CART_DAYS } from "#shared/constants.ts";
import type { Services } from "./services.ts";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long rows that nobody can use any more are kept before housekeeping deletes them. Without it these tables only
 * grow: every sign-in leaves a session, every code e-mail a code, every visitor who never came back a cart.
 */
export const RETENTION_DAYS = {
  /** Sessions, one-time codes and password reset grants, counted from when they expired. */
  expired: 1,
  /** A visitor's cart, from when it last changed: its cookie is gone by then. */
  guestCart: GUEST_CART_DAYS,
  /** A search that found nothing, from when someone last made it (`npm run shop -- searches`). */
  zeroResultSearch: 90,
  /** Order e-mails from when they were sent, and payment webhook events from when they arrived. */
  sentEmailAndPaymentEvent: 30,
} as const;

/**
 * A visitor's cart left without lines (they removed them all), from when it last changed: nothing in it is worth keeping,
 * and a script that empties its carts would otherwise keep a row per cart for GUEST_CART_DAYS.
 */
export const EMPTY_GUEST_CART_HOURS = 1;

export interface HousekeepingReport {
  expired: number;
  guestCarts: number;
  zeroResultSearches: number;
  sentEmailsAndPaymentEvents: number;
}

/**
 * One housekeeping pass: each table's own service deletes its rows past their retention (decision 011: a table is
 * written only by its context). Safe on any number of instances at once: a row is deleted once, whoever gets there.
 * Run by the timer of src/server/services.ts every hour.
 */
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
