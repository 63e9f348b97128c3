import { describe, expect, it } from "vitest";
import { correctWord, editDistance, editsAllowed, queryWords } from "./spelling.ts";

describe("queryWords", () => {
  it("lower-cases, splits on anything but letters and digits, keeps each word once and in order", () => {
    expect(queryWords("  Men's  T-Shirt, men's 2XL  ")).toEqual(["men", "s", "t", "shirt", "2xl"]);
    expect(queryWords("Café crème")).toEqual(["café", "crème"]);
    expect(queryWords(" \t ")).toEqual([]);
  });

  it("looks up at most 8 words, none longer than 40 characters", () => {
    expect(queryWords("a b c d e f g h i j")).toHaveLength(8);
    expect(queryWords(`${"x".repeat(41)} ok`)).toEqual(["ok"]);
  });
});

describe("editDistance", () => {
  it.each([
    ["laptop", "laptop", 0],
    ["lapotp", "laptop", 1], // two neighbours swapped
    ["laptp", "laptop", 1], // a letter dropped
    ["lapttop", "laptop", 1], // a letter doubled
    ["laptap", "laptop", 1], // a letter replaced
    ["shrit", "shirt", 1],
    ["", "abc", 3],
    ["kitten", "sitting", 3],
  ])("%s → %s is %i", (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe("correctWord", () => {
  const candidate = (term: string, products = 1, sameStem = false) => ({ term, products, sameStem });

  it("corrects a typo to the nearest term, the more used one between equals", () => {
    expect(correctWord("lapotp", [candidate("lab", 9), candidate("laptops", 3), candidate("laptop", 2)], false)).toBe("laptop");
    expect(correctWord("cat", [candidate("cap", 2), candidate("car", 7)], false)).toBe("car");
  });

  it("leaves known words, stems of known words and stop words alone", () => {
    expect(correctWord("shirt", [candidate("shirt"), candidate("short", 50)], false)).toBeNull();
    expect(correctWord("sweaters", [candidate("sweater", 1, true)], false)).toBeNull();
    expect(correctWord("thw", [candidate("the", 50)], true)).toBeNull();
  });

  it("gives up when nothing is near enough for the word's length", () => {
    expect(correctWord("xyzzy", [candidate("pizza")], false)).toBeNull();
    expect(correctWord("ab", [candidate("an")], false)).toBeNull();
    expect(editsAllowed("abc")).toBe(1);
    expect(editsAllowed("abcdef")).toBe(2);
  });
});
