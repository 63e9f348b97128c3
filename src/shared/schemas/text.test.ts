import { describe, expect, it } from "vitest";
import { hasControlCharacters, safeText } from "./text.ts";

describe("safeText", () => {
  it("refuses NUL, other C0 and C1 controls and DEL, naming the field", () => {
    for (const bad of ["a\u0000b", "\u0007", "x\u001b[31m", "\u007f", "\u0085"]) {
      const result = safeText({ name: "q" }).safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("q must not contain control characters");
    }
  });

  it("accepts ordinary text, tabs and line breaks (a review has paragraphs), and any script", () => {
    for (const good of ["Asha Rao", "line one\r\nline two\tend", "नमस्ते", "😀 emoji", ""]) {
      expect(safeText().safeParse(good).success, JSON.stringify(good)).toBe(true);
      expect(hasControlCharacters(good)).toBe(false);
    }
  });

  it("keeps the caller's message for a value that is not text, and chains like a string schema", () => {
    expect(safeText({ error: "Please fill name" }).safeParse(42).error?.issues[0]?.message).toBe("Please fill name");
    expect(safeText().trim().min(1).safeParse("  ").success).toBe(false);
    expect(safeText().trim().max(3).parse(" abc ")).toBe("abc");
  });
});
