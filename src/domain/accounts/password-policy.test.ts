import { describe, expect, it } from "vitest";
import { accountErrors } from "#shared/messages.ts";
import { passwordPolicyProblem } from "./password-policy.ts";

describe("password policy", () => {
  it("accepts 8 to 128 characters that are not a common password", () => {
    expect(passwordPolicyProblem("correct horse battery")).toBeUndefined();
    expect(passwordPolicyProblem("x9!kQ2#m")).toBeUndefined();
    expect(passwordPolicyProblem("a".repeat(7) + "Z".repeat(121))).toBeUndefined();
  });

  it("refuses too short and too long passwords", () => {
    expect(passwordPolicyProblem("x9!kQ2#")).toBe("Password must be at least 8 characters");
    expect(passwordPolicyProblem("x".repeat(129))).toBe("Password must be at most 128 characters");
  });

  it.each(["password", "Password1", "12345678", "qwertyuiop", "iloveyou123", "PASSWORD2024", "aaaaaaaa", "1q2w3e4r5t"])(
    "refuses the common password %s whatever its case",
    (password) => {
      expect(passwordPolicyProblem(password)).toBe(accountErrors.commonPassword);
    },
  );
});
