import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config/load-config.ts";
import { loadDotEnv } from "./dotenv.ts";

const SHUTDOWN_GRACE_MS = 10_000;

/** `npm start` runs this file (Node strips the types); `npm run dev` loads the same factory through Vite (vite.config.ts). */
export async function createServer(devServer?: import("vite").ViteDevServer) {
  loadDotEnv();
  const config = loadConfig();
  const { server } = await buildApp(config, { devServer });
  return server;
}

async function main() {
  loadDotEnv();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config);
  } catch (error) {
    console.error(`The shop could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const { server } = app;

  let closing = false;
  let warming: Promise<unknown> | undefined;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info({ signal }, "shutting down: draining requests, then closing the database");
    const timer = setTimeout(() => {
      server.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    try {
      // A warm-up under way stops once its requests in flight are answered, and only then is the database closed.
      await warming?.catch(() => {});
      await server.close();
      process.exit(0);
    } catch (error) {
      server.log.error({ err: error }, "error during shutdown");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  // Behind a load balancer a restarted instance gets its share at once: it answers it warm (src/server/warm-up.ts).
  if (config.DATABASE_URL && config.WARM_UP_REQUESTS > 0) {
    server.log.info(`warming up before listening: up to ${config.WARM_UP_REQUESTS} requests`);
    try {
      const warmUp = app.warmUp({
        requests: config.WARM_UP_REQUESTS,
        concurrency: config.DATABASE_POOL_SIZE,
        stop: () => closing,
      });
      warming = warmUp;
      const warm = await warmUp;
      const level = warm.failed > 0 ? "warn" : "info";
      server.log[level](warm, `warmed up: ${warm.requests} requests in ${warm.ms} ms (${warm.failed} failed)`);
    } catch (error) {
      server.log.warn({ err: error }, "warm-up failed; the shop opens anyway");
    }
    // Stopped while it warmed up (a deploy that changed its mind): shutdown() closes the server; it never listens.
    if (closing) return;
  }
  await server.listen({ port: config.PORT, host: config.HOST });
  server.log.info(`the shop is open at ${config.PUBLIC_URL}`);
  await announceOwnerClaim(app);
}

/** While the shop has no owner, a one-time link only this log shows (decision 031); `npm run shop -- staff` is the other way. */
async function announceOwnerClaim({ server, services, config }: Awaited<ReturnType<typeof buildApp>>) {
  try {
    const token = await services.backOffice.claims.issueIfOwnerless();
    if (!token) return;
    server.log.warn(
      `the shop has no owner yet: sign in (or sign up) with the owner's account, then open ${config.PUBLIC_URL}/admin/claim/${token} ` +
        "within an hour to become the owner; each start prints a new link until someone does",
    );
  } catch (error) {
    server.log.error({ err: error }, "could not issue the owner's link");
  }
}

if (import.meta.main) await main();
