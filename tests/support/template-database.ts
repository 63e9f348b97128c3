import type { Database } from "#db/client.ts";
import { seedDemoCatalog } from "#db/seed/seed.ts";

/** What every test database starts with: the migrated schema and the demo catalogue (without rendered images). */
export async function prepareTemplate(database: Database): Promise<void> {
  await seedDemoCatalog(database.db);
}

/**
 * The template database's name: one per test run, so that two runs on one PostgreSQL server (two checkouts, or CI
 * beside a developer) never drop each other's template.
 */
export function postgresTemplateName(): string {
  return `storefront_template_${process.pid}_${Date.now().toString(36)}`;
}

declare module "vitest" {
  interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplateName: string;
  }
}
