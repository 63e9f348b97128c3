import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { type DbTransaction, rowsOf } from "../client.ts";

/**
 * Inserts rows with one statement and one parameter: the rows as a JSON array, turned back into typed columns by
 * `json_to_recordset` (JSON arrays become PostgreSQL arrays). No parameter limit, so tens of thousands of rows go in one
 * round trip, on `pg` and PGlite alike, without COPY (which `pg` cannot stream without another package). The columns
 * are those of the first row; a column left out gets its default.
 */
export async function insertRows<T extends PgTable>(
  tx: DbTransaction,
  table: T,
  rows: readonly T["$inferInsert"][],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.entries(getTableColumns(table))
    .filter(([key]) => (first as Record<string, unknown>)[key] !== undefined)
    .map(([key, column]) => ({ key, name: column.name, type: column.getSQLType() }));
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const column of columns) record[column.name] = (row as Record<string, unknown>)[column.key] ?? null;
    return record;
  });
  const names = columns.map((column) => quoteIdentifier(column.name)).join(", ");
  const definitions = columns.map((column) => `${quoteIdentifier(column.name)} ${column.type}`).join(", ");
  await tx.execute(
    sql`insert into ${table} (${sql.raw(names)}) select ${sql.raw(names)} from json_to_recordset(${JSON.stringify(records)}::json) as r(${sql.raw(definitions)})`,
  );
}

/**
 * Drops the table's secondary indexes (all but those behind a constraint: primary key, unique and exclusion
 * constraints) and returns what recreates them from their own definitions, as the migrations made them. Building an
 * index once over loaded rows is much faster than maintaining it row by row. Both happen inside the caller's
 * transaction: until it commits, nobody sees the table without its indexes (readers of the table wait instead).
 */
export async function dropSecondaryIndexes(
  tx: DbTransaction,
  table: PgTable,
): Promise<{ count: number; rebuild: () => Promise<void> }> {
  const indexes = await rowsOf<{ name: string; definition: string }>(
    tx,
    sql`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i
        where i.indrelid = ${getTableName(table)}::regclass
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
        order by 1`,
  );
  for (const index of indexes) await tx.execute(sql.raw(`drop index ${index.name}`));
  return {
    count: indexes.length,
    rebuild: async () => {
      for (const index of indexes) await tx.execute(sql.raw(index.definition));
    },
  };
}

/**
 * Drops the table's own foreign keys and returns what adds them back from their own definitions. A foreign key checks
 * each inserted row with a query of its own; added back, it checks all the rows with one join (and refuses to be
 * added, so the transaction fails, if any row breaks it).
 */
export async function dropForeignKeys(
  tx: DbTransaction,
  table: PgTable,
): Promise<{ count: number; restore: () => Promise<void> }> {
  const tableName = quoteIdentifier(getTableName(table));
  const keys = await rowsOf<{ name: string; definition: string }>(
    tx,
    sql`select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
        where contype = 'f' and conrelid = ${getTableName(table)}::regclass order by 1`,
  );
  for (const key of keys) await tx.execute(sql.raw(`alter table ${tableName} drop constraint ${quoteIdentifier(key.name)}`));
  return {
    count: keys.length,
    restore: async () => {
      for (const key of keys) {
        await tx.execute(sql.raw(`alter table ${tableName} add constraint ${quoteIdentifier(key.name)} ${key.definition}`));
      }
    },
  };
}

/** Disables the named user triggers of a table until the returned function enables them again (same transaction). */
export async function disableTriggers(
  tx: DbTransaction,
  table: PgTable,
  triggers: readonly string[],
): Promise<() => Promise<void>> {
  const alter = (action: "disable" | "enable") =>
    tx.execute(
      sql.raw(
        `alter table ${quoteIdentifier(getTableName(table))} ${triggers.map((name) => `${action} trigger ${quoteIdentifier(name)}`).join(", ")}`,
      ),
    );
  await alter("disable");
  return async () => {
    await alter("enable");
  };
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
