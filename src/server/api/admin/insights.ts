import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { paiseToRupees } from "#shared/money.ts";
import { reasonField } from "#shared/schemas/back-office.ts";
import { synonymForm, synonymTerm } from "#shared/schemas/back-office-insights.ts";
import { errorResponses } from "../error-schemas.ts";
import { staffOf } from "./guard.ts";
import type { AdminApiOptions } from "./index.ts";

const tags = ["Back office"];

const salesJson = z.object({
  orders: z.number().int().describe("Orders paid in the period"),
  revenuePaise: z.number().int().describe("Their amounts in paise, gross (refunds not taken off)"),
  revenue: z.number().describe("The same in rupees"),
  refundedPaise: z.number().int().describe("Refunds processed in the period, in paise, whenever their orders were paid"),
  refunded: z.number().describe("The same in rupees"),
});
const synonymJson = z.object({ term: z.string(), replacement: z.string(), createdAt: z.string().describe("ISO 8601") });
const insightsJson = z.object({
  sales: z
    .object({ today: salesJson, last7Days: salesJson, last30Days: salesJson })
    .describe("India's days (Asia/Kolkata): last7Days is today and the 6 days before, last30Days today and the 29 before"),
  periods: z.object({ today: z.string(), last7Days: z.string(), last30Days: z.string(), end: z.string() }),
  paymentsPending: z.number().int(),
  refundsPending: z.number().int().describe("Refunds asked for, not yet processed"),
  automaticRefundsPending: z.number().int().describe("Orders in status refund_pending (paid after their stock was sold)"),
  lowStock: z.object({
    threshold: z.number().int(),
    count: z.number().int(),
    more: z.boolean().describe("More than `count` products are low: counting stopped"),
    first: z.array(z.object({ id: z.string(), name: z.string(), sku: z.string(), countInStock: z.number().int() })),
  }),
  zeroResultSearches: z.array(
    z.object({
      query: z.string(),
      count: z.number().int(),
      lastSearchedAt: z.string(),
      wordSynonym: z.object({ term: z.string(), replacement: z.string() }).nullable(),
    }),
  ),
});
const termParams = z.object({ term: synonymTerm });

/** `/api/admin/insights` for staff; `/api/admin/search/synonyms` for the owner (decision 038). */
export const insightsAdminApi: FastifyPluginAsyncZod<AdminApiOptions> = async (app, { services }) => {
  const synonyms = services.synonymsAdmin;
  const synonymOut = (synonym: { term: string; replacement: string; createdAt: Date }) => ({
    ...synonym,
    createdAt: synonym.createdAt.toISOString(),
  });

  app.get(
    "/insights",
    {
      schema: {
        tags,
        summary: "The first page's figures: sales today, 7 and 30 days, what waits, low stock, searches that found nothing",
        response: { 200: insightsJson },
      },
    },
    async () => {
      const found = await services.insights.summary();
      const sales = (figure: { orders: number; revenuePaise: number; refundedPaise: number }) => ({
        ...figure,
        revenue: paiseToRupees(figure.revenuePaise),
        refunded: paiseToRupees(figure.refundedPaise),
      });
      return {
        ...found,
        sales: {
          today: sales(found.sales.today),
          last7Days: sales(found.sales.last7Days),
          last30Days: sales(found.sales.last30Days),
        },
        periods: {
          today: found.periods.today.toISOString(),
          last7Days: found.periods.last7Days.toISOString(),
          last30Days: found.periods.last30Days.toISOString(),
          end: found.periods.end.toISOString(),
        },
        zeroResultSearches: found.zeroResultSearches.map((search) => ({
          ...search,
          lastSearchedAt: search.lastSearchedAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    "/search/synonyms",
    {
      config: { role: "owner" },
      schema: {
        tags,
        summary: "The search's synonyms, by term (owner only)",
        response: { 200: z.array(synonymJson), ...errorResponses(403) },
      },
    },
    async () => (await synonyms.list()).map(synonymOut),
  );

  app.post(
    "/search/synonyms",
    {
      config: { role: "owner" },
      schema: {
        tags,
        summary: "A search for `term` also finds `replacement`, at once (owner only; both normalised; 409 when taken)",
        body: synonymForm,
        response: { 201: synonymJson, ...errorResponses(400, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(synonymOut(await synonyms.add(staffOf(request), request.body))),
  );

  app.delete(
    "/search/synonyms/:term",
    {
      config: { role: "owner", recentPassword: true },
      schema: {
        tags,
        summary: "Remove a term's synonym (owner only; recent password)",
        params: termParams,
        querystring: z.object({ reason: reasonField }),
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await synonyms.remove(staffOf(request), request.params.term, request.query.reason);
      return { ok: true as const };
    },
  );
};
