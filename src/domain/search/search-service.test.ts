import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPglite, type Database } from "#db/client.ts";
import { buildDemoCatalog } from "#db/seed/demo-catalog.ts";
import { openDemoDatabase } from "#tests/support/demo-database.ts";
import type { Product } from "../catalog/types.ts";
import { createSearchService, type SearchService } from "./search-service.ts";

// The database holds the deterministic demo catalogue, so expected products come from the same builder.
const demo = buildDemoCatalog();
const laptops = demo.products.filter((p) => /\blaptop\b/i.test(p.name));
const namesWith = (items: Product[], word: string) => items.filter((p) => p.name.toLowerCase().includes(word));

let pglite: PGlite;
let database: Database;
let search: SearchService;
beforeAll(async () => {
  pglite = await createPglite();
  database = await openDemoDatabase(pglite);
  search = createSearchService({ db: database.db });
}, 60_000);
afterAll(async () => {
  await database?.close();
});

describe("search.findProducts", () => {
  it("finds every product named by a word, those named by it ranked before matches in brand or description", async () => {
    expect(laptops.length).toBeGreaterThan(0);
    const page = await search.findProducts({ query: "laptop", page: 1, perPage: 100 });
    expect(page.total).toBeGreaterThanOrEqual(laptops.length);
    expect(namesWith(page.items, "laptop").map((p) => p.id)).toEqual(expect.arrayContaining(laptops.map((p) => p.id as string)));
    const named = page.items.map((p) => p.name.toLowerCase().includes("laptop"));
    expect(named.slice(0, laptops.length).every(Boolean)).toBe(true);
  });

  it("returns each product with its category names", async () => {
    const [first] = (await search.findProducts({ query: "laptop", page: 1, perPage: 1 })).items;
    const category = demo.categories.find((c) => c.id === first?.catId);
    const subCategory = demo.categories.find((c) => c.id === first?.subCatId);
    expect(first?.catName).toBe(category?.name);
    expect(first?.subCatName).toBe(subCategory?.name ?? null);
  });

  it("matches stemmed words and tolerates a typo in a name", async () => {
    for (const query of ["laptops", "lapotp", "  Laptop  "]) {
      const page = await search.findProducts({ query, page: 1, perPage: 100 });
      expect(namesWith(page.items, "laptop").length, query).toBe(laptops.length);
    }
    const relaxed = await search.findProducts({ query: "realxed", page: 1, perPage: 100 });
    expect(namesWith(relaxed.items, "relaxed").length).toBeGreaterThan(0);
  });

  it("applies every filter of a product list to the matches", async () => {
    const laptop = laptops[0];
    const inCategory = await search.findProducts({ query: "laptop", catId: laptop?.catId, page: 1, perPage: 100 });
    expect(inCategory.total).toBeGreaterThan(0);
    expect(inCategory.items.every((p) => p.catId === laptop?.catId)).toBe(true);

    const price = laptop?.pricePaise ?? 0;
    const cheap = await search.findProducts({ query: "laptop", maxPricePaise: price - 1, page: 1, perPage: 100 });
    expect(cheap.items.every((p) => p.pricePaise < price)).toBe(true);
    expect(cheap.items.some((p) => p.id === laptop?.id)).toBe(false);

    const nowhere = await search.findProducts({ query: "laptop", location: "Atlantis", page: 1, perPage: 10 });
    expect(nowhere).toMatchObject({ items: [], total: 0, page: 1, perPage: 10, totalPages: 0 });

    const inStock = await search.findProducts({ query: "laptop", inStock: true, page: 1, perPage: 100 });
    expect(inStock.items.length).toBeGreaterThan(0);
    expect(inStock.items.every((p) => p.countInStock > 0)).toBe(true);
  });

  it("cuts pages from one stable order and counts every match", async () => {
    const wide = await search.findProducts({ query: "gold", page: 1, perPage: 6 });
    expect(wide.total).toBeGreaterThan(4);
    const second = await search.findProducts({ query: "gold", page: 2, perPage: 2 });
    expect(second.items.map((p) => p.id)).toEqual(wide.items.slice(2, 4).map((p) => p.id));
    expect(second).toMatchObject({ total: wide.total, page: 2, perPage: 2, totalPages: Math.ceil(wide.total / 2) });
  });

  it("finds nothing for gibberish, suggests no correction and counts the search for the shop owner", async () => {
    const found = await search.findProducts({ query: "Zzqxjvw  Qqq", page: 1, perPage: 16 });
    await search.countIfUnmatched(found, "Zzqxjvw  Qqq");
    expect(found).toMatchObject({
      items: [],
      total: 0,
      page: 1,
      perPage: 16,
      totalPages: 0,
      correctedQuery: null,
      capped: false,
      nothingMatched: true,
    });
    await search.countIfUnmatched(await search.findProducts({ query: "zzqxjvw qqq", page: 1, perPage: 16 }), "zzqxjvw qqq");
    const { rows } = await pglite.query<{ count: number }>("select count from zero_result_searches where query = 'zzqxjvw qqq'");
    expect(rows).toEqual([{ count: 2 }]);
    const gold = await search.findProducts({ query: "gold", page: 1, perPage: 1 });
    expect(gold.nothingMatched).toBe(false);
    await search.countIfUnmatched(gold, "gold");
    expect((await pglite.query("select 1 from zero_result_searches where query = 'gold'")).rows).toEqual([]);
  });

  it("corrects a misspelled word when nothing matches it, and says so", async () => {
    for (const [typo, word] of [
      ["lapotp", "laptop"], // letters swapped
      ["laptp", "laptop"], // a letter dropped
      ["lapttop", "laptop"], // a letter doubled
      ["shrit", "shirt"],
    ] as const) {
      const page = await search.findProducts({ query: typo, page: 1, perPage: 100 });
      expect(page.correctedQuery, typo).toBe(word);
      expect(page.items.length, typo).toBeGreaterThan(0);
      expect(page.items[0]?.name.toLowerCase(), typo).toContain(word);
    }
    // A word that matches as typed is not corrected, stems included.
    expect((await search.findProducts({ query: "laptops", page: 1, perPage: 1 })).correctedQuery).toBeNull();
  });

  it("finds products by their category's name, and ranks an exact name first", async () => {
    const category = demo.categories.find((c) => c.parentId === null && c.name === "Groceries");
    const page = await search.findProducts({ query: "groceries", page: 1, perPage: 100 });
    expect(page.total).toBe(demo.products.filter((p) => p.catId === category?.id).length);
    const named = demo.products[7];
    const exact = await search.findProducts({ query: named?.name ?? "", page: 1, perPage: 3 });
    expect(exact.items[0]?.id).toBe(named?.id);
  });

  it("counts facets with the results: each with the other filters, not its own", async () => {
    const all = await search.findProducts({ query: "gold", page: 1, perPage: 100 });
    const sum = (counts: { count: number }[]) => counts.reduce((total, { count }) => total + count, 0);
    expect(sum(all.facets.priceBands)).toBe(all.total);
    expect(sum(all.facets.subCategories)).toBe(all.items.filter((p) => p.subCatId !== null).length);
    expect(all.facets.inStock).toBe(all.items.filter((p) => p.countInStock > 0).length);
    expect(all.facets.ratings.map(({ stars }) => stars)).toEqual([5, 4, 3, 2, 1]);
    expect(all.facets.ratings.find(({ stars }) => stars === 3)?.count).toBe(all.items.filter((p) => p.rating >= 3).length);

    const top = all.facets.subCategories[0];
    const narrowed = await search.findProducts({ query: "gold", subCatId: top?.id, page: 1, perPage: 100 });
    expect(narrowed.total).toBe(top?.count);
    // The sub-category facet still counts the others, so the shopper can switch.
    expect(narrowed.facets.subCategories).toEqual(all.facets.subCategories);
    expect(sum(narrowed.facets.priceBands)).toBe(narrowed.total);
  });

  it("scores at most the rank cap of matches and says the total is a floor", async () => {
    const capped = createSearchService({ db: database.db, rankCap: 3 });
    const page = await capped.findProducts({ query: "gold", page: 1, perPage: 100 });
    expect(page).toMatchObject({ capped: true, total: 4 });
    expect((await search.findProducts({ query: "gold", page: 1, perPage: 1 })).capped).toBe(false);
  });
});

describe("search.suggest", () => {
  it("completes the word being typed, names starting with the text first", async () => {
    const suggestions = await search.suggest("lapt", 8);
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(8);
    // Names with the word first (a description that mentions it comes after).
    const named = suggestions.map((s) => /\blapt/i.test(s.name));
    expect(named[0]).toBe(true);
    expect(named.indexOf(false) === -1 || named.slice(named.indexOf(false)).every((n) => !n)).toBe(true);
    expect(suggestions[0]).toMatchObject({ id: expect.any(String), image: expect.any(String), pricePaise: expect.any(Number) });
  });

  it("needs every finished word, corrects a misspelled one, and answers nothing for one letter or gibberish", async () => {
    const both = await search.suggest("gold ear", 8);
    expect(both.length).toBeGreaterThan(0);
    expect(both[0]?.name).toMatch(/gold.*ear|ear.*gold/i);
    const typo = await search.suggest("lapotp ", 8);
    expect(typo.length).toBeGreaterThan(0);
    expect(typo[0]?.name).toMatch(/laptop/i);
    expect(await search.suggest("l", 8)).toEqual([]);
    expect((await search.suggest("t shi", 8))[0]?.name).toMatch(/shi/i);
    expect(await search.suggest("zzqxjvw", 8)).toEqual([]);
    expect(await search.suggest("%_\\'", 8)).toEqual([]);
  });
});

describe("the search dictionary", () => {
  const terms = async (...words: string[]) =>
    (
      await pglite.query<{ term: string; products: number }>(
        `select term, products from search_terms where term = any($1) order by term`,
        [words],
      )
    ).rows;

  it("follows products as they are added, renamed, moved and removed, and categories as they are renamed", async () => {
    const [category] = demo.categories.filter((c) => c.parentId === null);
    const id = "00000000-0000-4000-8000-00000000f00d";
    await pglite.query(
      `insert into products (id, name, brand, price_paise, cat_id) values ($1, 'Quokka Quilt', 'Zebu', 100, $2)`,
      [id, category?.id],
    );
    expect(await terms("quokka", "quilt", "zebu")).toEqual([
      { term: "quilt", products: 1 },
      { term: "quokka", products: 1 },
      { term: "zebu", products: 1 },
    ]);
    await pglite.query(`update products set name = 'Quokka Blanket' where id = $1`, [id]);
    expect(await terms("quokka", "quilt", "blanket")).toEqual([
      { term: "blanket", products: (await terms("blanket"))[0]?.products ?? 0 },
      { term: "quokka", products: 1 },
    ]);
    await pglite.query(`update categories set name = 'Wombat Goods' where id = $1`, [category?.id]);
    expect((await search.findProducts({ query: "wombat", page: 1, perPage: 1 })).total).toBeGreaterThan(0);
    expect((await terms("wombat"))[0]?.products).toBeGreaterThan(1);
    await pglite.query(`delete from products where id = $1`, [id]);
    expect(await terms("quokka", "zebu")).toEqual([]);
    await pglite.query(`update categories set name = $2 where id = $1`, [category?.id, category?.name]);
    expect(await terms("wombat")).toEqual([]);
  });
});

// Last: it runs ANALYZE, after which PostgreSQL's statistics take part in every plan of this database.
describe("search.findProducts for a word most products hold", () => {
  it("lets PostgreSQL read the table in order, with the same results as through the index", async () => {
    await pglite.query("analyze products");
    const [common] = (
      await pglite.query<{ lexeme: string }>(
        `select e.lexeme from pg_stats s, unnest(s.most_common_elems::text::text[]) with ordinality as e(lexeme, n)
         where s.schemaname = current_schema() and s.tablename = 'products' and s.attname = 'search'
           and e.lexeme ~ '^[a-z]{4,}$' and plainto_tsquery('english', e.lexeme)::text = quote_literal(e.lexeme)
         order by s.most_common_elem_freqs[e.n] desc limit 1`,
      )
    ).rows;
    expect(common, "ANALYZE gives the search vectors most common lexemes").toBeDefined();
    const statements: string[] = [];
    const logged = drizzle(pglite, { logger: { logQuery: (query) => statements.push(query) } });
    const query = { query: common?.lexeme ?? "", page: 1, perPage: 4 };
    const throughIndex = await createSearchService({ db: logged, rankCap: 6 }).findProducts(query);
    expect(statements.some((statement) => statement.includes("scan as not materialized"))).toBe(false);
    statements.length = 0;
    const inOrder = await createSearchService({ db: logged, rankCap: 6, commonMatchesMin: 1 }).findProducts(query);
    expect(statements.some((statement) => statement.includes("scan as not materialized"))).toBe(true);
    expect(inOrder).toEqual(throughIndex);
    expect(inOrder).toMatchObject({ capped: true, total: 7 });
    // A word with a category in scope, or two words, keep the index: their matches may be few and far between.
    statements.length = 0;
    const scoped = createSearchService({ db: logged, rankCap: 6, commonMatchesMin: 1 });
    await scoped.findProducts({ ...query, catId: demo.categories[0]?.id });
    await scoped.findProducts({ ...query, query: `${query.query} gold` });
    expect(statements.some((statement) => statement.includes("scan as not materialized"))).toBe(false);
  });
});
