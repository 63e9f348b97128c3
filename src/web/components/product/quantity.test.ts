import { describe, expect, it } from "vitest";
import { stepQuantity } from "./quantity.ts";

describe("quantity picker", () => {
  it("never goes below 1", () => {
    expect(stepQuantity(1, -1, 10)).toEqual({ quantity: 1, refused: false });
    expect(stepQuantity(3, -1, 10)).toEqual({ quantity: 2, refused: false });
  });

  it("adds one while the stock allows it", () => {
    expect(stepQuantity(1, 1, 2)).toEqual({ quantity: 2, refused: false });
  });

  it("refuses plus at the stock count and keeps the quantity", () => {
    expect(stepQuantity(2, 1, 2)).toEqual({ quantity: 2, refused: "above-stock" });
    expect(stepQuantity(1, 1, 0)).toEqual({ quantity: 1, refused: "above-stock" });
  });
});
