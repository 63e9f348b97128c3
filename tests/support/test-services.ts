import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { openDatabase } from "#db/client.ts";
import { type Config, loadConfig } from "#server/config.ts";
import { createServices } from "#server/services.ts";
import { copyPostgresTemplate, loadPgliteSnapshot } from "./test-database.ts";

/**
 * The domain services without HTTP, built by the same createServices as the shop, on a database of this test file's
 * own (a copy of the seeded template, PGlite or PostgreSQL as createTestApp picks it). For tests of business rules:
 * call a service, look at the rows.
 */
export async function createTestServices(options: { env?: Record<string, string> } = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "storefront-services-"));
  const env: Record<string, string> = {
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: "false",
    ...options.env,
  };
  let pglite: PGlite | undefined;
  let dropDatabase = async () => {};
  if (process.env.TEST_DB === "postgres") {
    const { url, drop } = await copyPostgresTemplate();
    env.DATABASE_URL = url;
    env.DATABASE_POOL_SIZE = "4";
    dropDatabase = drop;
  } else {
    pglite = await loadPgliteSnapshot();
  }
  const built = await composeServices(loadConfig(env), pglite);
  return {
    services: built.services,
    /** Direct database access: builders insert rows through it, tests look at rows through it. */
    db: built.database.db,
    async close() {
      await built.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestServices = Awaited<ReturnType<typeof createTestServices>>;

const silentLog = { info() {}, error() {} };

/** The one place the tests compose services themselves: database, then createServices, and their teardown. */
async function composeServices(config: Config, pglite: PGlite | undefined) {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, pglite });
  const services = createServices({ database, config, log: silentLog });
  return {
    services,
    database,
    async close() {
      services.mailer.close();
      await database.close();
    },
  };
}
