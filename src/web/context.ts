import { createContext } from "react-router";
import type { Services } from "#server/services.ts";

/**
 * Context tokens the server seeds for every request (React Router load context). Reached through the `#app-context`
 * package import and externalized from the SSR bundle by name, so Fastify and the route modules share ONE token
 * (notes/stack-spike.md); otherwise every page fails with "No value found for context".
 */
export const servicesContext = createContext<Services>();

export interface RequestInfo {
  /** CSP nonce for the inline scripts React Router renders; undefined in development (no CSP there). */
  nonce: string | undefined;
  /** The shop's public origin, for canonical URLs. */
  publicUrl: string;
}

export const requestInfoContext = createContext<RequestInfo>();

/** The signed-in shopper as the web app may see them (never secrets), or null for a visitor. */
export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  /** Profile image file names (served under /download/). */
  images: string[];
}

/** Set per request by the web plugin from the session (accounts issue); null until then and for visitors. */
export const currentUserContext = createContext<CurrentUser | null>(null);
