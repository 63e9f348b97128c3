import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { CartService } from "#domain/cart/cart-service.ts";
import { guestCartMergedMessage } from "#shared/messages.ts";
import { COOKIE, type Cookies, joinFlash, readCookies } from "../cookies.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** A visitor's guest cart token (from its cookie); undefined for a signed-in shopper and for visitors without one. */
    guestCartToken: string | undefined;
  }
}

export interface GuestCartOptions {
  cart: CartService;
  cookies: Cookies;
}

/**
 * The guest cart (docs/decisions/013-guest-cart.md) and the ONE place it joins an account's: the first request with both
 * a session and the cookie merges them, clears the cookie and leaves a flash notice that this very page shows.
 */
export const guestCartPlugin = fp(
  async function guestCartPlugin(app: FastifyInstance, { cart, cookies }: GuestCartOptions) {
    app.decorateRequest("guestCartToken", undefined);

    app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
      const { guestCartToken, flash } = readCookies(request);
      if (!guestCartToken) return;
      if (!request.user) {
        request.guestCartToken = guestCartToken;
        return;
      }
      let merge: Awaited<ReturnType<CartService["mergeGuestCart"]>>;
      try {
        merge = await cart.mergeGuestCart(guestCartToken, request.user.id);
      } catch (error) {
        // The cookie stays, so the next request tries again; this one shows the account's cart meanwhile.
        request.log.error({ err: error }, "guest cart merge failed");
        return;
      }
      reply.header("set-cookie", cookies.clearGuestCart());
      if (!merge) return;
      const message = joinFlash(flash, guestCartMergedMessage(merge));
      request.cookies[COOKIE.flash] = message;
      reply.header("set-cookie", cookies.flash(message));
    });
  },
  { name: "guest-cart", dependencies: ["auth", "@fastify/cookie"] },
);
