import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "#domain/errors.ts";
import type { Review } from "#domain/reviews/reviews-service.ts";
import type { Services } from "#domain/services.ts";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, REVIEW_TEXT_MAX } from "#shared/constants.ts";
import { reviewReportMessages } from "#shared/messages/back-office-reviews.ts";
import { sessionMessages } from "#shared/messages.ts";
import { reportReviewForm } from "#shared/schemas/back-office-reviews.ts";
import { idParam } from "#shared/schemas/catalog.ts";
import { reviewListQuery } from "#shared/schemas/reviews.ts";
import { errorResponses } from "./error-schemas.ts";
import { checkNamedUsers, namedUserDoc, parse, signedInShopper, validatedInRoute } from "./route-support.ts";

/** An archived product is no longer sold, but its reviews are still listed (decision 032). */
function unlessGone(error: unknown): void {
  if (!(error instanceof AppError && error.code === "GONE")) throw error;
}

/** Without `page`/`perPage`, the list holds the newest reviews up to this many (the original client reads one array). */
export const REVIEWS_LIST_CAP = MAX_PER_PAGE;

/** The headers that carry a list's totals (the body stays the contract's bare array; docs/decisions/014-reviews.md). */
const PAGE_HEADERS = ["X-Total-Count", "X-Page", "X-Per-Page", "X-Total-Pages"] as const;

export const reviewJson = z
  .object({
    _id: z.string(),
    id: z.string(),
    productId: z.string(),
    customerName: z.string().describe("The author's name when the review was written"),
    customerId: z.string().nullable().describe("The author's user id; null for the demo catalogue's reviews"),
    review: z.string().describe("Plain text, never markup"),
    customerRating: z.number().describe("0.5 to 5 in half steps"),
    dateCreated: z.string().describe("When it was written, or last replaced by its author (ISO 8601)"),
    verifiedPurchase: z.boolean().describe("The author has a paid order with this product"),
  })
  .meta({ id: "Review" });

const addReviewBody = z.object({
  productId: z.uuid(),
  review: z.string().max(REVIEW_TEXT_MAX),
  customerRating: z
    .union([z.number(), z.string()])
    .optional()
    .describe('0.5 to 5 in half steps; numeric text such as "4.5" is accepted; default 1'),
  customerName: z.string().optional().describe("Ignored: the author's name comes from the signed-in account"),
  customerId: z.string().optional().describe(`The author is the signed-in account. ${namedUserDoc}`),
});

function present(review: Review): z.infer<typeof reviewJson> {
  return {
    _id: review.id,
    id: review.id,
    productId: review.productId,
    customerName: review.customerName,
    customerId: review.userId,
    review: review.review,
    customerRating: review.customerRating,
    dateCreated: review.createdAt.toISOString(),
    verifiedPurchase: review.verifiedPurchase,
  };
}

export const reviewsApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { reviews, catalog } = services;
  const tags = ["Reviews"];

  app.get(
    "/productReviews",
    {
      schema: {
        tags,
        summary: "A product's reviews: a bare array, the newest reviews in the order they were written",
        description:
          `The newest ${REVIEWS_LIST_CAP} reviews without \`page\`/\`perPage\`; with either, one page (\`perPage\` 1-${MAX_PER_PAGE}, ` +
          `default ${DEFAULT_PER_PAGE}), page 1 holding the newest. Within the array reviews are oldest first, as the original ` +
          "API answered (its client reverses it to show the newest first). Totals are in the headers X-Total-Count, X-Page, " +
          "X-Per-Page and X-Total-Pages.",
        querystring: reviewListQuery,
        response: { 200: z.array(reviewJson), ...errorResponses(400, 404) },
      },
    },
    async ({ query }, reply) => {
      const paged = query.page !== undefined || query.perPage !== undefined;
      const page = await reviews.listReviews({
        productId: query.productId,
        page: paged ? (query.page ?? 1) : 1,
        perPage: paged ? (query.perPage ?? DEFAULT_PER_PAGE) : REVIEWS_LIST_CAP,
      });
      // An empty list may mean an unknown product (404, like the product itself); an archived one keeps its reviews.
      if (page.total === 0) await catalog.getProduct(query.productId).catch(unlessGone);
      reply
        .header("X-Total-Count", page.total)
        .header("X-Page", page.page)
        .header("X-Per-Page", page.perPage)
        .header("X-Total-Pages", page.totalPages)
        .header("Access-Control-Expose-Headers", PAGE_HEADERS.join(", "));
      return page.items.map(present).reverse();
    },
  );

  app.post(
    "/productReviews/add",
    {
      ...validatedInRoute,
      schema: {
        tags,
        summary: "Review a product as the signed-in shopper; a second review of the same product replaces the first",
        description:
          "The author is the signed-in account: a customerId sent must be theirs (403), a customerName sent is ignored. " +
          "201 with the new review, 200 when it replaced the shopper's earlier one; the product's rating is recomputed.",
        body: addReviewBody,
        response: { 200: reviewJson, 201: reviewJson, ...errorResponses(400, 401, 403, 404, 410) },
      },
    },
    async (request, reply) => {
      const user = signedInShopper(request, sessionMessages.reviewLoginFirst);
      const body = (request.body ?? {}) as Record<string, unknown>;
      checkNamedUsers(request, user, [body.customerId]);
      const added = await reviews.addReview({
        userId: user.id,
        productId: typeof body.productId === "string" ? body.productId : "",
        review: body.review,
        customerRating: body.customerRating,
      });
      return reply.code(added.replaced ? 200 : 201).send(present(added.review));
    },
  );

  app.post(
    "/reviews/:id/report",
    {
      ...validatedInRoute,
      schema: {
        tags,
        summary: "Report a review to the shop (signed in; once per review; not one's own)",
        description:
          "A second report of the same review is a 409 and changes nothing; one's own review is a 403; a hidden or " +
          "unknown review is a 404. Counted like reviews (docs/rate-limits.md).",
        params: z.object({ id: idParam("Review id") }),
        body: reportReviewForm.optional(),
        response: { 201: z.object({ ok: z.literal(true), msg: z.string() }), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = signedInShopper(request, reviewReportMessages.signInFirst);
      const { id } = parse(z.object({ id: idParam("Review id") }), request.params);
      const { reason } = parse(reportReviewForm, request.body);
      await reviews.reportReview({ userId: user.id, reviewId: id, reason });
      return reply.code(201).send({ ok: true as const, msg: reviewReportMessages.reported });
    },
  );
};
