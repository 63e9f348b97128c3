import { describe, expect, it } from "vitest";
import { formatInr, formatRupees, paiseToRupees, priceBandInRupees, rupeesToPaise } from "./money.ts";

describe("money", () => {
  it("gives a price band in rupees, an open upper bound staying open", () => {
    expect(priceBandInRupees({ minPaise: 50_000, maxPaise: 100_000, count: 3 })).toEqual({
      minPrice: 500,
      maxPrice: 1000,
      count: 3,
    });
    expect(priceBandInRupees({ minPaise: 2_000_000, maxPaise: null, count: 0 })).toEqual({
      minPrice: 20_000,
      maxPrice: null,
      count: 0,
    });
  });

  it("converts paise to rupees and back without drifting", () => {
    expect(paiseToRupees(129_950)).toBe(1299.5);
    expect(rupeesToPaise(1299.5)).toBe(129_950);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
  });

  it("labels prices as 'Rs {amount}' with Indian digit grouping", () => {
    expect(formatRupees(12_999_900)).toBe("Rs 1,29,999");
    expect(formatRupees(49_950)).toBe("Rs 499.5");
    expect(formatRupees(0)).toBe("Rs 0");
  });

  it("formats totals as INR currency", () => {
    expect(formatInr(150_000)).toBe("₹1,500");
  });
});
