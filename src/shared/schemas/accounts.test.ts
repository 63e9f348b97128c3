import { describe, expect, it } from "vitest";
import {
  changePasswordForm,
  firstError,
  profileForm,
  REDIRECT_PATH_MAX,
  resetPasswordForm,
  safeRedirectPath,
  signUpForm,
} from "./accounts.ts";

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
    ["/product/abc?tab=reviews&x=1", "/product/abc?tab=reviews&x=1"],
    ["/a/./b/../c", "/a/c"],
    ["/search?q=//evil.example", "/search?q=//evil.example"],
    ["/caf\u00e9 au lait", "/caf%C3%A9%20au%20lait"],
    ["", "/"],
    [null, "/"],
    [42, "/"],
    ["my-account", "/"],
    ["https://evil.example", "/"],
    ["javascript:alert(1)", "/"],
  ])("%s → %s", (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  // Each would reach the browser as `//evil.example` (or be read so by it) once resolved: all stay on the shop.
  it.each([
    "//evil.example/x",
    "///evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "/./..//evil.example",
    "/x/..//evil.example",
    "/x/y/../..//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/x/%2e%2e//evil.example",
    "/.%2e//evil.example",
    "/%2F/evil.example",
    "/%2f%2fevil.example",
    "/%5Cevil.example",
    "/%5c%5cevil.example",
    "/.//%2Fevil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "/.\\/evil.example",
    "\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\t\t/evil.example",
    "/./\n/evil.example",
    "/\u0000/evil.example",
    "/\u007f/evil.example",
    "/.//evil.example?x=1#y",
  ])("%j stays on the shop", (value) => {
    const target = safeRedirectPath(value);
    expect(target).toBe("/");
    expect(new URL(target, "https://shop.example/signIn").origin).toBe("https://shop.example");
  });

  it("keeps only the path of a target whose query is too long, and gives the fallback for a too long path", () => {
    const longQuery = `/checkout?q=${"x".repeat(12_000)}`;
    expect(safeRedirectPath(longQuery)).toBe("/checkout");
    const justFits = `/checkout?q=${"x".repeat(REDIRECT_PATH_MAX - "/checkout?q=".length)}`;
    expect(safeRedirectPath(justFits)).toBe(justFits);
    expect(safeRedirectPath(`/${"x".repeat(REDIRECT_PATH_MAX)}`)).toBe("/");
    expect(safeRedirectPath(`/${"x".repeat(REDIRECT_PATH_MAX)}`, "/orders")).toBe("/orders");
    // Bounded after encoding: characters the parser percent-encodes count three times.
    expect(safeRedirectPath(`/search?q=${"é".repeat(400)}`)).toBe("/search");
  });
});
