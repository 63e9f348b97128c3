import { describe, expect, it } from "vitest";
import { ratingLabel, roundToHalfStar, starFills } from "./stars.ts";

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

  it("fills whole stars, then one half star, then empty ones", () => {
    expect(starFills(3.5)).toEqual(["full", "full", "full", "half", "empty"]);
    expect(starFills(5)).toEqual(["full", "full", "full", "full", "full"]);
    expect(starFills(0)).toEqual(["empty", "empty", "empty", "empty", "empty"]);
    expect(starFills(0.5)).toEqual(["half", "empty", "empty", "empty", "empty"]);
  });

  it("names the rounded rating for screen readers", () => {
    expect(ratingLabel(4.4)).toBe("Rated 4.5 out of 5");
    expect(ratingLabel(4)).toBe("Rated 4 out of 5");
  });
});
