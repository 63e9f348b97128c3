import { createPglite, type Database, openDatabase } from "#db/client.ts";
import { seedDemoCatalog } from "#db/seed/seed.ts";

/**
 * An in-memory PGlite, migrated, holding the deterministic demo catalogue (no pictures): for unit tests of services
 * and queries, whose expected values come from `buildDemoCatalog()`. Close it in `afterAll`.
 */
export async function openDemoDatabase(): Promise<Database> {
  const database = await openDatabase({ pglite: await createPglite() });
  await seedDemoCatalog(database.db);
  return database;
}
