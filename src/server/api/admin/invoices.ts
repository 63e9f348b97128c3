import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Invoice } from "#domain/orders/invoices.ts";
import { paiseToRupees } from "#shared/money.ts";
import { idParam } from "#shared/schemas/catalog.ts";
import { errorResponses } from "../error-schemas.ts";
import { staffOf } from "./guard.ts";
import type { AdminApiOptions } from "./index.ts";

const tags = ["Back office"];
const rupees = z.number().describe("Rupees");

const taxJson = {
  taxable: rupees.describe("Rupees: the amount without its GST"),
  tax: rupees,
  cgst: rupees,
  sgst: rupees,
  igst: rupees,
};

const partyJson = {
  addressLines: z.array(z.string()),
  state: z.string(),
};

const invoiceJson = z.object({
  orderId: z.string(),
  number: z.string().describe("INV/<financial year>/<number>, gap-free per year"),
  issuedAt: z.string().describe("ISO 8601"),
  orderedAt: z.string(),
  paidAt: z.string().nullable(),
  paymentId: z.string().nullable(),
  seller: z.object({ shopName: z.string(), ...partyJson, stateCode: z.string(), gstin: z.string() }),
  buyer: z.object({ name: z.string(), ...partyJson, country: z.string(), phoneNumber: z.string(), email: z.string() }),
  placeOfSupply: z.string(),
  withinState: z.boolean().describe("CGST + SGST when true, IGST when false"),
  lines: z.array(
    z.object({
      title: z.string(),
      options: z.string(),
      hsnCode: z.string().describe("The product's HSN code when ordered, or empty"),
      quantity: z.number().int(),
      unitPrice: rupees.describe("Rupees, GST included"),
      amount: rupees.describe("Rupees, GST included"),
      ratePercent: z.number().nullable().describe("GST rate; null when not recorded (lines before migration 0014)"),
      ...taxJson,
    }),
  ),
  totals: z.object({ amount: rupees, ...taxJson }),
  amountInWords: z.string(),
});

const money = (parts: { taxablePaise: number; taxPaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number }) => ({
  taxable: paiseToRupees(parts.taxablePaise),
  tax: paiseToRupees(parts.taxPaise),
  cgst: paiseToRupees(parts.cgstPaise),
  sgst: paiseToRupees(parts.sgstPaise),
  igst: paiseToRupees(parts.igstPaise),
});

export function presentInvoice(invoice: Invoice): z.infer<typeof invoiceJson> {
  return {
    orderId: invoice.orderId,
    number: invoice.number,
    issuedAt: invoice.issuedAt.toISOString(),
    orderedAt: invoice.orderedAt.toISOString(),
    paidAt: invoice.paidAt?.toISOString() ?? null,
    paymentId: invoice.paymentId,
    seller: invoice.seller,
    buyer: invoice.buyer,
    placeOfSupply: invoice.placeOfSupply,
    withinState: invoice.withinState,
    lines: invoice.lines.map((line) => ({
      title: line.title,
      options: line.options,
      hsnCode: line.hsnCode,
      quantity: line.quantity,
      unitPrice: paiseToRupees(line.unitPricePaise),
      amount: paiseToRupees(line.amountPaise),
      ratePercent: line.rateBasisPoints === null ? null : line.rateBasisPoints / 100,
      ...money(line),
    })),
    totals: { amount: paiseToRupees(invoice.totals.amountPaise), ...money(invoice.totals) },
    amountInWords: invoice.amountInWords,
  };
}

/** `/api/admin/orders/:id/invoice`: the tax invoice as data for scripts; the first call numbers it, as printing does. */
export const invoicesAdminApi: FastifyPluginAsyncZod<AdminApiOptions> = async (app, { services }) => {
  app.get(
    "/orders/:id/invoice",
    {
      schema: {
        tags,
        summary: "An order's tax invoice; numbered on first issue (409 for an order whose money the shop does not hold)",
        params: z.object({ id: idParam("Order id") }),
        response: { 200: invoiceJson, ...errorResponses(404, 409) },
      },
    },
    async (request) => presentInvoice(await services.invoices.forStaff(request.params.id, staffOf(request))),
  );
};
