import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { createPglite } from "#db/client.ts";
import { type Config, loadConfig } from "#server/config/load-config.ts";
import { withDatabase } from "./postgres-setup.ts";

/** An in-memory PGlite loaded from the migrated, seeded snapshot of the test run (pglite-setup.ts). */
export async function loadPgliteSnapshot(): Promise<PGlite> {
  const snapshot = await readFile(inject("pgliteSnapshot"));
  return createPglite(undefined, new Blob([snapshot]));
}

/** A database of this test file's own on the PostgreSQL server: a copy of the seeded template (postgres-setup.ts). */
export async function copyPostgresTemplate() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const template = inject("postgresTemplateName");
  const name = `storefront_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A shop's configuration and database of this test file's own: a data directory in tmp, and a copy of the seeded
 * template on PGlite (default) or PostgreSQL (TEST_DB=postgres). Only the configuration differs from production, as it
 * would between two installs. `cleanUp()` drops the copy and the directory (close the shop first).
 */
export async function createTestEnvironment(env: Record<string, string> = {}): Promise<{
  config: Config;
  pglite: PGlite | undefined;
  cleanUp(): Promise<void>;
}> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "storefront-test-"));
  const settings: Record<string, string> = {
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: "false",
    ...env,
  };
  let pglite: PGlite | undefined;
  let dropDatabase = async () => {};
  if (process.env.TEST_DB === "postgres") {
    const { url, drop } = await copyPostgresTemplate();
    settings.DATABASE_URL = url;
    settings.DATABASE_POOL_SIZE ??= "4";
    dropDatabase = drop;
  } else {
    pglite = await loadPgliteSnapshot();
  }
  return {
    config: loadConfig(settings),
    pglite,
    async cleanUp() {
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
