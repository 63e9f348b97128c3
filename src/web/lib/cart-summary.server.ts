import type { RouterContextProvider } from "react-router";
import { authRequestContext, currentUserContext, requestInfoContext, servicesContext } from "#app-context";
import type { CartOwner } from "#domain/cart/types.ts";
import type { CartSummary } from "./root-data.ts";

/**
 * Whose cart a page shows and changes: the signed-in shopper's (from the session), else the visitor's guest cart (from
 * its cookie, through the request info), never anything the request's fields say (docs/decisions/013-guest-cart.md).
 * A visitor's changes are limited per network: the request's address goes with the guest owner.
 */
export function cartOwnerOf(context: Readonly<RouterContextProvider>): CartOwner {
  const user = context.get(currentUserContext);
  if (user) return { kind: "user", userId: user.id };
  return { kind: "guest", token: context.get(requestInfoContext).guestCart, network: context.get(authRequestContext).ip };
}

/** The one place the root loader gets the header's cart summary from: count of lines and total at current prices. */
export async function loadCartSummary(context: Readonly<RouterContextProvider>): Promise<CartSummary> {
  return context.get(servicesContext).cart.summary(cartOwnerOf(context));
}
