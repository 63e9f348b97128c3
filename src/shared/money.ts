/** Money is integer paise inside the shop (docs/decisions/003-money.md); this file alone turns it into rupees. */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function priceBandInRupees(band: { minPaise: number; maxPaise: number | null; count: number }) {
  return {
    minPrice: paiseToRupees(band.minPaise),
    maxPrice: band.maxPaise === null ? null : paiseToRupees(band.maxPaise),
    count: band.count,
  };
}

const rupeeNumber = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2, minimumFractionDigits: 0 });
const inrCurrency = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  maximumFractionDigits: 2,
  minimumFractionDigits: 0,
});

/** 'Rs 1,29,999' — the spec's price label (Indian digit grouping). */
export function formatRupees(paise: number): string {
  return `Rs ${rupeeNumber.format(paiseToRupees(paise))}`;
}

/** '₹1,29,999' — the spec's "INR format" for the cart total. */
export function formatInr(paise: number): string {
  return inrCurrency.format(paiseToRupees(paise));
}

const invoiceAmount = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '1,29,999.50': an invoice's amounts, always with paise. */
export function formatInvoiceAmount(paise: number): string {
  return invoiceAmount.format(paiseToRupees(paise));
}
