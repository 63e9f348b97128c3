import type { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";
import { type Db, drizzleOnPool } from "#db/client.ts";

/**
 * A second Drizzle handle on the same connection as `db`, whose logger counts the SQL statements it runs: for tests
 * that bound how many statements an operation costs (`counter.count` after the call). Works on both drivers; on
 * PostgreSQL its transactions are the shop's own (`drizzleOnPool`).
 */
export async function countingDb(db: Db): Promise<{ db: Db; statements: string[]; parameters: unknown[][]; reset(): void }> {
  const statements: string[] = [];
  /** Each statement's parameters, by the same index. */
  const parameters: unknown[][] = [];
  const logger = {
    logQuery: (query: string, params: unknown[]) => {
      statements.push(query);
      parameters.push(params);
    },
  };
  const client = (db as unknown as { $client: unknown }).$client;
  let counted: Db;
  if (process.env.TEST_DB === "postgres") {
    counted = await drizzleOnPool(client as Pool, { logger });
  } else {
    const { drizzle } = await import("drizzle-orm/pglite");
    counted = drizzle(client as PGlite, { logger }) as unknown as Db;
  }
  return {
    db: counted,
    statements,
    parameters,
    reset: () => {
      statements.splice(0);
      parameters.splice(0);
    },
  };
}
