import { index, type RouteConfig, route } from "@react-router/dev/routes";

// Explicit routes keep the spec's URLs (§2) readable in one place.
export default [index("routes/home.tsx"), route("*", "routes/not-found.tsx")] satisfies RouteConfig;
