import { useSearchParams } from "react-router";
import { invoiceMessages } from "#shared/messages/back-office-invoices.ts";
import { formatInvoiceAmount as amount } from "#shared/money.ts";
import type { InvoiceView, PackingSlipView } from "./invoice-data.ts";

// The printed documents (issue 34, item 2), one component for the back office and the shopper: on screen a page,
// printed only the document (`print:` variants hide the rest).

const th = "border-b border-gray-400 px-2 py-1.5 text-left font-semibold";
const td = "border-b border-gray-200 px-2 py-1.5 align-top";
const num = "text-right tabular-nums whitespace-nowrap";

/**
 * Print and the way back, hidden when printed. With scripts, Print opens the browser's dialog; without them the link
 * leads to this page with a note on the browser's own Print command.
 */
export function PrintBar({ back }: { back: { to: string; label: string } }) {
  const [search] = useSearchParams();
  return (
    <div className="mx-auto mb-4 flex max-w-4xl flex-wrap items-center gap-3 print:hidden">
      <a
        href="?print=1"
        onClick={(event) => {
          event.preventDefault();
          window.print();
        }}
        className="inline-flex items-center rounded bg-brand-dark px-4 py-2 text-sm font-semibold text-white hover:bg-red-900"
      >
        Print
      </a>
      <a href={back.to} className="text-sm font-semibold text-brand-dark underline">
        {back.label}
      </a>
      {search.has("print") && (
        <p role="status" className="w-full text-sm text-gray-800">
          Use your browser's Print command (Ctrl+P, or ⌘P on a Mac) to print this page.
        </p>
      )}
    </div>
  );
}

function Seller({ seller }: { seller: InvoiceView["seller"] }) {
  return (
    <div>
      <p className="text-lg font-bold">{seller.shopName}</p>
      {seller.addressLines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {seller.state && (
        <p>
          State: {seller.state}
          {seller.stateCode && ` (code ${seller.stateCode})`}
        </p>
      )}
      {seller.gstin && <p className="font-semibold">GSTIN: {seller.gstin}</p>}
    </div>
  );
}

function Party({ title, party }: { title: string; party: InvoiceView["buyer"] }) {
  return (
    <div>
      <h2 className="mb-1 text-xs font-semibold tracking-wide text-gray-700 uppercase">{title}</h2>
      <p className="font-semibold">{party.name}</p>
      {party.addressLines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p>Phone: {party.phoneNumber}</p>
      <p>{party.email}</p>
    </div>
  );
}

function Facts({ facts }: { facts: [string, string][] }) {
  return (
    <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5 text-sm sm:justify-end">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-gray-700">{term}</dt>
          <dd className="font-semibold break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Scrolls sideways on a phone (reachable by keyboard); printed whole. */
function Lines({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled.
    <section aria-label={label} tabIndex={0} className="my-4 overflow-x-auto print:overflow-visible">
      {children}
    </section>
  );
}

const rate = (basisPoints: number | null) => (basisPoints === null ? "—" : `${basisPoints / 100}%`);

export function InvoiceDocument({ invoice }: { invoice: InvoiceView }) {
  const { totals, withinState } = invoice;
  const taxColumns = withinState ? (["CGST", "SGST"] as const) : (["IGST"] as const);
  const taxOf = (parts: { cgstPaise: number; sgstPaise: number; igstPaise: number }, column: (typeof taxColumns)[number]) =>
    column === "CGST" ? parts.cgstPaise : column === "SGST" ? parts.sgstPaise : parts.igstPaise;
  return (
    <article
      aria-labelledby="invoice-title"
      className="mx-auto max-w-4xl rounded-lg bg-white p-6 text-sm text-gray-900 shadow-sm print:max-w-none print:rounded-none print:p-0 print:shadow-none"
    >
      <header className="flex flex-col justify-between gap-4 border-b-2 border-gray-800 pb-4 sm:flex-row print:flex-row">
        <Seller seller={invoice.seller} />
        <div className="sm:text-right print:text-right">
          <h1 id="invoice-title" className="mb-2 text-2xl font-bold">
            Tax Invoice
          </h1>
          <Facts
            facts={[
              ["Invoice number", invoice.number],
              ["Invoice date", invoice.issuedOn],
              ["Order", invoice.orderId],
              ["Ordered", invoice.orderedOn],
              ...(invoice.paidOn ? [["Paid", invoice.paidOn] as [string, string]] : []),
              ...(invoice.paymentId ? [["Payment", invoice.paymentId] as [string, string]] : []),
            ]}
          />
        </div>
      </header>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <Party title="Bill to" party={invoice.buyer} />
        <div>
          <h2 className="mb-1 text-xs font-semibold tracking-wide text-gray-700 uppercase">Place of supply</h2>
          <p>{invoice.placeOfSupply}</p>
          <p className="mt-1 text-gray-700">{withinState ? "Within the state: CGST and SGST" : "Between states: IGST"}</p>
        </div>
      </div>
      <Lines label="Invoice lines">
        <table className="w-full min-w-[40rem] border-collapse text-sm">
          <thead>
            <tr>
              <th className={th}>#</th>
              <th className={th}>Item</th>
              <th className={`${th} text-right`}>Qty</th>
              <th className={`${th} text-right`}>Unit price (₹, incl. GST)</th>
              <th className={`${th} text-right`}>GST rate</th>
              <th className={`${th} text-right`}>Taxable value (₹)</th>
              {taxColumns.map((column) => (
                <th key={column} className={`${th} text-right`}>
                  {column} (₹)
                </th>
              ))}
              <th className={`${th} text-right`}>Amount (₹, incl. GST)</th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an invoice's lines never move; two may share a title.
              <tr key={index}>
                <td className={td}>{index + 1}</td>
                <td className={td}>
                  {line.title}
                  {line.options && <span className="block text-xs text-gray-700">{line.options}</span>}
                  {line.hsnCode && <span className="block text-xs text-gray-700">HSN {line.hsnCode}</span>}
                  {line.rateBasisPoints === null && (
                    <span className="block text-xs text-gray-700">{invoiceMessages.rateNotRecorded}</span>
                  )}
                </td>
                <td className={`${td} ${num}`}>{line.quantity}</td>
                <td className={`${td} ${num}`}>{amount(line.unitPricePaise)}</td>
                <td className={`${td} ${num}`}>{rate(line.rateBasisPoints)}</td>
                <td className={`${td} ${num}`}>{amount(line.taxablePaise)}</td>
                {taxColumns.map((column) => (
                  <td key={column} className={`${td} ${num}`}>
                    {amount(taxOf(line, column))}
                  </td>
                ))}
                <td className={`${td} ${num}`}>{amount(line.amountPaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Lines>
      <dl className="ml-auto grid max-w-sm grid-cols-[1fr_auto] gap-y-1">
        <dt>Taxable value</dt>
        <dd className={`${num} pl-4`}>₹{amount(totals.taxablePaise)}</dd>
        {taxColumns.map((column) => (
          <div key={column} className="contents">
            <dt>{column}</dt>
            <dd className={`${num} pl-4`}>₹{amount(taxOf(totals, column))}</dd>
          </div>
        ))}
        <dt>Total GST</dt>
        <dd className={`${num} pl-4`}>₹{amount(totals.taxPaise)}</dd>
        <dt className="border-t border-gray-800 pt-1 font-bold">Total (incl. GST)</dt>
        <dd className={`${num} border-t pl-4 border-gray-800 pt-1 font-bold`}>₹{amount(totals.amountPaise)}</dd>
      </dl>
      <p className="mt-4">
        <span className="font-semibold">Amount in words: </span>
        {invoice.amountInWords}
      </p>
      <footer className="mt-6 border-t border-gray-300 pt-2 text-xs text-gray-700">
        <p>{invoiceMessages.roundingNote}</p>
        <p>This is a computer-generated invoice and needs no signature.</p>
      </footer>
    </article>
  );
}

export function PackingSlipDocument({ slip }: { slip: PackingSlipView }) {
  const units = slip.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <article
      aria-labelledby="slip-title"
      className="mx-auto max-w-4xl rounded-lg bg-white p-6 text-sm text-gray-900 shadow-sm print:max-w-none print:rounded-none print:p-0 print:shadow-none"
    >
      <header className="flex flex-col justify-between gap-4 border-b-2 border-gray-800 pb-4 sm:flex-row print:flex-row">
        <Seller seller={slip.seller} />
        <div className="sm:text-right print:text-right">
          <h1 id="slip-title" className="mb-2 text-2xl font-bold">
            Packing Slip
          </h1>
          <Facts
            facts={[
              ["Order", slip.orderId],
              ["Ordered", slip.orderedOn],
            ]}
          />
        </div>
      </header>
      <div className="mt-4">
        <Party title="Ship to" party={{ ...slip.shipTo }} />
      </div>
      <Lines label="Packing slip lines">
        <table className="w-full border-collapse text-sm">
          <thead>
            <tr>
              <th className={th}>#</th>
              <th className={th}>Item</th>
              <th className={`${th} text-right`}>Quantity</th>
              <th className={`${th} text-center`}>Packed</th>
            </tr>
          </thead>
          <tbody>
            {slip.lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a slip's lines never move; two may share a title.
              <tr key={index}>
                <td className={td}>{index + 1}</td>
                <td className={td}>
                  {line.title}
                  {line.options && <span className="block text-xs text-gray-700">{line.options}</span>}
                </td>
                <td className={`${td} ${num}`}>{line.quantity}</td>
                <td className={`${td} text-center`}>
                  <span aria-hidden="true">☐</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Lines>
      <p className="font-semibold">
        {slip.lines.length} {slip.lines.length === 1 ? "line" : "lines"}, {units} {units === 1 ? "item" : "items"} in all.
      </p>
    </article>
  );
}
