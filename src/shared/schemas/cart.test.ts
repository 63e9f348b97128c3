import { describe, expect, it } from "vitest";
import { checkoutBlockedMessage, guestCartMergedMessage, missingOptionMessage } from "#shared/messages.ts";
import { firstError } from "./accounts.ts";
import { CART_QUANTITY_MAX, cartAddBody, cartAddForm, cartUpdateForm, firstMissingOption, optionListsOf } from "./cart.ts";

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

describe("the API's add body and the cart page's forms", () => {
  it("reads a JSON quantity as a number, never true, null or a list", () => {
    expect(cartAddBody.safeParse({ productId, quantity: 2, price: 1 }).data).toMatchObject({ productId, quantity: 2 });
    for (const quantity of [true, null, [], {}, "1e9"]) {
      expect(cartAddBody.safeParse({ productId, quantity }).success, JSON.stringify(quantity)).toBe(false);
    }
  });

  it("changes a line by its id", () => {
    expect(cartUpdateForm.safeParse({ intent: "update", lineId: productId, quantity: "3" }).data?.quantity).toBe(3);
    expect(cartUpdateForm.safeParse({ intent: "update", lineId: "7", quantity: "3" }).success).toBe(false);
  });
});

describe("the cart's notices", () => {
  it("says what a guest cart's merge changed, titles cut to 30 characters, three at most", () => {
    expect(guestCartMergedMessage({ added: 1, combined: 0, capped: [], repriced: [] })).toBe(
      "1 product from before you signed in moved to your cart.",
    );
    const long = "A very long product title that goes on";
    expect(guestCartMergedMessage({ added: 1, combined: 2, capped: [long], repriced: ["B", "C", "D", "E"] })).toBe(
      "3 products from before you signed in moved to your cart, 2 added to what was already there. " +
        "Limited to the stock: A very long product title that... Price changed since added: B, C, D and 1 more.",
    );
  });

  it("names the lines that block checkout", () => {
    expect(checkoutBlockedMessage(["Kettle", "Lamp"])).toBe("Change these lines before checking out: Kettle, Lamp.");
  });
});
