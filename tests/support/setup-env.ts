import { afterEach, beforeEach, expect, vi } from "vitest";

// A test fails on any unexpected console.error: errors nobody asserted are bugs.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  expect(errors, "unexpected console.error calls").toEqual([]);
});
