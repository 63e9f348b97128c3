import { describe, expect, it } from "vitest";
import { createCookies, joinFlash, parseGuestCartToken, parseLocation, parseOtpFlow } from "./cookies.ts";

describe("cookie registry", () => {
  it("sets HttpOnly, SameSite=Lax cookies on the whole site, Secure only over HTTPS", () => {
    const plain = createCookies("http://localhost:3000");
    const secure = createCookies("https://shop.example");
    expect(plain.location("United Kingdom")).toBe("location=United%20Kingdom; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000");
    expect(secure.flash("Hi")).toBe("flash=Hi; Path=/; HttpOnly; SameSite=Lax; Secure; Max-Age=60");
    expect(secure.resetGrant("t", new Date(0))).toContain("SameSite=Strict");
  });

  it("clears a cookie with an expiry in the past", () => {
    const cookies = createCookies("http://localhost:3000");
    expect(cookies.location(null)).toMatch(/^location=; .*Max-Age=0; Expires=Thu, 01 Jan 1970/);
    expect(cookies.clearSession()).toMatch(/^sid=; .*Max-Age=0/);
  });

  it("reads the location as the chosen country; absent, empty, All, overlong or malformed means every location", () => {
    expect(parseLocation("United Kingdom")).toBe("United Kingdom");
    expect(parseLocation(undefined)).toBeUndefined();
    expect(parseLocation(" ")).toBeUndefined();
    expect(parseLocation("All")).toBeUndefined();
    expect(parseLocation("all")).toBeUndefined();
    expect(parseLocation("x".repeat(101))).toBeUndefined();
    expect(parseLocation("%E0%A4%A")).toBeUndefined();
  });

  it("reads the OTP flow only when it is well formed", () => {
    expect(parseOtpFlow('{"email":"a@b.co","action":"reset"}')).toEqual({ email: "a@b.co", action: "reset" });
    expect(parseOtpFlow('{"email":"a@b.co","action":"admin"}')).toBeUndefined();
    expect(parseOtpFlow("{not json")).toBeUndefined();
  });
});

describe("the guest cart cookie", () => {
  const token = "a".repeat(43);

  it("is HttpOnly and SameSite=Lax, kept 30 days, and cleared once merged", () => {
    const cookies = createCookies("https://shop.example");
    expect(cookies.guestCart(token)).toBe(`guest_cart=${token}; Path=/; HttpOnly; SameSite=Lax; Secure; Max-Age=2592000`);
    expect(cookies.clearGuestCart()).toMatch(/^guest_cart=; .*Max-Age=0/);
  });

  it("reads only a token of the shop's form", () => {
    expect(parseGuestCartToken(token)).toBe(token);
    for (const value of [undefined, "", "short", `${token}a`, `${"a".repeat(42)}!`])
      expect(parseGuestCartToken(value)).toBeUndefined();
  });

  it("joins a flash to the one waiting, within the cookie's length", () => {
    expect(joinFlash(undefined, "Moved.")).toBe("Moved.");
    expect(joinFlash("Signed in!", "Moved.")).toBe("Signed in! Moved.");
    expect(joinFlash("x".repeat(295), "Moved.")).toBe("Moved.");
  });
});
