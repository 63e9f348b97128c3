import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { IMPORT_MAX_BYTES } from "#domain/catalog/catalog-csv.ts";
import { AppError } from "#domain/errors.ts";
import { backOfficeMessages, catalogBulkMessages } from "#shared/back-office-messages.ts";
import { reasonField } from "#shared/schemas/back-office.ts";
import { exportQuery } from "#shared/schemas/back-office-bulk.ts";
import { errorResponses } from "../error-schemas.ts";
import { staffOf } from "./guard.ts";
import type { AdminApiOptions } from "./index.ts";

const tags = ["Back office: import and export"];

export const importReportJson = z
  .object({
    dryRun: z.boolean(),
    applied: z.boolean().describe("True when the rows were written (an apply without problems)"),
    rows: z.number(),
    created: z.number(),
    updated: z.number(),
    unchanged: z.number().describe("Rows equal to their product: left alone"),
    problemCount: z.number(),
    problems: z
      .array(z.object({ line: z.number(), column: z.string(), message: z.string() }))
      .describe("The first 1000 problems, by line (1 is the header) and column"),
  })
  .meta({ id: "ImportReport" });

/** The export's file name: the shop's catalogue and the moment (UTC), for people keeping several. */
export function exportFileName(at: Date): string {
  return `catalogue-${at.toISOString().slice(0, 19).replaceAll(":", "-")}.csv`;
}

/**
 * `/api/admin/products/export` (streamed CSV) and `/api/admin/products/import` (a CSV body, dry run by default; the
 * apply asks for a recent password), on the same service as /admin/import and /admin/export (decision 033).
 */
export const catalogCsvAdminApi: FastifyPluginAsyncZod<AdminApiOptions> = async (app, { services }) => {
  // Only this plugin's routes read CSV bodies, up to IMPORT_MAX_BYTES (the shop's JSON limit stays as it is).
  app.addContentTypeParser(
    ["text/csv", "application/csv"],
    { parseAs: "string", bodyLimit: IMPORT_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );

  app.get(
    "/products/export",
    {
      schema: {
        tags,
        summary: "The catalogue (or the products matching the list's filter) as CSV, streamed; every product by default",
        produces: ["text/csv"],
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      staffOf(request);
      const stream = services.catalogCsv.exportCsv(request.query);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${exportFileName(new Date())}"`)
        .send(stream);
    },
  );

  app.post(
    "/products/import",
    {
      bodyLimit: IMPORT_MAX_BYTES,
      // The apply is sensitive: a recent password, checked before the body is read (the guard checks the rest).
      onRequest: async (request: FastifyRequest) => {
        if (new URL(request.url, "http://x").searchParams.get("dryRun") === "1") return;
        const access = services.backOffice.access(
          request.user && request.session ? { user: request.user, backOffice: request.session.backOffice } : null,
        );
        if (access.kind !== "ok" || !access.passwordRecent) {
          throw new AppError("FORBIDDEN", backOfficeMessages.reauthNeeded, { reauthenticate: "/api/admin/session/confirm" });
        }
      },
      schema: {
        tags,
        summary:
          "Import a CSV in the export's format: dryRun=1 checks every row and changes nothing; dryRun=0 applies all rows or none, creating or updating by SKU (recent password)",
        consumes: ["text/csv"],
        querystring: z.object({ dryRun: z.enum(["0", "1"]).default("1"), reason: reasonField }),
        body: z.string({ error: catalogBulkMessages.importNotCsv }).describe("The CSV file"),
        response: { 200: importReportJson, ...errorResponses(400, 403, 409, 413, 415) },
      },
    },
    async (request) => {
      const actor = staffOf(request);
      return services.catalogCsv.importCsv(actor, request.body, {
        apply: request.query.dryRun === "0",
        reason: request.query.reason,
      });
    },
  );
};
