import { describe, expect, it } from "vitest";
import { truncate } from "./text.ts";

describe("truncate", () => {
  it("keeps text up to the limit unchanged", () => {
    expect(truncate("Cotton Shirt", 20)).toBe("Cotton Shirt");
    expect(truncate("x".repeat(20), 20)).toBe("x".repeat(20));
  });

  it("cuts longer text to the limit and adds an ellipsis", () => {
    expect(truncate("Men's Slim Fit Cotton Casual Shirt", 20)).toBe("Men's Slim Fit Cotto...");
  });
});
