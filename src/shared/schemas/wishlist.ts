import { z } from "zod";
import { wishlistMessages } from "#shared/messages.ts";
import { idParam } from "./catalog.ts";

/** My List's forms (the wishlist), shared by the browser, the /my-list route's action and the API. */

/**
 * The most products one shopper's list holds. The contract answers the list as one bare array (spec §7), which cannot
 * be paginated, and every page tells the hearts which products are saved: both stay small.
 */
export const MY_LIST_MAX = 100;

/**
 * The heart on cards, the quick view and the product page: `intent=toggle` with the product and `saved`, the state
 * the shopper saw ("true": on the list, so take it off; otherwise put it on). Sending the state seen, not a bare
 * "toggle", keeps a double click or a stale page from undoing what the shopper asked for.
 */
export const myListToggleForm = z.object({
  intent: z.literal("toggle", { error: wishlistMessages.unknownIntent }),
  productId: idParam("productId"),
  saved: z.enum(["true", "false"]).default("false").catch("false"),
});

/** The My List page's remove button: `intent=remove` and the entry's id. */
export const myListRemoveForm = z.object({
  intent: z.literal("remove", { error: wishlistMessages.unknownIntent }),
  id: idParam("id"),
});
