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
