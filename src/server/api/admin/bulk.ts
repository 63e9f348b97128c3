import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { paiseToRupees } from "#shared/money.ts";
import { bulkApplyRequest, bulkRequest } from "#shared/schemas/back-office-bulk.ts";
import { errorJson } from "../error-schemas.ts";
import { staffOf } from "./guard.ts";
import type { AdminApiOptions } from "./index.ts";

const tags = ["Back office: bulk edits"];

const bulkError = errorJson
  .extend({ fieldErrors: z.record(z.string(), z.string()).optional().describe("A message per refused field") })
  .meta({ id: "BulkError" });
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, bulkError]));

/** Money in an example as rupees, like the rest of /api/admin. */
function rupeesIn(values: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...values };
  for (const [paise, rupees] of [
    ["pricePaise", "price"],
    ["oldPricePaise", "oldPrice"],
  ] as const) {
    if (paise in out) {
      const value = out[paise];
      out[rupees] = typeof value === "number" ? paiseToRupees(value) : null;
      delete out[paise];
    }
  }
  return out;
}

/**
 * `/api/admin/products/bulk/preview` and `/bulk/apply`: the /admin/products/bulk page's work for scripts (decision 033).
 * The apply names the preview's count and asks for a recent password (prices move with it).
 */
export const bulkAdminApi: FastifyPluginAsyncZod<AdminApiOptions> = async (app, { services }) => {
  app.post(
    "/products/bulk/preview",
    {
      schema: {
        tags,
        summary: "How many products a change names and the first 20 with their fields before and after; nothing is changed",
        body: bulkRequest,
        response: {
          200: z.object({
            count: z.number(),
            examples: z.array(
              z.object({
                id: z.string(),
                name: z.string(),
                sku: z.string(),
                before: z.record(z.string(), z.unknown()),
                after: z.record(z.string(), z.unknown()),
              }),
            ),
          }),
          ...errors(400),
        },
      },
    },
    async (request) => {
      staffOf(request);
      const preview = await services.bulkEdit.preview(request.body.target, request.body.change);
      return {
        count: preview.count,
        examples: preview.examples.map((example) => ({
          ...example,
          before: rupeesIn(example.before),
          after: rupeesIn(example.after),
        })),
      };
    },
  );

  app.post(
    "/products/bulk/apply",
    {
      config: { recentPassword: true },
      schema: {
        tags,
        summary:
          "Apply a change to every product named, in one transaction with an audit event each (recent password); refused (409) when the count is not the preview's",
        body: bulkApplyRequest,
        response: { 200: z.object({ count: z.number(), changed: z.number() }), ...errors(400, 403, 409) },
      },
    },
    async (request) => {
      const { target, change, expectedCount, reason } = request.body;
      return services.bulkEdit.apply(staffOf(request), target, change, { expectedCount, reason });
    },
  );
};
