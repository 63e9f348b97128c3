import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { QueueReview } from "#domain/reviews/review-moderation.ts";
import { hideReviewForm, REVIEW_QUEUE_PAGE, reviewQueueQuery, unhideReviewForm } from "#shared/schemas/back-office-reviews.ts";
import { idParam } from "#shared/schemas/catalog.ts";
import { errorResponses } from "../error-schemas.ts";
import { staffOf } from "./guard.ts";
import type { AdminApiOptions } from "./index.ts";

const tags = ["Back office"];

const queueReviewJson = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  customerId: z.string().nullable().describe("The author's account; null for the demo catalogue's reviews"),
  customerName: z.string(),
  review: z.string().describe("Plain text"),
  customerRating: z.number(),
  dateCreated: z.string().describe("ISO 8601"),
  reportCount: z.number().int(),
  reportReasons: z.array(z.string()).describe("The newest reasons shoppers gave with their reports"),
  hidden: z.boolean(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
});
const changedJson = z.object({
  ok: z.literal(true),
  productId: z.string(),
  productRating: z.number().describe("The product's rating after the change"),
  reviewCount: z.number().int().describe("Its visible reviews after the change"),
});
const params = z.object({ id: idParam("Review id") });

const present = (row: QueueReview): z.infer<typeof queueReviewJson> => ({
  id: row.id,
  productId: row.productId,
  productName: row.productName,
  customerId: row.userId,
  customerName: row.customerName,
  review: row.review,
  customerRating: row.customerRating,
  dateCreated: row.createdAt.toISOString(),
  reportCount: row.reportCount,
  reportReasons: row.reportReasons,
  hidden: row.hiddenAt !== null,
  hiddenAt: row.hiddenAt?.toISOString() ?? null,
  hiddenReason: row.hiddenReason,
});

/** `/api/admin/reviews`: the moderation queue of /admin/reviews, on the same service (decision 037). */
export const reviewsAdminApi: FastifyPluginAsyncZod<AdminApiOptions> = async (app, { services }) => {
  const moderation = services.reviewModeration;

  app.get(
    "/reviews",
    {
      schema: {
        tags,
        summary: `The review queue, ${REVIEW_QUEUE_PAGE} a page: newest, lowest rated or most reported first; \`after\` is a page's \`next\`, \`before\` its \`previous\``,
        querystring: reviewQueueQuery,
        response: {
          200: z.object({ reviews: z.array(queueReviewJson), next: z.string().nullable(), previous: z.string().nullable() }),
          ...errorResponses(400),
        },
      },
    },
    async (request) => {
      const page = await moderation.list({ ...request.query, perPage: REVIEW_QUEUE_PAGE });
      return { reviews: page.items.map(present), next: page.next, previous: page.previous };
    },
  );

  app.post(
    "/reviews/:id/hide",
    {
      schema: {
        tags,
        summary: "Hide a review (reason required): it leaves the product page, the rating, the count and the JSON-LD at once",
        params,
        body: hideReviewForm,
        response: { 200: changedJson, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const changed = await moderation.hide(staffOf(request), request.params.id, request.body.reason);
      return { ok: true as const, productId: changed.productId, productRating: changed.rating, reviewCount: changed.reviewCount };
    },
  );

  app.post(
    "/reviews/:id/unhide",
    {
      schema: {
        tags,
        summary: "Show a hidden review again (reason optional); the product's rating and count follow",
        params,
        body: unhideReviewForm.nullish(),
        response: { 200: changedJson, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const changed = await moderation.unhide(staffOf(request), request.params.id, request.body?.reason);
      return { ok: true as const, productId: changed.productId, productRating: changed.rating, reviewCount: changed.reviewCount };
    },
  );
};
