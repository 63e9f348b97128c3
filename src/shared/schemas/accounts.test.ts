import { describe, expect, it } from "vitest";
import { changePasswordForm, firstError, profileForm, resetPasswordForm, safeRedirectPath, signUpForm } from "./accounts.ts";

const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : firstError(result.error as never);

describe("account forms", () => {
  it("reports sign-up problems in the spec's order", () => {
    expect(first(signUpForm.safeParse({}))).toBe("name can not be blank!");
    expect(first(signUpForm.safeParse({ name: "A" }))).toBe("email can not be blank!");
    expect(first(signUpForm.safeParse({ name: "A", email: "a@example.com" }))).toBe("phone can not be blank!");
    expect(first(signUpForm.safeParse({ name: "A", email: "a@example.com", phone: "9876543210" }))).toBe(
      "password can not be blank!",
    );
  });

  it("normalises the e-mail and accepts a numeric phone", () => {
    const parsed = signUpForm.parse({ name: " A ", email: " A@Example.COM ", phone: 9876543210, password: "long enough" });
    expect(parsed).toMatchObject({ name: "A", email: "a@example.com", phone: "9876543210" });
  });

  it("checks the password pages' fields in order", () => {
    expect(first(resetPasswordForm.safeParse({ newPass: "", confirmPass: "" }))).toBe("Please enter new password");
    expect(first(resetPasswordForm.safeParse({ newPass: "long enough", confirmPass: "" }))).toBe("Please confirm password");
    expect(first(resetPasswordForm.safeParse({ newPass: "long enough", confirmPass: "other" }))).toBe(
      "Password and confirm password not match",
    );
    expect(first(changePasswordForm.safeParse({ oldPassword: "", newPass: "", confirmPass: "" }))).toBe(
      "Please fill all the details",
    );
    expect(first(profileForm.safeParse({ name: "", phone: "1" }))).toBe("Please fill all the details");
  });

  it("refuses control characters in every field, naming it", () => {
    const good = { name: "Asha", email: "a@example.com", phone: "9876543210", password: "long enough" };
    expect(first(signUpForm.safeParse({ ...good, name: "As\u0000ha" }))).toBe("Name must not contain control characters");
    expect(first(signUpForm.safeParse({ ...good, email: "a\u0000@example.com" }))).toBe(
      "E-mail must not contain control characters",
    );
    expect(first(signUpForm.safeParse({ ...good, password: "long\u0008enough" }))).toBe(
      "Password must not contain control characters",
    );
    expect(first(profileForm.safeParse({ name: "A\u001bB", phone: "9876543210" }))).toBe(
      "Name must not contain control characters",
    );
  });
});

describe("safeRedirectPath", () => {
  it.each([
    ["/my-account?tab=password", "/my-account?tab=password"],
    ["/orders#top", "/orders#top"],
    ["//evil.example/x", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["/\tevil", "/"],
    ["", "/"],
    [null, "/"],
  ])("%s → %s", (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });
});
