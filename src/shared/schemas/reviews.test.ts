import { describe, expect, it } from "vitest";
import { reviewMessages } from "#shared/messages.ts";
import { isReviewRating, reviewForm, reviewInput } from "./reviews.ts";

const productId = "0190a3b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b";
const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("a review's rating", () => {
  it("goes from 0.5 to 5 in half steps", () => {
    for (const ok of [0.5, 1, 2.5, 4.5, 5]) expect(isReviewRating(ok), String(ok)).toBe(true);
    for (const bad of [0, -1, 4.3, 5.5, 6, Number.NaN, Number.POSITIVE_INFINITY])
      expect(isReviewRating(bad), String(bad)).toBe(false);
  });

  it("accepts numbers and numeric text, defaults to one star, refuses anything else", () => {
    const parse = (customerRating: unknown) => reviewInput.safeParse({ productId, review: "Good.", customerRating });
    expect(parse(4.5).data?.customerRating).toBe(4.5);
    expect(parse("3.5").data?.customerRating).toBe(3.5);
    expect(parse(" 2 ").data?.customerRating).toBe(2);
    expect(parse(undefined).data?.customerRating).toBe(1);
    for (const bad of ["", "abc", "4.3", "1e0", true, null, [4], 7]) {
      expect(messageOf(parse(bad)), JSON.stringify(bad)).toBe(reviewMessages.rating);
    }
  });
});

describe("a review's text", () => {
  const parse = (review: unknown) => reviewInput.safeParse({ productId, review, customerRating: 4 });

  it("is required ('Please add a Review')", () => {
    for (const blank of ["", "   \n ", undefined, null, 42]) expect(messageOf(parse(blank))).toBe(reviewMessages.blank);
  });

  it("is trimmed, keeps markup as characters, loses control characters and counts a line break once", () => {
    expect(parse("  <b>Nice</b> & cheap \u0000 ").data?.review).toBe("<b>Nice</b> & cheap");
    expect(parse("one\r\ntwo\rthree").data?.review).toBe("one\ntwo\nthree");
  });

  it("is at most 2,000 characters, and says so", () => {
    expect(parse("x".repeat(2000)).success).toBe(true);
    expect(parse(`${"x".repeat(1000)}\r\n${"x".repeat(999)}`).success).toBe(true);
    expect(messageOf(parse("x".repeat(2001)))).toBe("A review can be at most 2,000 characters.");
  });
});

describe("the product page's form", () => {
  it("needs the add-review intent", () => {
    expect(reviewForm.safeParse({ intent: "add-review", review: "Fine.", customerRating: "1" }).success).toBe(true);
    expect(messageOf(reviewForm.safeParse({ intent: "delete", review: "Fine." }))).toBe(reviewMessages.unknownIntent);
  });
});
