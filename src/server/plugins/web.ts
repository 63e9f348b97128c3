import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import type { FastifyInstance } from "fastify";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { requestInfoContext, servicesContext } from "#app-context";
import type { Services } from "../services.ts";

export interface WebOptions {
  services: Services;
  publicUrl: string;
  /** Vite in development (hot reload); absent in production, where build/ is served. */
  devServer?: ViteDevServer | undefined;
  /** The server build to use instead of importing build/server/index.js (tests). */
  build?: (() => Promise<ServerBuild>) | undefined;
}

/**
 * The web adapter: React Router renders every path the API does not own. Loaders reach the services only through this
 * load context (ARCHITECTURE.md invariant 1), never by import.
 */
export async function webPlugin(app: FastifyInstance, options: WebOptions) {
  await app.register(fastifyReactRouter, {
    devServer: options.devServer,
    ...(options.build && !options.devServer ? { build: options.build } : {}),
    getLoadContext(_request, reply) {
      const context = new RouterContextProvider();
      context.set(servicesContext, options.services);
      context.set(requestInfoContext, { nonce: reply.cspNonce?.script, publicUrl: options.publicUrl });
      return context;
    },
  });
}
