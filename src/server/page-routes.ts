import type { FastifyRequest } from "fastify";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

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

/**
 * Names the route pattern a page's path matches, with React Router's own matching (`matchRoutes`, over the build's
 * routes as a tree): `/product/0193…` → `/product/:id`, a data request (`/product/0193….data`, `/_root.data`) like its
 * page, and a path only the not-found route takes → `*`, Fastify's label for the catch-all.
 */
export function pageRouteMatcher(routes: ServerBuild["routes"]): (pathname: string) => string {
  const all = Object.values(routes).filter((route) => route !== undefined);
  const tree = (parentId: string | undefined): RouteObject[] =>
    all
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index ? { id: route.id, index: true } : { id: route.id, path: route.path, children: tree(route.id) },
      );
  const root = tree(undefined);
  return (pathname) => {
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    let matches: ReturnType<typeof matchRoutes>;
    try {
      matches = matchRoutes(root, page);
    } catch {
      // A path React Router cannot decode is no page's.
      return "*";
    }
    const last = matches?.at(-1)?.route;
    if (!matches || !last || last.path === "*") return "*";
    const label = matches
      .map((match) => match.route.path ?? "")
      .filter(Boolean)
      .join("/");
    return `/${label}`.replace(/\/+/g, "/");
  };
}
