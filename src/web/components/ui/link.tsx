import type { ReactElement, Ref } from "react";
import { type LinkProps, Link as RouterLink } from "react-router";

type Props = LinkProps & { ref?: Ref<HTMLAnchorElement> };

/**
 * React Router's `<Link>`. In the server's render, a link to a plain path of this site is written as the same `<a>`
 * React Router writes, without resolving the path through the router's hooks (a page has dozens of links); in the
 * browser it is React Router's own link, so hydration finds the same markup and navigation is unchanged (decision 026).
 */
export function Link(props: Props) {
  return (import.meta.env.SSR && plainAnchor(props)) || <RouterLink {...props} />;
}

/** A path of this site that React Router writes back unchanged as the href: no `.` or `..`, `//`, `\`, empty `?` or `#`. */
export function isPlainPath(to: string): boolean {
  const end = to.search(/[?#]/);
  const path = end < 0 ? to : to.slice(0, end);
  if (!path.startsWith("/") || path.includes("//") || path.includes("\\") || /\/\.\.?(?:\/|$)/.test(path)) return false;
  return !to.endsWith("?") && !to.endsWith("#") && !to.includes("?#");
}

/** The `<a>` React Router's link renders on the server for these props, when it needs nothing of the router; else undefined. */
export function plainAnchor(props: Props): ReactElement | undefined {
  const {
    onClick,
    discover = "render",
    prefetch = "none",
    relative,
    reloadDocument,
    replace,
    mask,
    state,
    target,
    to,
    preventScrollReset,
    viewTransition,
    defaultShouldRevalidate,
    ref,
    ...rest
  } = props;
  if (typeof to !== "string" || !isPlainPath(to) || reloadDocument || relative !== undefined || mask !== undefined) return;
  if (prefetch !== "none" && prefetch !== "intent") return;
  return <a {...rest} href={to} target={target} data-discover={discover === "render" ? "true" : undefined} />;
}
