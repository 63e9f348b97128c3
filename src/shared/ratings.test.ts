import { describe, expect, it } from "vitest";
import { ratingFromReviews } from "./ratings.ts";

describe("a product's rating from its reviews", () => {
  it("is 0 without reviews", () => {
    expect(ratingFromReviews({ total: 0, count: 0 })).toBe(0);
  });

  it("is the average rounded to the nearest half star, halves up", () => {
    expect(ratingFromReviews({ total: 4.5, count: 1 })).toBe(4.5);
    expect(ratingFromReviews({ total: 4 + 4.5, count: 2 })).toBe(4.5); // 4.25
    expect(ratingFromReviews({ total: 4 + 4 + 4.5, count: 3 })).toBe(4); // 4.1666...
    expect(ratingFromReviews({ total: 5 + 1, count: 2 })).toBe(3);
    expect(ratingFromReviews({ total: 0.5, count: 1 })).toBe(0.5);
    expect(ratingFromReviews({ total: 5 * 7, count: 7 })).toBe(5);
  });
});
