import { z } from "zod";
import { wishlistMessages } from "#shared/messages.ts";
import { idParam } from "./catalog.ts";

/** My List's forms (the wishlist), shared by the browser, the /my-list route's action and the API. */

/** The contract answers the list as one bare array (spec §7), which cannot be paginated: it stays small. */
export const MY_LIST_MAX = 100;

/** `saved` is the state the shopper saw, not a bare toggle, so a double click or a stale page cannot undo their choice. */
export const myListToggleForm = z.object({
  intent: z.literal("toggle", { error: wishlistMessages.unknownIntent }),
  productId: idParam("productId"),
  saved: z.enum(["true", "false"]).default("false").catch("false"),
});

export const myListRemoveForm = z.object({
  intent: z.literal("remove", { error: wishlistMessages.unknownIntent }),
  id: idParam("id"),
});
