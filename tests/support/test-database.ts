import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { createPglite } from "#db/client.ts";
import { withDatabase } from "./postgres-setup.ts";
import { POSTGRES_TEMPLATE } from "./template-database.ts";

/** An in-memory PGlite loaded from the migrated, seeded snapshot of the test run (pglite-setup.ts). */
export async function loadPgliteSnapshot(): Promise<PGlite> {
  const snapshot = await readFile(inject("pgliteSnapshot"));
  return createPglite(undefined, new Blob([snapshot]));
}

/** A database of this test file's own on the PostgreSQL server: a copy of the seeded template (postgres-setup.ts). */
export async function copyPostgresTemplate() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  inject("postgresTemplateUrl");
  const name = `storefront_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${POSTGRES_TEMPLATE}`);
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
