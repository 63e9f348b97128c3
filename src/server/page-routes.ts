import type { FastifyRequest } from "fastify";
import type { ServerBuild } from "react-router";

/**
 * Each page request's route pattern (`/product/:id`), set by the web adapter for the metrics' `route` label: to Fastify
 * every page is React Router's catch-all `*`, which says nothing about which page was slow.
 */
export const pageRouteLabels = new WeakMap<FastifyRequest, string>();

/** The path of a request URL, without its query. */
export function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

type Segment = { kind: "static"; text: string } | { kind: "param" } | { kind: "splat" };
interface Pattern {
  label: string;
  segments: Segment[];
}

/**
 * The route patterns of a React Router build, most specific first (more fixed segments, then no splat), and a function
 * that names the pattern a path matches, as React Router would pick it: `/product/0193…` → `/product/:id`, a data
 * request (`/product/0193….data`, `/_root.data`) like its page, and a path only the not-found route takes → `*`.
 * Paths compare without regard to case, as React Router's do.
 */
export function pageRouteMatcher(routes: ServerBuild["routes"]): (pathname: string) => string {
  const fullPath = (id: string | undefined): string => {
    const route = id === undefined ? undefined : routes[id];
    if (!route) return "";
    const parent = fullPath(route.parentId);
    return route.path ? `${parent}/${route.path}` : parent;
  };
  const patterns: Pattern[] = [];
  for (const route of Object.values(routes)) {
    if (!route || (route.path === undefined && !route.index)) continue;
    const path = fullPath(route.id).replace(/\/+/g, "/");
    const segments: Segment[] = path
      .split("/")
      .filter(Boolean)
      .map((part) =>
        part === "*"
          ? { kind: "splat" }
          : part.startsWith(":")
            ? { kind: "param" }
            : { kind: "static", text: part.toLowerCase() },
      );
    // The not-found route's own label is Fastify's for the catch-all: `*`.
    patterns.push({ label: path === "" ? "/" : path === "/*" ? "*" : path, segments });
  }
  const fixed = (pattern: Pattern) => pattern.segments.filter((segment) => segment.kind === "static").length;
  const splat = (pattern: Pattern) => (pattern.segments.at(-1)?.kind === "splat" ? 1 : 0);
  patterns.sort((a, b) => splat(a) - splat(b) || fixed(b) - fixed(a) || b.segments.length - a.segments.length);

  return (pathname) => {
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const parts = page.split("/").filter(Boolean);
    for (const pattern of patterns) if (matches(pattern.segments, parts)) return pattern.label;
    return "*";
  };
}

function matches(segments: readonly Segment[], parts: readonly string[]): boolean {
  for (const [index, segment] of segments.entries()) {
    if (segment.kind === "splat") return true;
    const part = parts[index];
    if (part === undefined) return false;
    if (segment.kind === "static" && safeDecode(part).toLowerCase() !== segment.text) return false;
  }
  return segments.length === parts.length;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
