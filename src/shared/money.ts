/**
 * Money is integer paise everywhere inside the shop (docs/architecture.md, invariant 4); these are the only places that
 * turn it into rupees for people or for the API's JSON.
 */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/** Rupees (as typed by a person or sent by an API client) to integer paise, rounded to the nearest paisa. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** A price range in paise (`maxPaise` null: no upper bound) with a count, as rupees: the search facets' price bands. */
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
