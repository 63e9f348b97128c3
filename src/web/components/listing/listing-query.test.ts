import { describe, expect, it } from "vitest";
import { parseListingQuery, toProductFilter } from "./listing-query.ts";
import { onlyViewChanged, priceParamsFromSlider, sliderRange, viewFrom, withParams } from "./listing-url.ts";

const parse = (query: string) => parseListingQuery(new URLSearchParams(query));

describe("parseListingQuery", () => {
  it("gives the spec's defaults for an empty query: page 1, 10 per page, four per row, no filters", () => {
    expect(parse("")).toEqual({
      page: 1,
      perPage: 10,
      minPrice: undefined,
      maxPrice: undefined,
      rating: undefined,
      inStock: false,
      view: "four",
    });
  });

  it("reads every filter from the URL", () => {
    expect(parse("page=3&perPage=30&minPrice=500&maxPrice=2500&rating=4&inStock=true&view=three")).toEqual({
      page: 3,
      perPage: 30,
      minPrice: 500,
      maxPrice: 2500,
      rating: 4,
      inStock: true,
      view: "three",
    });
  });

  it.each([
    ["page=abc", "page", 1],
    ["page=0", "page", 1],
    ["perPage=1000", "perPage", 10],
    ["perPage=-1", "perPage", 10],
    ["rating=9", "rating", undefined],
    ["minPrice=cheap", "minPrice", undefined],
    ["view=grid", "view", "four"],
    ["inStock=yes", "inStock", false],
  ] as const)("falls back to the default for a bad value (%s)", (query, key, expected) => {
    expect(parse(query)[key]).toBe(expected);
  });

  it("drops a price range whose minimum is above its maximum", () => {
    expect(parse("minPrice=900&maxPrice=100")).toMatchObject({ minPrice: undefined, maxPrice: undefined });
  });

  it("turns rupees into paise for the catalogue", () => {
    expect(toProductFilter(parse("minPrice=100.5&maxPrice=2000&rating=3"))).toEqual({
      page: 1,
      perPage: 10,
      minPricePaise: 10050,
      maxPricePaise: 200000,
      minRating: 3,
      inStock: undefined,
    });
    expect(toProductFilter(parse("inStock=true")).inStock).toBe(true);
  });
});

describe("price slider", () => {
  it("puts missing bounds at the slider's ends and clamps to them", () => {
    expect(sliderRange({ minPrice: undefined, maxPrice: undefined })).toEqual([100, 60000]);
    expect(sliderRange({ minPrice: 50, maxPrice: 90000 })).toEqual([100, 60000]);
    expect(sliderRange({ minPrice: 500, maxPrice: 900 })).toEqual([500, 900]);
  });

  it("treats a thumb at the slider's end as no limit", () => {
    expect(priceParamsFromSlider([100, 60000])).toEqual({ minPrice: null, maxPrice: null });
    expect(priceParamsFromSlider([250, 60000])).toEqual({ minPrice: "250", maxPrice: null });
    expect(priceParamsFromSlider([100, 5000])).toEqual({ minPrice: null, maxPrice: "5000" });
  });
});

describe("withParams", () => {
  it("goes back to page 1 when a filter changes and keeps the others", () => {
    expect(withParams(new URLSearchParams("page=4&rating=3"), { minPrice: 200 })).toBe("?rating=3&minPrice=200");
  });

  it("keeps defaults out of the URL", () => {
    expect(withParams(new URLSearchParams("rating=3"), { view: "four", perPage: 10, page: 1 })).toBe("?rating=3");
    expect(withParams(new URLSearchParams(""), { page: 2 })).toBe("?page=2");
  });
});

describe("layout", () => {
  it("reads the layout from the URL, four per row by default", () => {
    expect(viewFrom(new URLSearchParams("view=one"))).toBe("one");
    expect(viewFrom(new URLSearchParams("view=nine"))).toBe("four");
  });

  it("loads nothing again when only the layout changes", () => {
    const url = (path: string) => new URL(path, "http://shop.test");
    expect(onlyViewChanged(url("/search?q=a&view=one"), url("/search?view=three&q=a"))).toBe(true);
    expect(onlyViewChanged(url("/search?q=a"), url("/search?q=b"))).toBe(false);
    expect(onlyViewChanged(url("/products/subCat/1"), url("/products/subCat/2"))).toBe(false);
  });
});
