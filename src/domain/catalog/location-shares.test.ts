import type { PGlite } from "@electric-sql/pglite";
import { desc } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPglite, type Database } from "#db/client.ts";
import { products } from "#db/schema/catalog.ts";
import { buildDemoCatalog } from "#db/seed/demo-catalog.ts";
import { openDemoDatabase } from "#tests/support/demo-database.ts";
import { createLocationShares } from "./location-shares.ts";
import { filterConditions, selectProducts } from "./product-query.ts";
import { preparedProductQueries, RARE_LOCATION_SHARE } from "./product-statements.ts";
import type { ProductFilter } from "./types.ts";

// Lists filtered by a location few products are sold in gather those products through the locations index instead of
// walking the list in order (product-statements.ts, pickedIds); the statistics of ANALYZE tell which locations those are.
const demo = buildDemoCatalog();
const RARE = "Tuvalu";

let pglite: PGlite;
let database: Database;
beforeAll(async () => {
  pglite = await createPglite();
  database = await openDemoDatabase(pglite);
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const commonestLocation = async () =>
  (
    await pglite.query<{ location: string }>(
      `select e.location from pg_stats s, unnest(s.most_common_elems::text::text[]) with ordinality as e(location, n)
       where s.schemaname = current_schema() and s.tablename = 'products' and s.attname = 'locations'
       order by s.most_common_elem_freqs[e.n] desc limit 1`,
    )
  ).rows[0]?.location;

describe("location shares", () => {
  it("know nothing rare before ANALYZE, then tell a location most products are sold in from one none are", async () => {
    const before = createLocationShares(database.db);
    expect(await before.isRare(RARE, RARE_LOCATION_SHARE)).toBe(false);
    await pglite.query("analyze products");
    const common = await commonestLocation();
    expect(common, "ANALYZE gives the locations most common elements").toBeDefined();
    const after = createLocationShares(database.db);
    expect(await after.isRare(common ?? "", RARE_LOCATION_SHARE)).toBe(false);
    expect(await after.isRare(RARE, RARE_LOCATION_SHARE)).toBe(true);
  });
});

describe("a list in a rare location", () => {
  it("gathers its products through the index and pages them exactly as the list's order", async () => {
    const sample = demo.products[0] as (typeof demo.products)[number];
    const ids = [uuidv7(), uuidv7(), uuidv7()];
    await database.db.insert(products).values(
      ids.map((id, index) => ({
        ...sample,
        id,
        sku: `TEST-${id}`,
        name: `Sold in ${RARE} ${index}`,
        locations: [RARE],
        createdAt: new Date(Date.UTC(2020, 0, 1 + index)),
      })),
    );
    await pglite.query("analyze products");
    const statements: string[] = [];
    const logged = drizzle(pglite, { logger: { logQuery: (query) => statements.push(query) } });
    // The demo catalogue is small: its three products make this location a small share of it, rare by a raised share.
    const queries = preparedProductQueries(logged, { rareLocationShare: 0.05 });
    const filter: ProductFilter = { location: RARE, page: 1, perPage: 2 };
    const expected = await selectProducts(database.db)
      .where(filterConditions(database.db, filter))
      .orderBy(desc(products.createdAt), desc(products.id));
    expect(expected.map((product) => product.id)).toEqual([...ids].reverse());

    const first = await queries.page(filter);
    const second = await queries.page({ ...filter, page: 2 });
    expect(first).toEqual({ items: expected.slice(0, 2), total: 3, capped: false });
    expect(second).toEqual({ items: expected.slice(2), total: 3, capped: false });
    expect(await queries.after({ ...filter, page: 1 }, ids[2] ?? "")).toEqual(expected.slice(1, 3));
    // Gathered through the index: the products are picked from a fenced subquery (its OFFSET keeps it apart).
    const pages = statements.filter((statement) => statement.includes('"picked"'));
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.every((statement) => /"matching"/.test(statement) && /offset \$\d+\) "matching"/.test(statement))).toBe(true);

    // A location most products are sold in walks the list in order instead.
    statements.length = 0;
    await queries.page({ location: (await commonestLocation()) ?? "", page: 1, perPage: 2 });
    expect(statements.some((statement) => statement.includes('"matching"'))).toBe(false);
  });
});
