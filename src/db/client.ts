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

/** An open transaction on either driver. */
export type DbTransaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * What a query can run on: the database, or a transaction another service opened. Operations that other contexts
 * call inside their own transaction take one (`catalog.reserveStock(tx, lines)`); see docs/decisions/011.
 */
export type DbExecutor = Db | DbTransaction;

/**
 * Runs `work` in a transaction on `executor`: a new one on the database, a savepoint inside a transaction. Everything
 * `work` writes commits together or not at all.
 */
export function withTransaction<T>(executor: DbExecutor, work: (tx: DbTransaction) => Promise<T>): Promise<T> {
  return executor.transaction(work);
}

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Answers when the database does (readiness). */
  ping(): Promise<void>;
  /** The PostgreSQL pool's connections right now (metrics); absent on PGlite, which has one in-process connection. */
  poolUse?(): PoolUse;
  close(): Promise<void>;
  /** Applies the pending migrations (forward only). */
  migrate(): Promise<void>;
}

export interface PoolUse {
  /** Connections open, idle or lent out. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: the pool is exhausted while this is above 0. */
  waiting: number;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database's files. */
  pgliteDir?: string | undefined;
  poolSize?: number;
  /** An already open PGlite instance (tests load a migrated snapshot into memory). */
  pglite?: PGlite;
}

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * Opens the database chosen by configuration and brings its schema up to date. Drivers are imported lazily so the
 * unused one is never loaded.
 */
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

/** How long an idle PostgreSQL connection stays in the pool (see openPostgres). */
const POOL_IDLE_MS = 5 * 60_000;

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  // No JIT: it compiles a query that PostgreSQL estimates as expensive (a count over a large category, a search) for
  // milliseconds, to save less than that on the shop's short queries. The usual advice for OLTP workloads.
  // No synchronized sequential scans: with them, a read of a large table in order starts where the last one got to, so
  // the first matches of a common word (search and suggestions stop there, decision 020) changed from one request to
  // the next (measured at a million products: five searches for "comfort", five different first pages).
  // Idle connections are kept for minutes, not node-postgres's 10 s: each holds the shop's prepared statements and
  // PostgreSQL's plans for them (decision 020), and one opened again after a pause in traffic pays for them anew while
  // requests wait (measured at a million products: docs/decisions/024-a-page-of-products-as-one-json-value.md).
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

/**
 * Drizzle on a node-postgres pool whose transactions send `begin` together with their first statement instead of
 * waiting for its answer: one round trip less per transaction, each of which costs the shop a system call that wakes
 * PostgreSQL (decision 021). It needs the pool's clients in pipeline mode (`pipeline: true`), where a query written
 * before the previous one's answer keeps its place; the statements inside still run one at a time, as `work` awaits
 * each. `begin` fails only with its connection, and then so does everything behind it: the transaction's error is
 * thrown, and a client whose `rollback` fails is dropped instead of going back to the pool. A `logger` sees `begin`
 * and `commit` as Drizzle's own transactions log them (tests count statements with it). Two statements sent at once
 * inside a transaction (`Promise.all`) now travel together too; PostgreSQL still runs them in order.
 */
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

/**
 * The embedded database's PostgreSQL settings, beside PGlite's own start parameters. PostgreSQL's defaults size memory
 * for a server of its own; PGlite allocates it inside the shop's process (WebAssembly memory never shrinks), so
 * (measured in bench/results/*-memory.md):
 * - shared_buffers 16 MB instead of 128 MB: the page cache of a demo-sized shop fits, and the operating system's file
 *   cache sits behind it anyway (PGlite's files are ordinary files);
 * - work_mem 4 MB and maintenance_work_mem 16 MB: no sort of this shop needs more, and an index build at start-up
 *   (migrations) stays small;
 * - temp_buffers 2 MB: the shop uses no temporary tables.
 * And, as on PostgreSQL (openPostgres), no synchronized sequential scans: a read of a large table in order always
 * starts at its first row, so the first matches of a common word are the same on every request.
 */
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
 * A statement written once as SQL text and run on any executor, the pool or an open transaction, under `name`: nothing
 * rebuilds its text per call, and PostgreSQL parses and plans it once per connection. Drizzle's own `.prepare()` binds a
 * statement to the handle it was built on, so one built on the pool cannot run inside a transaction; this goes one level
 * down, to the session's `prepareQuery` (the interface Drizzle's drivers implement). For the few hot statements of
 * checkout and payment (decision 021); everything else uses the query builder. Rows come back as the driver reads them:
 * the column names the SQL gives (alias them in camelCase), numbers for integers, text for timestamps.
 */
export function namedStatement<Row>(name: string, text: string) {
  namedStatements.set(name, text);
  return async (executor: DbExecutor, params: unknown[]): Promise<Row[]> => {
    const prepared = executor._.session.prepareQuery({ sql: text, params }, undefined, name, false);
    return ((await prepared.execute()) as { rows: Row[] }).rows;
  };
}
