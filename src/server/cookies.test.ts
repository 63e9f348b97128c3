import { describe, expect, it } from "vitest";
import { createCookies, parseLocation, parseOtpFlow } from "./cookies.ts";

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
