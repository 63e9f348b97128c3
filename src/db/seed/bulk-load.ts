import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { type DbTransaction, rowsOf } from "../client.ts";

/** Rows as one JSON parameter (`json_to_recordset`): one round trip, no parameter limit; the first row names the columns. */
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

/** Secondary indexes, recreated from their own definitions after the load: one build beats upkeep row by row. */
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

/** Added back, a foreign key checks all rows with one join instead of a query per row. */
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
