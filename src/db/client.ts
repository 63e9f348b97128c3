import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type { Logger, SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Pool } from "pg";
import { lockDataDir } from "./data-dir-lock.ts";

/** The driver-agnostic Drizzle handle every service receives. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type DbTransaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The database, or a transaction another context opened and passes in (decision 011). */
export type DbExecutor = Db | DbTransaction;

/** A new transaction on the database, a savepoint inside a transaction. */
export function withTransaction<T>(executor: DbExecutor, work: (tx: DbTransaction) => Promise<T>): Promise<T> {
  return executor.transaction(work);
}

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  ping(): Promise<void>;
  /** Absent on PGlite, which has one in-process connection. */
  poolUse?(): PoolUse;
  close(): Promise<void>;
  migrate(): Promise<void>;
}

export interface PoolUse {
  total: number;
  idle: number;
  /** Above 0 while the pool is exhausted. */
  waiting: number;
}

export interface DatabaseOptions {
  /** When absent, the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  pgliteDir?: string | undefined;
  poolSize?: number;
  pglite?: PGlite;
}

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : await openPglite(options);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** Any number that identifies "storefront migrations" among the advisory locks of a shared PostgreSQL server. */
const MIGRATION_LOCK_ID = 724_420_117;

const POOL_IDLE_MS = 5 * 60_000;

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  // No JIT: compiling costs more than it saves on the shop's short queries. No synchronized scans, so the first matches
  // of a common word are the same on every request (decision 020). Idle connections live for minutes: each holds the
  // prepared statements and their plans (decision 027).
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: POOL_IDLE_MS,
    options: "-c jit=off -c synchronize_seqscans=off",
    pipeline: true,
  });
  // An idle client's connection error must not crash the process; the next query reports it.
  pool.on("error", () => {});
  return {
    db: await drizzleOnPool(pool),
    kind: "postgres",
    ping: async () => {
      await pool.query("select 1");
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
    migrate: async () => {
      const { migrate } = await import("drizzle-orm/node-postgres/migrator");
      // Several instances may start at once: one migrates while the others wait on the lock.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migrate(drizzle(client), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
  };
}

/** Transactions send `begin` with their first statement, a round trip less (decision 021); needs `pipeline: true`. */
export async function drizzleOnPool(pool: Pool, options: { logger?: Logger } = {}): Promise<Db> {
  const { drizzle, NodePgSession, NodePgTransaction } = await import("drizzle-orm/node-postgres");
  const db = drizzle(pool, options);
  type Work = (tx: InstanceType<typeof NodePgTransaction>) => Promise<unknown>;
  // The fields Drizzle's own `transaction` reads to build a transaction's session (NodePgSession's constructor).
  const session = db._.session as unknown as {
    transaction(work: Work, config?: unknown): Promise<unknown>;
    dialect: ConstructorParameters<typeof NodePgSession>[1];
    schema: ConstructorParameters<typeof NodePgSession>[2];
    options: ConstructorParameters<typeof NodePgSession>[3];
  };
  const transaction = session.transaction.bind(session);
  session.transaction = async (work, config) => {
    if (config !== undefined) return transaction(work, config);
    const client = await pool.connect();
    const clientSession = new NodePgSession(client, session.dialect, session.schema, session.options);
    const tx = new NodePgTransaction(session.dialect, clientSession, session.schema);
    const run = (text: string) => {
      options.logger?.logQuery(text, []);
      return client.query(text);
    };
    let broken = false;
    // A connection that breaks while lent out (PostgreSQL restarted, the backend terminated) fails the statement in
    // flight; the socket's own error after it must not become an uncaught exception, and the client is dropped.
    const onError = () => {
      broken = true;
    };
    client.on("error", onError);
    const begun = run("begin");
    begun.catch(() => {}); // awaited below; until then its failure must not count as unhandled
    try {
      const result = await work(tx);
      await begun;
      await run("commit");
      return result;
    } catch (error) {
      await run("rollback").catch(() => {
        broken = true;
      });
      throw error;
    } finally {
      client.off("error", onError);
      client.release(broken);
    }
  };
  return db as unknown as Db;
}

/** Small: PGlite's memory is the shop's own and never shrinks (bench/results/*-memory.md). No synchronized scans. */
const PGLITE_SETTINGS = [
  ["shared_buffers", "16MB"],
  ["work_mem", "4MB"],
  ["maintenance_work_mem", "16MB"],
  ["temp_buffers", "2MB"],
  ["synchronize_seqscans", "off"],
] as const;

export async function createPglite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const startParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap(([name, value]) => ["-c", `${name}=${value}`])];
  return PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm }, startParams });
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const { drizzle } = await import("drizzle-orm/pglite");
  let client = options.pglite;
  let unlock = () => {};
  if (!client) {
    if (!options.pgliteDir) throw new Error("openDatabase: pgliteDir or databaseUrl is required");
    const dir = path.resolve(options.pgliteDir);
    mkdirSync(path.dirname(dir), { recursive: true });
    unlock = lockDataDir(`${dir}.lock`);
    try {
      client = await createPglite(dir);
    } catch (error) {
      unlock();
      throw error;
    }
  }
  const pglite = client;
  const db = drizzle(pglite);
  return {
    db,
    migrate: async () => {
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await migrate(db, { migrationsFolder });
    },
    kind: "pglite",
    ping: async () => {
      await pglite.query("select 1");
    },
    close: async () => {
      try {
        if (!pglite.closed) await pglite.close();
      } finally {
        unlock();
      }
    },
  };
}

/** The rows a raw statement (`sql`...``) answers: both drivers answer `{ rows }`. */
export async function rowsOf<T>(executor: DbExecutor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Every `namedStatement`'s text by name: tests/api/hand-written-sql.test.ts checks each against its tables' columns. */
export const namedStatements = new Map<string, string>();

/**
 * SQL text prepared under `name` on the pool or an open transaction (Drizzle's `.prepare()` binds to one handle), for
 * checkout's hot statements (decision 021). Rows come raw: alias columns in camelCase; timestamps arrive as text.
 */
export function namedStatement<Row>(name: string, text: string) {
  namedStatements.set(name, text);
  return async (executor: DbExecutor, params: unknown[]): Promise<Row[]> => {
    const prepared = executor._.session.prepareQuery({ sql: text, params }, undefined, name, false);
    return ((await prepared.execute()) as { rows: Row[] }).rows;
  };
}
