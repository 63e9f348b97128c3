import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, rowsOf } from "#db/client.ts";
import { buildDemoCatalog } from "#db/seed/demo-catalog.ts";
import { openDemoDatabase } from "#tests/support/demo-database.ts";
import { createTermCounts } from "./term-counts.ts";

const demo = buildDemoCatalog();
let database: Database;
beforeAll(async () => {
  database = await openDemoDatabase();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const dictionary = async (where: ReturnType<typeof sql>) =>
  (await rowsOf<{ n: number }>(database.db, sql`select coalesce(sum(products), 0)::int as n from search_terms where ${where}`))[0]
    ?.n ?? 0;

describe("createTermCounts", () => {
  it("knows the catalogue's size and how many products hold a word or a word starting with a prefix", async () => {
    const counts = createTermCounts(database.db);
    const total = demo.products.length;
    expect(await counts.estimateMatches([], undefined)).toEqual({ matches: total, total });
    const gold = await dictionary(sql`term = 'gold'`);
    expect(gold).toBeGreaterThan(0);
    expect(await counts.estimateMatches(["gold"], undefined)).toEqual({ matches: gold, total });
    const la = Math.min(total, await dictionary(sql`term like 'la%'`));
    expect(await counts.estimateMatches([], "la")).toEqual({ matches: la, total });
    // Words taken as independent: their shares multiply.
    expect((await counts.estimateMatches(["gold"], "la")).matches).toBe(Math.round((gold / total) * (la / total) * total));
    expect(await counts.estimateMatches(["notaword"], undefined)).toEqual({ matches: 0, total });
    expect(await counts.estimateMatches([], "zzq")).toEqual({ matches: 0, total });
    // Without statistics (no ANALYZE yet) a lexeme's count is unknown: 0, so a search keeps the plan safe for rare words.
    expect(await counts.estimateLexeme("gold")).toEqual({ matches: 0, total });
  });

  it("reads the dictionary again in the background once its snapshot is older than maxAgeMs", async () => {
    let clock = 0;
    const counts = createTermCounts(database.db, { maxAgeMs: 1000, now: () => clock });
    const before = (await counts.estimateMatches(["zzyzx"], undefined)).matches;
    expect(before).toBe(0);
    await database.db.execute(sql`insert into search_terms (term, products) values ('zzyzx', 7)`);
    try {
      clock = 500;
      expect((await counts.estimateMatches(["zzyzx"], undefined)).matches).toBe(0);
      clock = 2000;
      // This call starts the refresh and answers from the old snapshot; a later one sees the new counts.
      await counts.estimateMatches(["zzyzx"], undefined);
      await expect.poll(async () => (await counts.estimateMatches(["zzyzx"], undefined)).matches).toBe(7);
    } finally {
      await database.db.execute(sql`delete from search_terms where term = 'zzyzx'`);
    }
  });

  // Last: it runs ANALYZE, after which the statistics take part in every estimate of this database.
  it("also counts the words of descriptions, from PostgreSQL's statistics of the search vectors, and a typed word's stem", async () => {
    await database.db.execute(sql`analyze products`);
    const [common] = await rowsOf<{ lexeme: string; share: number }>(
      database.db,
      sql`select e.lexeme, s.most_common_elem_freqs[e.n]::float8 as share
          from pg_stats s, unnest(s.most_common_elems::text::text[]) with ordinality as e(lexeme, n)
          where s.schemaname = current_schema() and s.tablename = 'products' and s.attname = 'search'
            and e.lexeme ~ '^[a-z]{4,}$' order by share desc limit 1`,
    );
    expect(common, "ANALYZE gives the search vectors most common lexemes").toBeDefined();
    const { lexeme, share } = common as { lexeme: string; share: number };
    const counts = createTermCounts(database.db);
    const total = demo.products.length;
    const atLeast = Math.floor(share * total);
    expect((await counts.estimateMatches([], lexeme)).matches).toBeGreaterThanOrEqual(atLeast);
    // Typed further than its stem ("pants" for "pant"): still that lexeme's products.
    expect((await counts.estimateMatches([], `${lexeme}s`)).matches).toBeGreaterThanOrEqual(atLeast);
    // Nothing starts with it: still nothing.
    expect(await counts.estimateMatches([], "zzq")).toEqual({ matches: 0, total });
    // The lexeme itself, exactly: its share by the statistics; a longer word is another lexeme, which they do not list.
    expect(await counts.estimateLexeme(lexeme)).toEqual({ matches: Math.round(share * total), total });
    expect(await counts.estimateLexeme(`${lexeme}zzq`)).toEqual({ matches: 0, total });
  });
});
