import type { PGlite } from "@electric-sql/pglite";
import { createPglite, type Database, openDatabase } from "#db/client.ts";
import { seedDemoCatalog } from "#db/seed/seed.ts";

/**
 * An in-memory PGlite, migrated, holding the deterministic demo catalogue (no pictures): for unit tests of services
 * and queries, whose expected values come from `buildDemoCatalog()`. Pass `pglite` to keep a handle on the raw
 * connection (statistics, plain SQL). Close it in `afterAll`.
 */
export async function openDemoDatabase(pglite?: PGlite): Promise<Database> {
  const database = await openDatabase({ pglite: pglite ?? (await createPglite()) });
  await seedDemoCatalog(database.db);
  return database;
}
