import { describe, expect, it } from "vitest";
import { readLocation } from "./location.ts";

const withCookie = (cookie: string) => new Request("http://shop.test/", { headers: { cookie } });

describe("readLocation", () => {
  it("reads the chosen country from the location cookie", () => {
    expect(readLocation(withCookie("a=1; location=United%20Kingdom; b=2"))).toBe("United Kingdom");
  });

  it("means every location when the cookie is absent, empty, All or malformed", () => {
    expect(readLocation(new Request("http://shop.test/"))).toBeUndefined();
    expect(readLocation(withCookie("location="))).toBeUndefined();
    expect(readLocation(withCookie("location=All"))).toBeUndefined();
    expect(readLocation(withCookie("location=%E0%A4%A"))).toBeUndefined();
  });
});
