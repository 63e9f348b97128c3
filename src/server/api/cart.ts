import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Account } from "#domain/accounts/types.ts";
import type { Services } from "#domain/services.ts";
import { cartMessages } from "#shared/messages.ts";
import { cartAddBody, cartUpdateBody } from "#shared/schemas/cart.ts";
import { idParam } from "#shared/schemas/catalog.ts";
import { errorJson } from "./error-schemas.ts";
import { idempotent } from "./idempotency.ts";
import { cartItemJson, createCartPresenter } from "./present-cart.ts";
import { checkNamedUsers, namedUserDoc, parse, signedInShopper, validatedInRoute, withFailure } from "./route-support.ts";

/** Failures carry the contract's `status: false` where the original client reads it (it shows `msg`). */
const failedJson = errorJson.extend({ status: z.literal(false).optional() });
const errors = {
  400: failedJson,
  401: failedJson,
  403: failedJson,
  404: failedJson,
  409: failedJson,
  410: failedJson,
  422: failedJson,
};

const ignored = (what: string) => `Ignored: ${what}`;
const addBodyDoc = z.object({
  productId: z.string(),
  quantity: z.number().int().min(1).describe("1 or more; the line never holds more than the stock"),
  productRam: z.string().optional().describe("The chosen RAM, required when the product has RAM options"),
  size: z.string().optional().describe("The chosen size, required when the product has sizes"),
  productWeight: z.string().optional().describe("The chosen weight, required when the product has weights"),
  productTitle: z.string().optional().describe(ignored("read from the product")),
  image: z.string().optional().describe(ignored("read from the product")),
  rating: z.number().optional().describe(ignored("read from the product")),
  price: z.number().optional().describe(ignored("read from the product")),
  subTotal: z.number().optional().describe(ignored("computed from the product's price")),
  countInStock: z.number().optional().describe(ignored("read from the product")),
  userId: z.string().optional().describe(namedUserDoc),
});
const updateBodyDoc = addBodyDoc
  .pick({ productTitle: true, image: true, rating: true, price: true, subTotal: true, productId: true, userId: true })
  .partial()
  .extend({ quantity: z.number().int().min(1).describe("The line's new quantity (at most the stock)") });
const lineParams = z.object({ id: idParam("id") });
const listQuery = z.object({ userId: z.string().max(200).optional().describe(namedUserDoc) });
const changed = { error: z.literal(false), status: z.literal(true), msg: z.string() };

/**
 * Spec §7 "Cart" for signed-in shoppers: the user from the session, a `userId` only checked (decision 006), every value
 * from the database. `GET /api/cart` is `[]` for a visitor: the original client asks on every page with `Bearer null`,
 * and an error would blank it. Visitors' carts are the web app's (docs/decisions/013-guest-cart.md).
 */
export const cartApi: FastifyPluginAsyncZod<{ services: Services; publicUrl: string }> = async (app, { services, publicUrl }) => {
  const { cart } = services;
  const present = createCartPresenter(publicUrl);
  const tags = ["Cart"];
  const ownerOf = (user: Account) => ({ kind: "user" as const, userId: user.id });

  // Every answer here is about one shopper: never stored by a browser or a shared cache.
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });

  app.get(
    "/cart",
    {
      schema: {
        tags,
        summary: "The session user's cart lines, oldest first, with current prices and stock ([] for a visitor)",
        querystring: listQuery,
        response: { 200: z.array(cartItemJson), 403: failedJson },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) return [];
      checkNamedUsers(request, user);
      return (await cart.list(ownerOf(user))).lines.map((line) => present(line, user.id));
    },
  );

  app.get(
    "/cart/:id",
    {
      schema: {
        tags,
        summary: "One of the session user's cart lines (another user's: 404)",
        params: lineParams,
        response: { 200: cartItemJson, ...errors },
      },
    },
    async (request) => {
      const user = signedInShopper(request);
      return present(await cart.find(ownerOf(user), request.params.id), user.id);
    },
  );

  for (const url of ["/cart/add", "/cart/add/"]) {
    app.post(
      url,
      {
        ...validatedInRoute,
        schema: {
          tags,
          summary: "Add a product with its chosen option; the same product and option again adds to the quantity",
          hide: url.endsWith("/"),
          body: addBodyDoc,
          response: { 201: cartItemJson.extend(changed), ...errors },
        },
      },
      async (request, reply) =>
        withFailure({ status: false }, async () => {
          const user = signedInShopper(request);
          // A retried add with the same Idempotency-Key answers the first result instead of adding again.
          return idempotent(services.idempotency, request, reply, { owner: `user:${user.id}`, scope: "cart/add" }, async () => {
            const { line } = await cart.add(ownerOf(user), parse(cartAddBody, request.body));
            return {
              status: 201,
              body: { error: false as const, status: true as const, msg: cartMessages.added, ...present(line, user.id) },
            };
          });
        }),
    );
  }

  app.put(
    "/cart/:id",
    {
      ...validatedInRoute,
      schema: {
        tags,
        summary: "Change a line's quantity; the line is recomputed from the database (prices and sub-totals sent are ignored)",
        params: lineParams,
        body: updateBodyDoc,
        response: { 200: cartItemJson.extend(changed), ...errors },
      },
    },
    async (request) =>
      withFailure({ status: false }, async () => {
        const user = signedInShopper(request);
        const { quantity } = parse(cartUpdateBody, request.body);
        const line = await cart.updateQuantity(ownerOf(user), request.params.id, quantity);
        return { error: false as const, status: true as const, msg: cartMessages.updated, ...present(line, user.id) };
      }),
  );

  app.delete(
    "/cart/:id",
    {
      schema: {
        tags,
        summary: "Remove one of the session user's lines (another user's: 404, and it stays)",
        params: lineParams,
        response: {
          200: z.object({ error: z.literal(false), success: z.literal(true), msg: z.string(), message: z.string() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const user = signedInShopper(request);
      await cart.remove(ownerOf(user), request.params.id);
      return { error: false as const, success: true as const, msg: cartMessages.removed, message: cartMessages.removed };
    },
  );
};
