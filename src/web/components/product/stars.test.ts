import { describe, expect, it } from "vitest";
import { ratingFillPercent, ratingLabel, roundToHalfStar } from "./stars.ts";

describe("star rating", () => {
  it.each([
    [4.24, 4],
    [4.25, 4.5],
    [4.74, 4.5],
    [4.75, 5],
    [0.2, 0],
    [7, 5],
    [-1, 0],
    [Number.NaN, 0],
  ])("rounds %d to the nearest half star (%d)", (rating, expected) => {
    expect(roundToHalfStar(rating)).toBe(expected);
  });

  it("fills the five stars from the left to the rounded rating, a half star being a tenth of the width", () => {
    expect(ratingFillPercent(3.5)).toBe(70);
    expect(ratingFillPercent(4.3)).toBe(90);
    expect(ratingFillPercent(5)).toBe(100);
    expect(ratingFillPercent(0)).toBe(0);
    expect(ratingFillPercent(0.5)).toBe(10);
    expect(ratingFillPercent(9)).toBe(100);
  });

  it("names the rounded rating for screen readers", () => {
    expect(ratingLabel(4.4)).toBe("Rated 4.5 out of 5");
    expect(ratingLabel(4)).toBe("Rated 4 out of 5");
  });
});
