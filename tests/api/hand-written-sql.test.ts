import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import { PgDialect, type PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, type DbExecutor, namedStatements, rowsOf } from "#db/client.ts";
import { cartItems, carts } from "#db/schema/cart.ts";
import { categories, categoryCounts, products } from "#db/schema/catalog.ts";
import { orderItems, orders, outbox } from "#db/schema/orders.ts";
import { reviewReports, reviews } from "#db/schema/reviews.ts";
import { searchTerms, zeroResultSearches } from "#db/schema/search.ts";
import { categoryCountsOfAllProducts, dictionaryOfAllProducts } from "#db/seed/seed.ts";
import { afterProduct } from "#domain/catalog/product-query.ts";
import { linesJson } from "#domain/orders/order-rows.ts";
import { createSearchService } from "#domain/search/search-service.ts";
import { countingDb } from "../support/counting-db.ts";
import { createTestServices, type TestServices } from "../support/test-services.ts";

// Statements written as SQL text (decision 021's, the search's, the bulk seed's) against the Drizzle tables they name:
// PostgreSQL says which columns a statement names (it stops preparing once that column is renamed), so a column added,
// renamed or removed without the statement following fails here, on both drivers.

/**
 * A table a statement names. `leftOut` makes it a whole-row statement (an insert, or a read that copies every column):
 * every column of the table must be named but those, which are left to their default (nullable or with a default).
 * Without it the statement names some columns (an update, a filter), which must exist.
 */
interface TableUse {
  table: PgTable;
  leftOut?: readonly string[];
}
const whole = (table: PgTable, leftOut: readonly string[] = []): TableUse => ({ table, leftOut });
const some = (table: PgTable): TableUse => ({ table });

interface Statement {
  name: string;
  text: () => string;
  tables: readonly TableUse[];
}

const dialect = new PgDialect();
const named = (name: string) => () => {
  const text = namedStatements.get(name);
  if (text === undefined) throw new Error(`no namedStatement "${name}"`);
  return text;
};
const textOf = (query: SQL) => dialect.sqlToQuery(query).sql;

let t: TestServices;
/** Search statements as the search service sends them, by the pattern that tells each apart. */
let searchStatements: string[] = [];
beforeAll(async () => {
  t = await createTestServices();
  const counted = await countingDb(t.db);
  const search = createSearchService({ db: counted.db });
  const [category] = await t.db.select({ id: categories.id }).from(categories).limit(1);
  await search.findProducts({
    query: "gold earings",
    catId: category?.id,
    subCatId: category?.id,
    location: "Delhi",
    featured: true,
    minPricePaise: 100,
    maxPricePaise: 1_000_000,
    minRating: 1,
    inStock: true,
    page: 1,
    perPage: 10,
  });
  await search.countIfUnmatched(await search.findProducts({ query: "qqzzxw", page: 1, perPage: 10 }), "qqzzxw");
  await search.suggest("golld ea", 8);
  await search.zeroResultSearches(10);
  await search.pruneZeroResultSearches(new Date(0));
  searchStatements = counted.statements;
});
afterAll(async () => {
  await t?.close();
});

const searchStatement = (pattern: RegExp) => () => {
  const found = searchStatements.filter((text) => pattern.test(text));
  if (found.length === 0) throw new Error(`the search sent no statement matching ${pattern}`);
  return found.join("\n;\n");
};

const statements: Statement[] = [
  {
    name: "orders_place",
    text: named("orders_place"),
    tables: [
      whole(orders, [
        "payment_id",
        "claimed_until",
        "next_check_at",
        "refund_id",
        "created_at",
        "updated_at",
        "paid_at",
        "carrier",
        "tracking_number",
        "shipped_at",
        "delivered_at",
        "cancelled_at",
        "invoice_number",
        "invoice_issued_at",
        "invoice_seller",
      ]),
      whole(orderItems),
    ],
  },
  {
    name: "orders_pay_pending",
    text: named("orders_pay_pending"),
    tables: [some(orders), whole(outbox, ["last_error", "created_at", "sent_at"])],
  },
  { name: "catalog_take_stock", text: named("catalog_take_stock"), tables: [some(products)] },
  {
    name: "cart_add_user_line",
    text: named("cart_add_user_line"),
    tables: [whole(carts, ["guest_token_hash", "created_at"]), whole(cartItems)],
  },
  {
    name: "cart_add_guest_line",
    text: named("cart_add_guest_line"),
    tables: [whole(carts, ["user_id", "created_at"]), whole(cartItems)],
  },
  { name: "cart_remove_ordered", text: named("cart_remove_ordered"), tables: [some(cartItems), some(carts)] },
  { name: "reviews_viewer_state", text: named("reviews_viewer_state"), tables: [some(reviewReports), some(reviews)] },
  {
    name: "an order's lines as JSON (order-rows.ts, linesJson)",
    text: () => t.db.select({ lines: linesJson }).from(orders).toSQL().sql,
    tables: [whole(orderItems), some(orders)],
  },
  {
    name: "products after a product (product-query.ts, afterProduct)",
    text: () =>
      t.db
        .select({ id: products.id })
        .from(products)
        .where(afterProduct(sql.placeholder("after")))
        .toSQL().sql,
    tables: [some(products)],
  },
  {
    name: "the bulk seed's dictionary",
    text: () => textOf(dictionaryOfAllProducts),
    tables: [whole(searchTerms), some(products)],
  },
  {
    name: "the bulk seed's category counts",
    text: () => textOf(categoryCountsOfAllProducts),
    tables: [whole(categoryCounts), some(products)],
  },
  {
    name: "search: results, total and facets",
    text: searchStatement(/\bm as materialized\b/),
    tables: [some(products), some(categories)],
  },
  { name: "search: suggestions", text: searchStatement(/\bcandidates\b/), tables: [some(products)] },
  { name: "search: corrections", text: searchStatement(/from search_terms order by/), tables: [some(searchTerms)] },
  {
    name: "search: a search that found nothing",
    text: searchStatement(/^insert into zero_result_searches/),
    tables: [whole(zeroResultSearches)],
  },
  {
    name: "search: the searches that found nothing",
    text: searchStatement(/^select query, count/),
    tables: [some(zeroResultSearches)],
  },
  {
    name: "search: forgetting them",
    text: searchStatement(/^delete from zero_result_searches/),
    tables: [some(zeroResultSearches)],
  },
];

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
let probes = 0;

/** Prepares each text (statements separated by `\n;\n`) and forgets it again: throws what PostgreSQL refuses. */
async function prepare(tx: DbExecutor, texts: string): Promise<void> {
  for (const text of texts.split("\n;\n")) {
    const name = `hand_written_sql_${++probes}`;
    await tx.execute(sql.raw(`prepare ${name} as ${text}`));
    await tx.execute(sql.raw(`deallocate ${name}`));
  }
}

/** The columns of `table` that `text` names: those whose renaming (in a savepoint) stops it preparing. */
async function columnsNamed(tx: DbExecutor, text: string, table: PgTable): Promise<string[]> {
  const found: string[] = [];
  for (const column of Object.values(getTableColumns(table))) {
    await tx.execute(sql.raw("savepoint probe"));
    await tx.execute(sql.raw(`alter table ${quote(getTableName(table))} rename column ${quote(column.name)} to "probe_renamed"`));
    // Usually "column does not exist"; `t.count` would read as the aggregate count(t) instead, another error.
    await prepare(tx, text).catch(() => found.push(column.name));
    await tx.execute(sql.raw("rollback to savepoint probe"));
  }
  return found;
}

/** Runs `work` in a transaction that is always rolled back. */
async function rolledBack(db: Db, work: (tx: DbExecutor) => Promise<void>): Promise<void> {
  const done = Symbol("rolled back");
  try {
    await db.transaction(async (tx) => {
      await work(tx);
      throw done;
    });
  } catch (error) {
    if (error !== done) throw error;
  }
}

describe("hand-written SQL follows the Drizzle tables it names", () => {
  it("every namedStatement in src/ is checked here", async () => {
    const root = path.resolve(import.meta.dirname, "../../src");
    const inSource = new Set<string>();
    for (const file of await readdir(root, { recursive: true })) {
      if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
      const text = await readFile(path.join(root, file), "utf8");
      for (const match of text.matchAll(/namedStatement(?:<[\s\S]*?>)?\(\s*"([^"]+)"/g)) inSource.add(match[1] ?? "");
    }
    inSource.delete("");
    expect(inSource.size).toBeGreaterThan(0);
    const checked = statements.map((statement) => statement.name);
    expect([...inSource].filter((name) => !checked.includes(name))).toEqual([]);
    expect([...namedStatements.keys()].filter((name) => !checked.includes(name))).toEqual([]);
  });

  it("the database's tables have the Drizzle tables' columns", async () => {
    const tables = [...new Set(statements.flatMap((statement) => statement.tables.map((use) => use.table)))];
    for (const table of tables) {
      const rows = await rowsOf<{ name: string }>(
        t.db,
        sql`select column_name as name from information_schema.columns
            where table_schema = current_schema() and table_name = ${getTableName(table)}`,
      );
      const inDrizzle = Object.values(getTableColumns(table)).map((column) => column.name);
      expect(rows.map((row) => row.name).sort(), getTableName(table)).toEqual(inDrizzle.sort());
    }
  });

  for (const statement of statements) {
    it(statement.name, async () => {
      const text = statement.text();
      await rolledBack(t.db, async (tx) => {
        // Names only columns that exist (a renamed or removed one makes it fail to prepare).
        await prepare(tx, text);
        for (const { table, leftOut } of statement.tables) {
          const tableName = getTableName(table);
          const namedColumns = await columnsNamed(tx, text, table);
          expect(namedColumns.length, `${statement.name} names no column of ${tableName}`).toBeGreaterThan(0);
          if (leftOut === undefined) continue;
          const columns = Object.values(getTableColumns(table));
          // A whole-row statement names every column but those it leaves to their default.
          const missing = columns
            .map((column) => column.name)
            .filter((name) => !namedColumns.includes(name) && !leftOut.includes(name));
          expect(missing, `${statement.name} leaves out columns of ${tableName}: name them, or list them as left out`).toEqual(
            [],
          );
          for (const name of leftOut) {
            const column = columns.find((candidate) => candidate.name === name);
            expect(column, `${tableName}.${name}, listed as left out, does not exist`).toBeDefined();
            expect(namedColumns, `${statement.name} names ${tableName}.${name}, listed as left out`).not.toContain(name);
            expect(column?.hasDefault || !column?.notNull, `${tableName}.${name} is left out but has no default`).toBe(true);
          }
        }
      });
    });
  }
});
