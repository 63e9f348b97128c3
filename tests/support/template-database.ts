import type { Database } from "#db/client.ts";
import { seedDemoCatalog } from "#db/seed/seed.ts";

/** What every test database starts with: the migrated schema and the demo catalogue (without rendered images). */
export async function prepareTemplate(database: Database): Promise<void> {
  await seedDemoCatalog(database.db);
}

export const POSTGRES_TEMPLATE = "storefront_test_template";

declare module "vitest" {
  interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplateUrl: string;
  }
}
