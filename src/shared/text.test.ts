import { describe, expect, it } from "vitest";
import { matchedRange, truncate } from "./text.ts";

describe("truncate", () => {
  it("keeps text up to the limit unchanged", () => {
    expect(truncate("Cotton Shirt", 20)).toBe("Cotton Shirt");
    expect(truncate("x".repeat(20), 20)).toBe("x".repeat(20));
  });

  it("cuts longer text to the limit and adds an ellipsis", () => {
    expect(truncate("Men's Slim Fit Cotton Casual Shirt", 20)).toBe("Men's Slim Fit Cotto...");
  });
});

describe("matchedRange", () => {
  it("finds the whole typed text, whatever its case", () => {
    expect(matchedRange("Slate 14 Gaming Laptop", "lapt")).toEqual([16, 20]);
    expect(matchedRange("Slate 14 Gaming Laptop", "GAMING LAP")).toEqual([9, 19]);
  });

  it("takes the first occurrence", () => {
    expect(matchedRange("Laptop Backpack for a Laptop", "laptop")).toEqual([0, 6]);
  });

  it("ignores the spaces around the typed text", () => {
    expect(matchedRange("Cotton Shirt", "  shirt ")).toEqual([7, 12]);
  });

  it("falls back to the last word when the whole text is not in the name", () => {
    expect(matchedRange("Titan 16 Business Laptop", "cheap   lapt")).toEqual([18, 22]);
  });

  it("is null when neither the text nor its last word occurs, or the text is blank", () => {
    expect(matchedRange("Cotton Shirt", "lapotp")).toBeNull();
    expect(matchedRange("Cotton Shirt", "shirt jeans")).toBeNull();
    expect(matchedRange("Cotton Shirt", "")).toBeNull();
    expect(matchedRange("Cotton Shirt", "   ")).toBeNull();
  });

  it("treats regular expression characters as text", () => {
    expect(matchedRange("Aero 14 Laptop (Quad-Core, 256GB SSD)", "(quad")).toEqual([15, 20]);
    expect(matchedRange("Cotton Shirt", ".*")).toBeNull();
    expect(matchedRange("AC/DC Tee", "c/d")).toEqual([1, 4]);
  });

  it("gives indices into the name as written", () => {
    const name = "İstanbul Mug";
    const [start, end] = matchedRange(name, "mug") ?? [0, 0];
    expect(name.slice(start, end)).toBe("Mug");
  });
});
