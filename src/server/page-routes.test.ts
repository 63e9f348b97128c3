import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { pageRouteMatcher } from "./page-routes.ts";

// The shape of a React Router build's route manifest (src/web/routes.ts as built): a root layout, an index, pages with
// parameters, resource routes and the not-found splat.
const manifest = {
  root: { id: "root", path: "" },
  "routes/home": { id: "routes/home", parentId: "root", index: true },
  "category-listing": { id: "category-listing", parentId: "root", path: "products/category/:id" },
  "routes/product": { id: "routes/product", parentId: "root", path: "product/:id" },
  "routes/checkout": { id: "routes/checkout", parentId: "root", path: "checkout" },
  "routes/checkout-pay": { id: "routes/checkout-pay", parentId: "root", path: "checkout/pay/:orderId" },
  "routes/sign-in": { id: "routes/sign-in", parentId: "root", path: "signIn" },
  "routes/sitemap": { id: "routes/sitemap", parentId: "root", path: "sitemap.xml" },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
} as unknown as ServerBuild["routes"];

describe("pageRouteMatcher", () => {
  const label = pageRouteMatcher(manifest);

  it("names the pattern a page's path matches, never the path itself", () => {
    expect(label("/")).toBe("/");
    expect(label("/product/0193a3c4-1ddd-75e0-a3db-8550c0b66f06")).toBe("/product/:id");
    expect(label("/products/category/42")).toBe("/products/category/:id");
    expect(label("/checkout")).toBe("/checkout");
    expect(label("/checkout/pay/0193a3c4")).toBe("/checkout/pay/:orderId");
    expect(label("/sitemap.xml")).toBe("/sitemap.xml");
  });

  it("compares fixed segments without regard to case, as React Router does, and ignores a trailing slash", () => {
    expect(label("/SIGNIN")).toBe("/signIn");
    expect(label("/signin/")).toBe("/signIn");
  });

  it("labels a data request like its page", () => {
    expect(label("/product/0193a3c4.data")).toBe("/product/:id");
    expect(label("/_root.data")).toBe("/");
  });

  it("gives every path no page takes to the not-found route, so label values stay bounded", () => {
    expect(label("/product")).toBe("*");
    expect(label("/product/1/2")).toBe("*");
    expect(label("/no/such/page")).toBe("*");
    expect(label("/%E0%A4%A")).toBe("*");
  });
});
