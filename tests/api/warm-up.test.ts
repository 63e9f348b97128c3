import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#db/client.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// The requests an instance makes of itself before it listens (src/server/warm-up.ts; main.ts runs them on PostgreSQL).
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ web: true });
});
afterAll(async () => {
  await app?.close();
});

/** Rows in every table of the shop's schema, by table. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await rowsOf<{ name: string }>(
    app.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rowsOf<{ n: number }>(app.db, sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts[name] = row?.n ?? -1;
  }
  return counts;
}

describe("the warm-up", () => {
  it("asks for what shoppers ask for most, every kind of it, and every answer is a success", async () => {
    const warm = await app.warmUp({ requests: 120, concurrency: 4 });
    expect(warm.requests).toBe(120);
    expect(warm.failed).toBe(0);
    // Lists up to 40 % of the budget, then the rest in turn.
    expect(warm.kinds["product lists"]).toBe(48);
    for (const kind of ["categories", "home page", "products", "product pages", "suggestions", "listing pages"]) {
      expect(warm.kinds[kind], kind).toBeGreaterThan(0);
    }
    expect(Object.values(warm.kinds).reduce((sum, n) => sum + n, 0)).toBe(120);
  });

  it("stops at its budget, however small", async () => {
    const warm = await app.warmUp({ requests: 3, concurrency: 10 });
    expect(warm.requests).toBe(3);
    expect(warm.kinds).toEqual({ categories: 1, "product lists": 2 });
  });

  it("stops when asked (a shutdown): no request after the answer turns to yes", async () => {
    let asked = 0;
    const warm = await app.warmUp({ requests: 300, concurrency: 10, stop: () => ++asked > 5 });
    expect(warm.requests).toBe(5);
    expect(warm.failed).toBe(0);
  });

  it("writes nothing: no row is added, removed or left behind in any table", async () => {
    const before = await rowCounts();
    expect(Object.keys(before).length).toBeGreaterThan(10);
    const warm = await app.warmUp({ requests: 200, concurrency: 10 });
    expect(warm.failed).toBe(0);
    expect(await rowCounts()).toEqual(before);
  });
});
