import { data } from "react-router";
import type { AppError } from "#domain/errors.ts";
import type { Invoice, PackingSlip } from "#domain/orders/invoices.ts";
import { formatDateTime, formatOrderDate } from "#shared/dates.ts";
import { idParam } from "#shared/schemas/catalog.ts";
import { notFoundResponse } from "../../lib/not-found.server.ts";
import type { InvoiceView, PackingSlipView } from "./invoice-data.ts";

export function toInvoiceView({ issuedAt, orderedAt, paidAt, ...invoice }: Invoice): InvoiceView {
  return {
    ...invoice,
    issuedOn: formatOrderDate(issuedAt),
    orderedOn: formatDateTime(orderedAt),
    paidOn: paidAt ? formatDateTime(paidAt) : null,
  };
}

export function toPackingSlipView({ orderedAt, ...slip }: PackingSlip): PackingSlipView {
  return { ...slip, orderedOn: formatDateTime(orderedAt) };
}

/** The order id of the path, or the page's 404. */
export function orderIdOf(params: { id?: string }): string {
  const parsed = idParam("Order id").safeParse(params.id);
  if (!parsed.success) throw notFoundResponse();
  return parsed.data;
}

/** NOT_FOUND is the page's 404; CONFLICT (no invoice for this order) a 409 carrying its sentence. */
export async function orRefused<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const code = error instanceof Error && error.name === "AppError" ? (error as AppError).code : undefined;
    if (code === "NOT_FOUND") throw notFoundResponse();
    if (code === "CONFLICT") throw data((error as AppError).message, { status: 409 });
    throw error;
  }
}
