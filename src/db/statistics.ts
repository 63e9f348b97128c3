import { getTableName, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { type Db, rowsOf } from "./client.ts";

/** Most common elements and their row shares (`pg_stats`), to choose a plan; undefined before the first ANALYZE. */
export async function mostCommonElements(db: Db, column: PgColumn): Promise<Map<string, number> | undefined> {
  const [row] = await rowsOf<{ elements: string[] | null; shares: number[] | null }>(
    db,
    sql`select most_common_elems::text::text[] as elements, most_common_elem_freqs::float8[] as shares from pg_stats
        where schemaname = current_schema() and tablename = ${getTableName(column.table)} and attname = ${column.name}`,
  );
  // The shares come first, one an element; the array ends with their minimum, maximum and the share of empty values.
  return row?.elements ? new Map(row.elements.map((element, index) => [element, row.shares?.[index] ?? 0])) : undefined;
}
