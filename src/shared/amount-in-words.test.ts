import { describe, expect, it } from "vitest";
import { amountInWords, numberInWords } from "./amount-in-words.ts";
import { gstinCheckCharacter, gstinProblem } from "./gstin.ts";
import { findIndianState } from "./indian-states.ts";

describe("amount in words (Indian system)", () => {
  it("writes rupees and paise as an invoice does", () => {
    expect(amountInWords(12_000_050)).toBe("Rupees One Lakh Twenty Thousand and Fifty Paise Only");
    expect(amountInWords(0)).toBe("Rupees Zero Only");
    expect(amountInWords(1)).toBe("Rupees Zero and One Paise Only");
    expect(amountInWords(100)).toBe("Rupees One Only");
    expect(amountInWords(129_950)).toBe("Rupees One Thousand Two Hundred Ninety Nine and Fifty Paise Only");
    expect(amountInWords(1_899)).toBe("Rupees Eighteen and Ninety Nine Paise Only");
  });

  it("groups by thousand, lakh and crore", () => {
    expect(numberInWords(7)).toBe("Seven");
    expect(numberInWords(19)).toBe("Nineteen");
    expect(numberInWords(20)).toBe("Twenty");
    expect(numberInWords(101)).toBe("One Hundred One");
    expect(numberInWords(1_000)).toBe("One Thousand");
    expect(numberInWords(99_999)).toBe("Ninety Nine Thousand Nine Hundred Ninety Nine");
    expect(numberInWords(100_000)).toBe("One Lakh");
    expect(numberInWords(1_005_000)).toBe("Ten Lakh Five Thousand");
    expect(numberInWords(10_000_000)).toBe("One Crore");
    expect(numberInWords(12_34_56_789)).toBe("Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine");
    expect(numberInWords(1_000_00_00_000)).toBe("One Thousand Crore");
    expect(numberInWords(25_000_00_00_000)).toBe("Twenty Five Thousand Crore");
  });

  it("refuses what is not a whole amount", () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});

describe("GSTIN and states", () => {
  it("checks the shape and the check character", () => {
    expect(gstinProblem("27AAPFU0939F1ZV")).toBeUndefined();
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
    expect(gstinProblem("27AAPFU0939F1ZW")).toBe("check");
    expect(gstinProblem("27AAPFU0939F1Z")).toBe("shape");
    expect(gstinProblem("27aapfu0939f1zv")).toBe("shape");
    expect(gstinProblem("2AAAPFU0939F1ZV")).toBe("shape");
  });

  it("finds a state by its name, in any case, with old names", () => {
    expect(findIndianState("karnataka")?.code).toBe("29");
    expect(findIndianState(" Tamil  Nadu ")?.code).toBe("33");
    expect(findIndianState("Orissa")?.name).toBe("Odisha");
    expect(findIndianState("Jammu & Kashmir")?.code).toBe("01");
    expect(findIndianState("Bavaria")).toBeUndefined();
  });
});
