import fastify from "fastify";
import { describe, expect, it } from "vitest";
import { pageSecurityHeaders } from "./page-security-headers.ts";

async function cspWith(options: { googleSignIn: boolean; razorpayCheckout: boolean }) {
  const app = fastify();
  await app.register(pageSecurityHeaders, { development: false, httpsOnly: false, ...options });
  app.get("/", async () => "page");
  const response = await app.inject({ method: "GET", url: "/" });
  await app.close();
  return Object.fromEntries(
    String(response.headers["content-security-policy"])
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = "", ...values]) => [name, values]),
  ) as Record<string, string[]>;
}

describe("the pages' Content-Security-Policy", () => {
  it("lets Razorpay Checkout run only when Razorpay is the payment provider", async () => {
    const razorpay = await cspWith({ googleSignIn: false, razorpayCheckout: true });
    expect(razorpay["script-src"]).toContain("https://checkout.razorpay.com");
    expect(razorpay["frame-src"]).toEqual(["https://api.razorpay.com", "https://checkout.razorpay.com"]);
    expect(razorpay["connect-src"]).toContain("https://api.razorpay.com");

    const test = await cspWith({ googleSignIn: false, razorpayCheckout: false });
    expect(JSON.stringify(test)).not.toContain("razorpay");
    expect(test["frame-src"]).toEqual(["'none'"]);
    expect(test["script-src"]?.some((value) => value.startsWith("'nonce-"))).toBe(true);
  });

  it("keeps Google's and Razorpay's frames side by side", async () => {
    const both = await cspWith({ googleSignIn: true, razorpayCheckout: true });
    expect(both["frame-src"]).toEqual([
      "https://accounts.google.com",
      "https://api.razorpay.com",
      "https://checkout.razorpay.com",
    ]);
  });
});
