import { createElement as h, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, type LinkProps, Link as RouterLink, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { isPlainPath, plainAnchor } from "./link.tsx";

/** The markup of `element` rendered on a page of a route with a parameter, as the shop's pages are. */
function onAPage(element: ReactElement | undefined): string {
  const router = createMemoryRouter([{ path: "/product/:id", element }], { initialEntries: ["/product/1?tab=reviews"] });
  return renderToString(h(RouterProvider, { router }));
}

describe("plainAnchor", () => {
  it.each(["/", "/cart", "/product/019b6165?tab=reviews", "/search?q=a%20b&page=2", "/my-list#top", "/a/", "/a/.b"])(
    "writes the same <a> as React Router's Link for %s",
    (to) => {
      const props: LinkProps = { to, className: "x", "aria-label": "go", prefetch: "intent", onClick: () => {} };
      expect(plainAnchor(props)).toBeDefined();
      expect(onAPage(plainAnchor(props))).toBe(onAPage(h(RouterLink, props)));
    },
  );

  it("keeps the attributes React Router writes: target, and no data-discover when discovery is off", () => {
    const props: LinkProps = { to: "/cart", target: "_blank", discover: "none", children: "Cart" };
    expect(onAPage(plainAnchor(props))).toBe(onAPage(h(RouterLink, props)));
  });

  it.each([
    "",
    "cart",
    "../cart",
    "/a/../b",
    "/a/./b",
    "/a/..",
    "//evil.example",
    "/a//b",
    "/a\\b",
    "/a?",
    "/a#",
    "/a?#b",
    "https://x.example/",
  ])("leaves %j to React Router", (to) => {
    expect(isPlainPath(to)).toBe(false);
    expect(plainAnchor({ to })).toBeUndefined();
  });

  it("leaves links that need the router to React Router", () => {
    expect(plainAnchor({ to: { pathname: "/cart" } })).toBeUndefined();
    expect(plainAnchor({ to: "/cart", reloadDocument: true })).toBeUndefined();
    expect(plainAnchor({ to: "/cart", relative: "path" })).toBeUndefined();
    expect(plainAnchor({ to: "/cart", prefetch: "render" })).toBeUndefined();
  });
});
