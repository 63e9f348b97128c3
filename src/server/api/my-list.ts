import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "#domain/errors.ts";
import type { Services } from "#domain/services.ts";
import type { WishlistEntry } from "#domain/wishlist/types.ts";
import { imageUrl } from "#shared/images.ts";
import { wishlistMessages } from "#shared/messages.ts";
import { paiseToRupees } from "#shared/money.ts";
import { idParam } from "#shared/schemas/catalog.ts";
import { errorJson } from "./error-schemas.ts";
import { checkNamedUsers, namedUserDoc, parse, signedInShopper, validatedInRoute, withFailure } from "./route-support.ts";

const entryJson = z.object({
  _id: z.string(),
  id: z.string(),
  productTitle: z.string(),
  image: z.string().describe("Stored image file name; served at {host}/download/{name} (empty when none)"),
  imageUrl: z.string().describe("The same image as an absolute URL (empty when none)"),
  rating: z.number(),
  price: z.number().describe("Rupees"),
  productId: z.string(),
  userId: z.string(),
  available: z.boolean().describe("False once the product is no longer sold: it stays on the list until removed"),
});

/** The add route's failures carry the contract's `status: false` (the original client shows `msg` when it sees it). */
const failedJson = errorJson.extend({ status: z.literal(false).optional() });
const errors = { 400: failedJson, 401: failedJson, 403: failedJson, 404: failedJson, 409: failedJson, 410: failedJson };

const lookupQuery = z.object({
  productId: z.string().max(200).optional().describe("Is this product on the list? (answers [entry] or [])"),
  userId: z.string().max(200).optional().describe(namedUserDoc),
});

const addForm = z.object({ productId: idParam("productId") });
const addBodyDoc = z.object({
  productId: z.string(),
  userId: z.string().optional().describe(namedUserDoc),
  productTitle: z.string().optional().describe("Ignored: read from the product"),
  image: z.string().optional().describe("Ignored: read from the product"),
  rating: z.number().optional().describe("Ignored: read from the product"),
  price: z.number().optional().describe("Ignored: read from the product"),
});

/**
 * Spec §7 "Wishlist": the user from the session, a `userId` only checked (decision 006). The GETs answer `[]` to a visitor:
 * the original client reads `res.length` on every card with `Bearer null`. Adding twice is a 409, never a second row.
 */
export const myListApi: FastifyPluginAsyncZod<{ services: Services; publicUrl: string }> = async (
  app,
  { services, publicUrl },
) => {
  const { wishlist } = services;
  const tags = ["My List"];
  const present = (entry: WishlistEntry) => ({
    _id: entry.id,
    id: entry.id,
    productTitle: entry.productTitle,
    image: entry.image,
    imageUrl: entry.image ? imageUrl(entry.image, publicUrl) : "",
    rating: entry.rating,
    price: paiseToRupees(entry.pricePaise),
    productId: entry.productId,
    userId: entry.userId,
    available: entry.available,
  });

  // Every answer here is about one shopper: never stored by a browser or a shared cache.
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });

  app.get(
    "/my-list",
    {
      schema: {
        tags,
        summary: "The session user's list, newest first; with productId, [entry] or [] (a visitor always gets [])",
        querystring: lookupQuery,
        response: { 200: z.array(entryJson), 400: failedJson, 403: failedJson },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) return [];
      checkNamedUsers(request, user);
      const { productId } = request.query;
      if (productId === undefined) return (await wishlist.list(user.id)).map(present);
      // Like the original's `find(query)`: an id that is no product's matches nothing.
      if (!idParam("productId").safeParse(productId).success) return [];
      const entry = await wishlist.find(user.id, productId);
      return entry ? [present(entry)] : [];
    },
  );

  for (const url of ["/my-list/add", "/my-list/add/"]) {
    app.post(
      url,
      {
        ...validatedInRoute,
        schema: {
          tags,
          summary: "Put a product on the session user's list (title, image, rating and price come from the product)",
          hide: url.endsWith("/"),
          body: addBodyDoc,
          response: {
            201: entryJson.extend({ error: z.literal(false), status: z.literal(true), msg: z.string() }),
            ...errors,
          },
        },
      },
      async (request, reply) =>
        withFailure({ status: false }, async () => {
          const user = signedInShopper(request, wishlistMessages.loginToContinue);
          const form = parse(addForm, request.body);
          const { entry, added } = await wishlist.add(user.id, form.productId);
          if (!added) throw new AppError("CONFLICT", wishlistMessages.alreadyAdded);
          reply.status(201);
          return { error: false as const, status: true as const, msg: wishlistMessages.added, ...present(entry) };
        }),
    );
  }

  app.delete(
    "/my-list/:id",
    {
      schema: {
        tags,
        summary: "Take an entry off the session user's list (another user's entry: 404, and it stays)",
        params: z.object({ id: idParam("id") }),
        response: {
          200: z.object({ error: z.literal(false), success: z.literal(true), msg: z.string(), message: z.string() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const user = signedInShopper(request, wishlistMessages.loginToContinue);
      await wishlist.remove(user.id, request.params.id);
      return { error: false as const, success: true as const, msg: wishlistMessages.removed, message: wishlistMessages.removed };
    },
  );
};
