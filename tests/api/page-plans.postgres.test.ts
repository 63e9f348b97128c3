import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "#db/client.ts";
import { PLANNED_PAGES } from "#domain/catalog/product-statements.ts";
import { createTestCategory, createTestProduct } from "../support/builders.ts";
import { createTestServices } from "../support/test-services.ts";

// PostgreSQL only (the api-postgres project): its prepared statements' plans, read from pg_prepared_statements.
describe("a category's first pages on PostgreSQL", () => {
  // Planned again on every request, a page's statement cost PostgreSQL twice the time of running it (PLANNED_PAGE_SIZES).
  // One pooled connection, so the statements this test made are the ones pg_prepared_statements shows.
  it("are planned once per connection in the shop's page sizes, up to PLANNED_PAGES; a deeper page keeps its limit and offset as parameters", async () => {
    const one = await createTestServices({ env: { DATABASE_POOL_SIZE: "1" } });
    try {
      const category = await createTestCategory(one.db);
      for (let n = 0; n < 25; n++) await createTestProduct(one.db, { catId: category.id });
      const list = (page: number) => one.services.catalog.listProducts({ catId: category.id, page, perPage: 20 });
      for (let run = 0; run < 8; run++) expect((await list(1)).items).toHaveLength(20);
      for (let run = 0; run < 8; run++) expect((await list(2)).items).toHaveLength(5);
      const deep = await list(PLANNED_PAGES + 1);
      expect(deep.items).toHaveLength(0);
      expect(deep.total).toBe(25);
      const statements = await rowsOf<{ statement: string; generic_plans: number }>(
        one.db,
        sql`select statement, generic_plans::int from pg_prepared_statements
              where name like 'catalog_page_%' order by name`,
      );
      expect(statements).toHaveLength(3);
      const first = statements.find((row) => !row.statement.includes("offset"));
      const second = statements.find((row) => / offset 20\)/.test(row.statement));
      const deeper = statements.find((row) => /offset \$\d+/.test(row.statement));
      // The first page: the size in the SQL, no offset; PostgreSQL keeps its plan after five executions.
      expect(first?.statement).toMatch(/ limit 20\)/);
      expect(first?.generic_plans).toBeGreaterThan(0);
      // Page 2: its size and offset in the SQL, and a plan kept the same way.
      expect(second?.statement).toMatch(/ limit 20 offset 20\)/);
      expect(second?.generic_plans).toBeGreaterThan(0);
      // Past PLANNED_PAGES: limit and offset as parameters, as any page size of a client's own.
      expect(deeper?.statement).toMatch(/limit \$\d+ offset \$\d+/);
    } finally {
      await one.close();
    }
  });
});
