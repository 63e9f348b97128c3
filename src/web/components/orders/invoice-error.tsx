import { isRouteErrorResponse } from "react-router";
import { invoiceMessages } from "#shared/messages/back-office-invoices.ts";
import { pageMessages } from "#shared/messages/shop.ts";

/** An invoice or slip page's refusal: the order is unknown, or has no invoice (its sentence), with the way back. */
export function InvoiceRouteError({ error, back }: { error: unknown; back: { to: string; label: string } }) {
  const refused = isRouteErrorResponse(error) && error.status === 409 && typeof error.data === "string" ? error.data : undefined;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-3xl py-4">
      <h1 className="mb-2 text-xl font-bold text-gray-900">
        {notFound ? invoiceMessages.orderNotFound : refused ? "No invoice for this order" : pageMessages.failed}
      </h1>
      {refused && <p className="mb-4 text-sm text-gray-800">{refused}</p>}
      <a href={back.to} className="text-sm font-semibold text-brand-dark underline">
        {back.label}
      </a>
    </div>
  );
}
