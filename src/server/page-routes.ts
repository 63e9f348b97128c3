import type { FastifyRequest } from "fastify";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** Set by the web adapter for the metrics' `route` label: to Fastify every page is the catch-all `*`. */
export const pageRouteLabels = new WeakMap<FastifyRequest, string>();

export function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

/** React Router's own matching: `/product/0193…` and its `.data` request → `/product/:id`; the not-found route → `*`. */
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
