import { SHOP_TIME_ZONE } from "#shared/dates.ts";
import type { OrderStatus } from "./types.ts";

// The arithmetic of a tax invoice (issue 34, item 2), pure: financial years, numbers, and GST inside prices.

const SETTLED_SALES: readonly OrderStatus[] = ["paid", "shipped", "delivered"];
const REFUNDS: readonly OrderStatus[] = ["refund_pending", "refunded"];

/** Whether the shop holds the order's money, so it may have a tax invoice: never pending, failed or expired ones. */
export function holdsInvoice(order: { status: OrderStatus; paidAt: Date | null }): boolean {
  return SETTLED_SALES.includes(order.status) || (REFUNDS.includes(order.status) && order.paidAt !== null);
}

const istParts = new Intl.DateTimeFormat("en-GB", { timeZone: SHOP_TIME_ZONE, year: "numeric", month: "numeric" });

/** India's financial year (April to March, India time) of a moment: "2026-27". */
export function financialYear(at: Date): string {
  const parts = istParts.formatToParts(at);
  const year = Number(parts.find((part) => part.type === "year")?.value);
  const month = Number(parts.find((part) => part.type === "month")?.value);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** "INV/2026-27/000123". */
export function invoiceNumber(year: string, n: number): string {
  return `INV/${year}/${String(n).padStart(6, "0")}`;
}

/** The GST inside a tax-inclusive amount: amount × r ÷ (1 + r), in whole paise, halves up; exact (integers). */
export function taxInside(amountPaise: number, rateBasisPoints: number): number {
  const amount = BigInt(amountPaise);
  const rate = BigInt(rateBasisPoints);
  const divisor = 10_000n + rate;
  return Number((2n * amount * rate + divisor) / (2n * divisor));
}

export interface TaxedLine {
  amountPaise: number;
  /** null: the line is older than the shop's record of rates. */
  rateBasisPoints: number | null;
  taxablePaise: number;
  taxPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface TaxTotals {
  amountPaise: number;
  taxablePaise: number;
  taxPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** Within the shop's state CGST and SGST share the tax (CGST takes an odd paisa); across states it is IGST. */
export function taxLine(amountPaise: number, rateBasisPoints: number | null, withinState: boolean): TaxedLine {
  const taxPaise = rateBasisPoints === null ? 0 : taxInside(amountPaise, rateBasisPoints);
  const cgstPaise = withinState ? Math.ceil(taxPaise / 2) : 0;
  return {
    amountPaise,
    rateBasisPoints,
    taxablePaise: amountPaise - taxPaise,
    taxPaise,
    cgstPaise,
    sgstPaise: withinState ? taxPaise - cgstPaise : 0,
    igstPaise: withinState ? 0 : taxPaise,
  };
}

export function taxTotals(lines: readonly TaxedLine[]): TaxTotals {
  const sum = (pick: (line: TaxedLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    amountPaise: sum((line) => line.amountPaise),
    taxablePaise: sum((line) => line.taxablePaise),
    taxPaise: sum((line) => line.taxPaise),
    cgstPaise: sum((line) => line.cgstPaise),
    sgstPaise: sum((line) => line.sgstPaise),
    igstPaise: sum((line) => line.igstPaise),
  };
}
