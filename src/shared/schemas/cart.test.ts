import { describe, expect, it } from "vitest";
import { firstError } from "./accounts.ts";
import { CART_QUANTITY_MAX, cartAddForm, firstMissingOption, missingOptionMessage, optionListsOf } from "./cart.ts";

const productId = "019a0000-0000-7000-8000-000000000001";
const form = (fields: Record<string, unknown>) => cartAddForm.safeParse({ intent: "add", productId, quantity: "1", ...fields });
const problem = (fields: Record<string, unknown>) => {
  const result = form(fields);
  return result.success ? undefined : firstError(result.error);
};

describe("the add-to-cart form", () => {
  it("reads a form's text fields: the quantity as a whole number, blank options as none", () => {
    expect(form({ quantity: "3", size: " M ", productRam: "", productWeight: "" }).data).toEqual({
      intent: "add",
      productId,
      quantity: 3,
      size: "M",
      productRam: undefined,
      productWeight: undefined,
    });
    expect(form({ quantity: 2 }).data?.quantity).toBe(2);
  });

  it("refuses a quantity that is not a whole number from 1 to the maximum", () => {
    expect(problem({ quantity: "" })).toBe("quantity must be a whole number");
    expect(problem({ quantity: "two" })).toBe("quantity must be a whole number");
    expect(problem({ quantity: "1.5" })).toBe("quantity must be a whole number");
    expect(problem({ quantity: "0" })).toBe("quantity must be at least 1");
    expect(problem({ quantity: "-1" })).toBe("quantity must be at least 1");
    expect(problem({ quantity: String(CART_QUANTITY_MAX + 1) })).toBe(`quantity must be at most ${CART_QUANTITY_MAX}`);
    expect(problem({ quantity: String(CART_QUANTITY_MAX) })).toBeUndefined();
  });

  it("refuses another intent, a product id that is not one and an overlong option", () => {
    expect(problem({ intent: "remove" })).toBe("Unknown cart action");
    expect(problem({ productId: "42" })).toBe("productId is not a valid id");
    expect(problem({ size: "x".repeat(51) })).toBe("size must be at most 50 characters");
  });
});

describe("option choices (spec §4)", () => {
  const product = { productRam: [], size: ["S", "M"], productWeight: ["1kg"] };

  it("lists only the product's non-empty option lists, in the page's order", () => {
    expect(optionListsOf(product).map(({ label }) => label)).toEqual(["Size", "Weight"]);
  });

  it("names the first list without a choice the list offers", () => {
    expect(firstMissingOption(product, {})?.key).toBe("size");
    expect(firstMissingOption(product, { size: "XL", productWeight: "1kg" })?.key).toBe("size");
    expect(firstMissingOption(product, { size: "M" })?.key).toBe("productWeight");
    expect(firstMissingOption(product, { size: "M", productWeight: "1kg" })).toBeUndefined();
    expect(firstMissingOption({ productRam: [], size: [], productWeight: [] }, {})).toBeUndefined();
    expect(missingOptionMessage("Size")).toBe("Please select a size");
  });
});
