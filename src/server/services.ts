import path from "node:path";
import type { Database } from "#db/client.ts";
import { createCatalogService } from "#domain/catalog/catalog-service.ts";
import type { Config } from "./config.ts";

/** Every domain service, built once per process by buildApp and handed to both adapters (API and web). */
export function createServices({ database, config }: { database: Database; config: Config }) {
  return {
    catalog: createCatalogService({ db: database.db }),
    /** Where images live and how the outside world reaches them. */
    media: { imagesDir: imagesDir(config), publicUrl: config.PUBLIC_URL },
  };
}

export type Services = ReturnType<typeof createServices>;

export function imagesDir(config: Config): string {
  return path.resolve(config.DATA_DIR, "images");
}
