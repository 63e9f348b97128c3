// Where the time of a catalogue read goes on a large database: the statements the catalogue service really sends
// (captured through Drizzle's logger while it runs them), each run again under EXPLAIN (ANALYZE, BUFFERS).
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { createCatalogService } from "../src/domain/catalog/catalog-service.ts";
import { ignoreCatalogChanges } from "../src/domain/ports.ts";
import { HarnessError, withClient } from "./lib.ts";

export interface Explained {
  statement: string;
  sql: string;
  executionMs: number;
  planningMs: number;
  rows: number;
  sharedHitBlocks: number;
  sharedReadBlocks: number;
  /** The top of the plan: its first node and the first child of each (init plans and sub-plans skipped), four deep. */
  plan: string;
}

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Relation Name"?: string;
  "Parent Relationship"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Shared Hit Blocks": number;
  "Shared Read Blocks": number;
  Plans?: PlanNode[];
}

function describe(node: PlanNode | undefined, depth = 0): string {
  if (!node || depth === 4) return "";
  const on = node["Index Name"] ? ` using ${node["Index Name"]}` : node["Relation Name"] ? ` on ${node["Relation Name"]}` : "";
  const child = node.Plans?.find((plan) => !["InitPlan", "SubPlan"].includes(plan["Parent Relationship"] ?? ""));
  const below = describe(child, depth + 1);
  return `${node["Node Type"]}${on} (${node["Actual Rows"]} rows${node["Actual Loops"] > 1 ? ` × ${node["Actual Loops"]}` : ""})${below ? ` → ${below}` : ""}`;
}

/**
 * A statement as the shop runs it: prepared (the catalogue's are), so PostgreSQL decides after five executions whether
 * to plan it again each time. The seventh execution is reported: its pages in the cache as under steady load, and its
 * planning time the one the server pays from then on.
 */
export async function explain(
  client: pg.Client,
  statement: string,
  query: { sql: string; params: unknown[] },
): Promise<Explained> {
  await client.query(`prepare explained as ${query.sql}`);
  // EXECUTE takes no bound parameters: its arguments are literals, each cast to the statement's parameter type.
  const args = query.params.map((value) => (value === null ? "null" : client.escapeLiteral(String(value)))).join(", ");
  const run = () => client.query(`explain (analyze, buffers, format json) execute explained${args ? `(${args})` : ""}`);
  // Five custom plans, then on the sixth PostgreSQL builds the generic plan to compare (its planning time counts it).
  let result = await run();
  for (let execution = 2; execution <= 7; execution++) result = await run();
  await client.query("deallocate explained");
  const [output] = result.rows[0]["QUERY PLAN"] as [{ Plan: PlanNode; "Execution Time": number; "Planning Time": number }];
  return {
    statement,
    sql: query.sql,
    executionMs: Math.round(output["Execution Time"] * 100) / 100,
    planningMs: Math.round(output["Planning Time"] * 100) / 100,
    rows: output.Plan["Actual Rows"],
    sharedHitBlocks: output.Plan["Shared Hit Blocks"],
    sharedReadBlocks: output.Plan["Shared Read Blocks"],
    plan: describe(output.Plan),
  };
}

/**
 * Page 1 of the largest category with its total, the same narrowed by price, a keyset page after a product of that category, and one
 * product's detail.
 */
export async function explainCatalogStatements(
  databaseUrl: string,
  catalogue: { categoryIds: string[]; sample: { id: string; catId: string }[] },
): Promise<Explained[]> {
  return withClient(databaseUrl, async (client) => {
    const sent: { sql: string; params: unknown[] }[] = [];
    const db = drizzle(client, { logger: { logQuery: (sql, params) => sent.push({ sql, params }) } });
    const catalog = createCatalogService({ db, changes: ignoreCatalogChanges });
    const capture = async (work: () => Promise<unknown>) => {
      sent.length = 0;
      await work();
      return [...sent];
    };
    const largest = await client.query<{ cat_id: string }>(
      "select cat_id from products group by cat_id order by count(*) desc limit 1",
    );
    const catId = largest.rows[0]?.cat_id ?? catalogue.categoryIds[0] ?? "";
    const after = catalogue.sample.find((product) => product.catId === catId) ?? catalogue.sample[0];
    if (!after) throw new HarnessError("no product to explain a keyset page or a detail with");
    // A page and its list's total are one statement (the total a subquery computed once).
    const [list] = await capture(() => catalog.listProducts({ catId, page: 1, perPage: 20 }));
    const [priced] = await capture(() => catalog.listProducts({ catId, minPricePaise: 100_000, page: 1, perPage: 20 }));
    const [keyset] = await capture(() => catalog.listProductsAfter({ catId, page: 1, perPage: 20 }, after.id));
    const [detail] = await capture(() => catalog.getProduct(after.id));
    if (!list || !priced || !keyset || !detail)
      throw new HarnessError("the catalogue service sent fewer statements than expected");
    return [
      await explain(client, "list page 1 of the largest category, with its total (category_counts)", list),
      await explain(client, "the same above ₹1,000, with its total (counted up to 1,001)", priced),
      await explain(client, "keyset page after a product of that category", keyset),
      await explain(client, "product detail", detail),
    ];
  });
}
