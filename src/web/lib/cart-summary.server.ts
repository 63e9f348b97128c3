import type { RouterContextProvider } from "react-router";
import { authRequestContext, currentUserContext, requestInfoContext, servicesContext } from "#app-context";
import type { CartOwner } from "#domain/cart/types.ts";
import type { CartSummary } from "./root-data.ts";

/**
 * The signed-in shopper's cart, else the visitor's guest cart from its cookie, never what the request's fields say
 * (decision 013). The address goes with a guest owner: a visitor's changes are limited per network.
 */
export function cartOwnerOf(context: Readonly<RouterContextProvider>): CartOwner {
  const user = context.get(currentUserContext);
  if (user) return { kind: "user", userId: user.id };
  return { kind: "guest", token: context.get(requestInfoContext).guestCart, network: context.get(authRequestContext).ip };
}

/** The header's cart summary: count of lines and total at current prices. */
export async function loadCartSummary(context: Readonly<RouterContextProvider>): Promise<CartSummary> {
  return context.get(servicesContext).cart.summary(cartOwnerOf(context));
}
