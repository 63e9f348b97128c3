import { describe, expect, it } from "vitest";
import { financialYear, holdsInvoice, invoiceNumber, taxInside, taxLine, taxTotals } from "./invoice-tax.ts";

describe("invoice arithmetic", () => {
  it("takes the tax out of a tax-inclusive price exactly, halves up", () => {
    expect(taxInside(11_800, 1800)).toBe(1800);
    expect(taxInside(129_950, 1800)).toBe(19_823); // 19_823.13...
    expect(taxInside(105, 500)).toBe(5); // 5.0
    expect(taxInside(21, 500)).toBe(1); // exactly 1.0
    expect(taxInside(315, 500)).toBe(15); // exactly 15.0
    expect(taxInside(63, 2800)).toBe(14); // 13.78
    expect(taxInside(1, 1200)).toBe(0); // 0.107
    expect(taxInside(0, 1800)).toBe(0);
    expect(taxInside(14, 1200)).toBe(2); // exactly 1.5: halves go up
    expect(taxInside(42, 1200)).toBe(5); // exactly 4.5
    expect(taxInside(Number.MAX_SAFE_INTEGER, 2800)).toBeGreaterThan(0);
  });

  it("splits within the state into CGST and SGST, else IGST, and states a missing rate", () => {
    expect(taxLine(129_950, 1800, true)).toEqual({
      amountPaise: 129_950,
      rateBasisPoints: 1800,
      taxablePaise: 110_127,
      taxPaise: 19_823,
      cgstPaise: 9_912,
      sgstPaise: 9_911,
      igstPaise: 0,
    });
    expect(taxLine(129_950, 1800, false)).toMatchObject({ taxPaise: 19_823, cgstPaise: 0, sgstPaise: 0, igstPaise: 19_823 });
    expect(taxLine(5_000, null, true)).toMatchObject({ taxablePaise: 5_000, taxPaise: 0, rateBasisPoints: null });
    expect(taxTotals([taxLine(11_800, 1800, true), taxLine(10_500, 500, true)])).toEqual({
      amountPaise: 22_300,
      taxablePaise: 20_000,
      taxPaise: 2_300,
      cgstPaise: 1_150,
      sgstPaise: 1_150,
      igstPaise: 0,
    });
  });

  it("numbers by India's financial year, April to March in India time", () => {
    expect(financialYear(new Date("2027-03-31T18:29:59Z"))).toBe("2026-27"); // 31 March 23:59:59 IST
    expect(financialYear(new Date("2027-03-31T18:30:00Z"))).toBe("2027-28"); // 1 April 00:00 IST
    expect(financialYear(new Date("2026-11-28T00:00:00Z"))).toBe("2026-27");
    expect(financialYear(new Date("2099-06-01T00:00:00Z"))).toBe("2099-00");
    expect(invoiceNumber("2026-27", 123)).toBe("INV/2026-27/000123");
    expect(invoiceNumber("2026-27", 1_234_567)).toBe("INV/2026-27/1234567");
  });

  it("invoices only orders whose money the shop holds", () => {
    const paidAt = new Date();
    for (const status of ["paid", "shipped", "delivered"] as const) expect(holdsInvoice({ status, paidAt })).toBe(true);
    for (const status of ["pending", "failed", "expired", "cancelled"] as const)
      expect(holdsInvoice({ status, paidAt: null })).toBe(false);
    expect(holdsInvoice({ status: "refunded", paidAt })).toBe(true);
    expect(holdsInvoice({ status: "refund_pending", paidAt: null })).toBe(false);
  });
});
