// The product's option lists and the rule that every offered list needs a choice: the product page's add-to-cart form
// reads them in the browser, so they live apart from the zod schemas (decision 029).

export const cartOptionLists = [
  { key: "productRam", label: "RAM" },
  { key: "size", label: "Size" },
  { key: "productWeight", label: "Weight" },
] as const;

export type CartOptionKey = (typeof cartOptionLists)[number]["key"];
export type CartOptionChoice = Partial<Record<CartOptionKey, string>>;

export function optionListsOf(product: Record<CartOptionKey, readonly string[]>) {
  return cartOptionLists.filter(({ key }) => product[key].length > 0);
}

/** A value the list does not offer is no choice. */
export function firstMissingOption(product: Record<CartOptionKey, readonly string[]>, chosen: CartOptionChoice) {
  return optionListsOf(product).find(({ key }) => {
    const value = chosen[key];
    return value === undefined || !product[key].includes(value);
  });
}
