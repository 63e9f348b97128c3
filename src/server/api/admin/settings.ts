import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ShopSettings } from "#domain/back-office/shop-settings.ts";
import { shopSettingsForm } from "#shared/schemas/back-office-settings.ts";
import { errorResponses } from "../error-schemas.ts";
import { staffOf } from "./guard.ts";
import type { AdminApiOptions } from "./index.ts";

const tags = ["Back office"];

const settingsJson = z.object({
  shopName: z.string(),
  address: z.string().describe("Lines separated by newlines"),
  state: z.string().describe("An Indian state or union territory; empty until set"),
  gstin: z.string().describe("15 characters, or empty"),
  lowStockThreshold: z.number().int(),
  updatedAt: z.string().describe("ISO 8601"),
});

const present = ({ updatedAt, ...settings }: ShopSettings) => ({ ...settings, updatedAt: updatedAt.toISOString() });

/** `/api/admin/settings`: the shop's details for invoices and the back office's thresholds (owner only). */
export const settingsAdminApi: FastifyPluginAsyncZod<AdminApiOptions> = async (app, { services }) => {
  app.get(
    "/settings",
    {
      config: { role: "owner" },
      schema: { tags, summary: "The shop's settings (owner only)", response: { 200: settingsJson, ...errorResponses(403) } },
    },
    async () => present(await services.shopSettings.get()),
  );

  app.put(
    "/settings",
    {
      config: { role: "owner" },
      schema: {
        tags,
        summary: "Save the shop's settings, every field at once (owner only; audited)",
        body: shopSettingsForm,
        response: { 200: settingsJson, ...errorResponses(400, 403) },
      },
    },
    async (request) => present(await services.shopSettings.update(staffOf(request), request.body)),
  );
};
