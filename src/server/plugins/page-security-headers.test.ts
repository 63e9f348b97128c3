import fastify from "fastify";
import { describe, expect, it } from "vitest";
import { pageSecurityHeaders, policyWithHashes } from "./page-security-headers.ts";

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

describe("the pages' security headers", () => {
  async function answers(options: { development?: boolean; httpsOnly?: boolean }, count = 2) {
    const app = fastify();
    await app.register(pageSecurityHeaders, { development: false, httpsOnly: false, googleSignIn: false, ...options });
    app.get("/", async (_request, reply) => ({ nonce: reply.cspNonce }));
    app.get("/api", { config: { staticSecurityHeaders: true } }, async (_request, reply) => ({ nonce: reply.cspNonce }));
    const pages = [];
    for (let i = 0; i < count; i++) pages.push(await app.inject({ method: "GET", url: "/" }));
    const api = await app.inject({ method: "GET", url: "/api" });
    await app.close();
    return { pages, api };
  }
  const policyNonces = (policy: unknown) => ({
    script: /script-src[^;]*'nonce-([0-9a-f]+)'/.exec(String(policy))?.[1],
    style: /style-src [^;]*'nonce-([0-9a-f]+)'/.exec(String(policy))?.[1],
  });

  it("give every page a new pair of nonces, named in its policy and handed to the page as reply.cspNonce", async () => {
    const { pages } = await answers({});
    const [first, second] = pages.map((page) => ({
      policy: policyNonces(page.headers["content-security-policy"]),
      body: page.json(),
    }));
    expect(first?.policy.script).toMatch(/^[0-9a-f]{32}$/);
    expect(first?.policy.style).toMatch(/^[0-9a-f]{32}$/);
    expect(first?.policy.script).not.toBe(first?.policy.style);
    expect(first?.body.nonce).toEqual(first?.policy);
    expect(second?.body.nonce).toEqual(second?.policy);
    expect(second?.policy.script).not.toBe(first?.policy.script);
  });

  it("are helmet's, with the shop's own choices, the same on every page but for the nonces", async () => {
    const { pages } = await answers({});
    const [first, second] = pages.map(({ headers }) => ({
      ...headers,
      "content-security-policy": String(headers["content-security-policy"]).replace(/'nonce-[0-9a-f]+'/g, "'nonce'"),
      date: undefined,
    }));
    expect(first).toEqual(second);
    expect(first).toMatchObject({
      "x-content-type-options": "nosniff",
      "x-frame-options": "SAMEORIGIN",
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-resource-policy": "cross-origin",
      "referrer-policy": "strict-origin-when-cross-origin",
    });
    expect(first?.["content-security-policy"]).toContain("object-src 'none'");
    expect(first).not.toHaveProperty("strict-transport-security");
    expect((await answers({ httpsOnly: true }, 1)).pages[0]?.headers["strict-transport-security"]).toMatch(/^max-age=/);
  });

  it("leave answers that are never pages to their own headers", async () => {
    const { api } = await answers({});
    expect(api.headers).not.toHaveProperty("content-security-policy");
    expect(api.headers).not.toHaveProperty("x-frame-options");
    expect(api.json()).toEqual({ nonce: null });
  });

  it("have no policy and no nonce in development, where Vite injects its own scripts", async () => {
    const { pages } = await answers({ development: true }, 1);
    expect(pages[0]?.headers).not.toHaveProperty("content-security-policy");
    expect(pages[0]?.headers["x-content-type-options"]).toBe("nosniff");
    expect(pages[0]?.json()).toEqual({ nonce: null });
  });
});

describe("policyWithHashes", () => {
  it("puts the hashes in place of script-src's nonce and drops style-src's, leaving every other directive", () => {
    const policy =
      "default-src 'self';script-src 'self' 'nonce-abc' https://accounts.google.com;style-src 'self' 'nonce-def';frame-src 'none'";
    expect(policyWithHashes(policy, ["'sha256-1'", "'sha256-2'"])).toBe(
      "default-src 'self';script-src 'self' https://accounts.google.com 'sha256-1' 'sha256-2';style-src 'self';frame-src 'none'",
    );
  });
});
