import type { Invoice, PackingSlip } from "#domain/orders/invoices.ts";

/** An invoice as its page renders it: dates already written out in India time (invoice-data.server.ts). */
export type InvoiceView = Omit<Invoice, "issuedAt" | "orderedAt" | "paidAt"> & {
  issuedOn: string;
  orderedOn: string;
  paidOn: string | null;
};

export type PackingSlipView = Omit<PackingSlip, "orderedAt"> & { orderedOn: string };
