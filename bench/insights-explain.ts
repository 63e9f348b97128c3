// Insights at scale: `node bench/insights-explain.ts --database-url URL`. On an EMPTY PostgreSQL database of its own,
// migrates, writes 1,000,000 products, 1,000,000 orders over two years, 20,000 refunds and 200,000 searches that
// found nothing, then runs the back office's first page (src/domain/back-office/insights.ts) with every statement
// captured and EXPLAIN (ANALYZE, BUFFERS) of each. Prints a Markdown report (bench/results/2026-11-28-insights.md).
import { parseArgs } from "node:util";
import pg from "pg";
import { openDatabase } from "../src/db/client.ts";
import { createInsights } from "../src/domain/back-office/insights.ts";
import { createSearchService } from "../src/domain/search/search-service.ts";

const { values } = parseArgs({ options: { "database-url": { type: "string" } } });
const url = values["database-url"];
if (!url) throw new Error("--database-url is required (an empty database: this writes a million rows)");

const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
const client = new pg.Client({ connectionString: url });
await client.connect();
const [{ n }] = (await client.query("select count(*)::int as n from orders")).rows as [{ n: number }];
if (n === 0) {
  const started = performance.now();
  // The dictionary's and category counts' triggers have nothing to do with insights: off while seeding.
  await client.query("set session_replication_role = replica");
  await client.query(
    `insert into categories (id, name, color) values ('00000000-0000-7000-8000-000000000001', 'Bench', '#ffffff') on conflict do nothing`,
  );
  await client.query(
    `insert into users (id, name, email) values ('00000000-0000-7000-8000-000000000002', 'Bench', 'bench@bench.test') on conflict do nothing`,
  );
  await client.query(`insert into products (id, name, price_paise, count_in_stock, cat_id, archived_at)
    select gen_random_uuid(), 'Product ' || i, 10000 + i % 5000, i % 500,
           '00000000-0000-7000-8000-000000000001', case when i % 50 = 0 then now() end
    from generate_series(1, 1000000) i`);
  // Two years of orders, most paid; a few pending and waiting for an automatic refund.
  await client.query(`insert into orders (id, user_id, name, phone_number, address, pincode, email, billing, amount_paise,
      status, payment_provider, provider_order_id, payment_id, paid_at, created_at)
    select gen_random_uuid(), '00000000-0000-7000-8000-000000000002', 'Shopper', '9876543210', 'Street', '560001',
           'shopper@bench.test', '{}'::jsonb, 1000 + i % 200000,
           case when i % 100 = 0 then 'pending' when i % 997 = 0 then 'refund_pending' else 'paid' end,
           'test', 'order_' || i, case when i % 100 = 0 then null else 'pay_' || i end,
           case when i % 100 = 0 then null else now() - (i * interval '63 seconds') end,
           now() - (i * interval '63 seconds')
    from generate_series(1, 1000000) i`);
  await client.query(`insert into refunds (id, order_id, amount_paise, status, request_key)
    select gen_random_uuid(), id, 100, case when row_number() over () % 20 = 0 then 'pending' else 'processed' end, 'k' || id
    from orders where status = 'paid' limit 20000`);
  await client.query(`insert into zero_result_searches (query, count, last_searched_at)
    select 'missing ' || i, 1 + (i * 7919) % 5000, now() from generate_series(1, 200000) i`);
  await client.query(`insert into search_synonyms (term, replacement)
    select 'missing ' || i, 'product' from generate_series(1, 200000, 97) i`);
  await client.query("set session_replication_role = origin");
  await client.query("vacuum analyze");
  console.error(`seeded in ${Math.round((performance.now() - started) / 1000)} s`);
}

const search = createSearchService({ db: database.db });
const insights = createInsights({ db: database.db, now: () => new Date(), unansweredSearches: search.unansweredSearches });
const timings: number[] = [];
for (let run = 0; run < 20; run++) {
  const started = performance.now();
  await insights.summary();
  timings.push(performance.now() - started);
}
timings.sort((a, b) => a - b);
const figures = await insights.summary();
console.log(`# Insights at a million orders and products (PostgreSQL)\n`);
console.log(
  `The first page's figures, 20 runs after one warm-up: median ${timings[10]?.toFixed(1)} ms, slowest ${timings[19]?.toFixed(1)} ms.\n`,
);
console.log(
  "```json\n" +
    JSON.stringify({ sales: figures.sales, low: { count: figures.lowStock.count, more: figures.lowStock.more } }, null, 2) +
    "\n```\n",
);
// The statements as insights.ts writes them, with this moment's bounds as literals.
const day = (back: number) =>
  `(date_trunc('day', now() at time zone 'Asia/Kolkata') - interval '${back} days') at time zone 'Asia/Kolkata'`;
const explained: [string, string][] = [
  [
    "sales (today, 7, 30 days)",
    `select count(*) filter (where paid_at >= ${day(0)}), coalesce(sum(amount_paise::bigint) filter (where paid_at >= ${day(0)}), 0),
            count(*) filter (where paid_at >= ${day(6)}), coalesce(sum(amount_paise::bigint) filter (where paid_at >= ${day(6)}), 0),
            count(*), coalesce(sum(amount_paise::bigint), 0)
     from orders where paid_at >= ${day(29)} and paid_at < ${day(-1)}`,
  ],
  [
    "waiting (payments, refunds, automatic refunds)",
    `select (select count(*) from orders where status = 'pending')::int, (select count(*) from refunds where status = 'pending')::int,
            (select count(*) from orders where status = 'refund_pending')::int`,
  ],
  [
    "low stock: the first 10",
    `select id, name, sku, count_in_stock from products where count_in_stock <= 5 and archived_at is null order by count_in_stock, id limit 10`,
  ],
  [
    "low stock: counted up to 1,001",
    `select count(*)::int from (select 1 from products where count_in_stock <= 5 and archived_at is null limit 1001) low`,
  ],
  [
    "searches that found nothing: top 20 without a whole-search synonym",
    `select z.query, z.count, z.last_searched_at from zero_result_searches z
     where not exists (select 1 from search_synonyms s where s.term = z.query) order by z.count desc, z.query limit 20`,
  ],
];
for (const [name, text] of explained) {
  const plan = (await client.query(`explain (analyze, buffers, costs off) ${text}`)).rows.map((row) => row["QUERY PLAN"]);
  console.log(`## ${name}\n\n\`\`\`\n${plan.join("\n")}\n\`\`\`\n`);
}
await client.end();
await database.close();
