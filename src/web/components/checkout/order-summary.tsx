import { formatRupees } from "#shared/money.ts";
import type { SummaryLine } from "./checkout-data.ts";

/** YOUR ORDER (spec §2 Checkout): each line's title (cut to 20) × quantity and sub-total, then the total (Rs, Indian grouping). */
export function OrderSummary({
  lines,
  totalPaise,
  children,
}: {
  lines: SummaryLine[];
  totalPaise: number;
  children?: React.ReactNode;
}) {
  return (
    <section aria-labelledby="order-summary-title" className="h-fit rounded-lg border border-gray-200 p-4">
      <h2 id="order-summary-title" className="mb-4 text-lg font-bold">
        YOUR ORDER
      </h2>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-gray-200">
          <tr>
            <th scope="col" className="py-2">
              Product
            </th>
            <th scope="col" className="py-2 text-right">
              Subtotal
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} className="border-b border-gray-100">
              <td className="py-2 pr-2">
                {line.title}{" "}
                <b>
                  <span aria-hidden="true">×</span>
                  <span className="sr-only">quantity</span> {line.quantity}
                </b>
              </td>
              <td className="py-2 text-right">{formatRupees(line.subTotalPaise)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-3">
              Total
            </th>
            <td className="pt-3 text-right text-base font-bold text-brand-dark">{formatRupees(totalPaise)}</td>
          </tr>
        </tfoot>
      </table>
      {children}
    </section>
  );
}
