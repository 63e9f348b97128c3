// Shopping benchmark: `npm run bench:search [-- --products 100000 --duration 10 --only pglite|postgres]`. Seeds a
// generated catalogue, starts the production server with the micro-cache off, and drives three hot paths at a fixed
// request rate (autocannon `overallRate`): header suggestions at 300 requests/s, search result pages at 100/s and add
// to cart at 200/s, with queries made from the catalogue's own words (some misspelled). Writes
// bench/results/<date>-<commit>-search.{md,json}. See bench/README.md.
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../src/db/client.ts";
import { hashPassword } from "../src/domain/accounts/passwords.ts";
import {
  driveAtRate,
  freePort,
  gitFacts,
  HarnessError,
  installExitHandlers,
  type LoadFigures,
  loadAverage,
  loadFigures,
  machineFacts,
  markdownTable,
  meetsTarget,
  type PlannedRequest,
  portAnswers,
  productionServerEnv,
  runToCompletion,
  SEARCH_WORDS_SQL,
  signInToken,
  startProductionServer,
  stopProcess,
  type Tracked,
  withDatabase,
} from "./lib.ts";
import { driveSteadily } from "./steady.ts";

const root = path.resolve(import.meta.dirname, "..");
const resultsDir = path.join(import.meta.dirname, "results");
const BENCH_DATABASE = "storefront_bench_search";
const PASSWORD = "bench password 123";
const SHOPPERS = 40;
const CONNECTIONS = 32;
const WARMUP_SECONDS = 3;

/** The issue's targets ("Shopping", item 7), on PostgreSQL with 100,000 products and the micro-cache off. */
const TARGETS = {
  suggest: { rate: 300, p99UnderMs: 15 },
  search: { rate: 100, p99UnderMs: 50 },
  "cart add": { rate: 200, p99UnderMs: 25 },
} as const;
type EndpointName = keyof typeof TARGETS;

const { values } = parseArgs({
  options: {
    products: { type: "string" },
    duration: { type: "string" },
    only: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
  strict: true,
});
if (values.help) {
  console.log("Usage: npm run bench:search -- [--products 100000] [--duration 10] [--only pglite|postgres]");
  process.exit(0);
}
const productCount = Number(values.products ?? 100_000);
const durationSeconds = Number(values.duration ?? 10);
if (!Number.isInteger(productCount) || productCount < 100 || !Number.isInteger(durationSeconds) || durationSeconds < 1) {
  throw new HarnessError("--products (100 or more) and --duration must be whole numbers");
}
if (values.only !== undefined && values.only !== "pglite" && values.only !== "postgres") {
  throw new HarnessError("--only takes pglite or postgres");
}

interface Target {
  kind: "pglite" | "postgres";
  dataDir: string;
  databaseUrl?: string;
}

interface EndpointResult extends LoadFigures {
  name: EndpointName;
  rate: number;
  meetsTarget: boolean;
  /** The same rate as evenly spaced requests (`driveSteadily`, an open loop), after the autocannon run. */
  steady?: {
    p50Ms: number | null;
    p99Ms: number | null;
    maxMs: number | null;
    errors: number;
    non2xx: number;
    meetsTarget: boolean;
  };
}

installExitHandlers();

/** Words of product names, from the database before the server starts: the queries shoppers would type. */
async function prepare(target: Target): Promise<{ words: string[]; productIds: string[]; users: string[] }> {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, pgliteDir: path.join(target.dataDir, "pglite") });
  try {
    const { db } = database;
    const rows = (await db.execute(sql.raw(SEARCH_WORDS_SQL))) as unknown as { rows: { term: string }[] };
    const products = (await db.execute(
      sql`select id from products where cardinality(product_ram) = 0 and cardinality(size) = 0
            and cardinality(product_weight) = 0 order by id limit 500`,
    )) as unknown as { rows: { id: string }[] };
    // Stock that a benchmark's adds never exhaust (the cart's own cap per line still holds).
    await db.execute(sql`update products set count_in_stock = 1000000`);
    const passwordHash = await hashPassword(PASSWORD);
    const users: string[] = [];
    for (let i = 0; i < SHOPPERS; i++) {
      const email = `shopper-${i}@bench.test`;
      await db.execute(
        sql`insert into users (id, name, email, phone, password_hash, is_verified)
            values (gen_random_uuid(), ${`Shopper ${i}`}, ${email}, '9876543210', ${passwordHash}, true)`,
      );
      users.push(email);
    }
    // The state autovacuum reaches a minute after a bulk load and the stock update above (PGlite has no autovacuum):
    // statistics current, dead rows gone, the full-text index's pending entries merged. Measured without it, a search
    // read a hundred thousand dead rows and a bloated pending list.
    await db.execute(sql`vacuum (analyze)`);
    return { words: rows.rows.map((row) => row.term), productIds: products.rows.map((row) => row.id), users };
  } finally {
    await database.close();
  }
}

/** A typo a shopper makes: two neighbouring letters swapped, one dropped or one doubled, in turn. */
function misspell(word: string, index: number): string {
  const at = 1 + (index % (word.length - 2));
  if (index % 3 === 0) return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  if (index % 3 === 1) return word.slice(0, at) + word.slice(at + 1);
  return word.slice(0, at) + word[at] + word.slice(at);
}

async function benchTarget(
  target: Target,
): Promise<{ target: Target["kind"]; endpoints: EndpointResult[]; seedSeconds: number; error?: string }> {
  console.log(`\n${target.kind}: seeding ${productCount} products...`);
  rmSync(target.dataDir, { recursive: true, force: true });
  mkdirSync(target.dataDir, { recursive: true });
  const env = {
    ...process.env,
    DATA_DIR: target.dataDir,
    DATABASE_URL: target.databaseUrl ?? "",
    SESSION_SECRET: randomBytes(32).toString("base64url"),
  };
  const seedStarted = performance.now();
  await runToCompletion(
    "the seed",
    process.execPath,
    ["scripts/seed.ts", "--products", String(productCount), "--reset", "--no-images"],
    {
      cwd: root,
      env,
      logFile: path.join(target.dataDir, "seed.log"),
      timeoutMs: 30 * 60_000,
    },
  );
  const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
  console.log(`  seeded in ${seedSeconds} s`);
  const { words, productIds, users } = await prepare(target);
  if (words.length === 0 || productIds.length === 0) throw new HarnessError("the seeded catalogue has no words or products");

  let server: Tracked | undefined;
  const endpoints: EndpointResult[] = [];
  try {
    const started = await startProductionServer(root, {
      env: productionServerEnv({
        dataDir: target.dataDir,
        databaseUrl: target.databaseUrl ?? "",
        port: await freePort(),
        extra: { API_CACHE_TTL_MS: "0" },
      }),
      logFile: path.join(target.dataDir, "server.log"),
      timeoutMs: 180_000,
    });
    server = started.server;
    const { baseUrl } = started;
    const tokens: string[] = [];
    for (const email of users) tokens.push(await signInToken(baseUrl, email, PASSWORD));

    let n = 0;
    const word = () => words[n % words.length] ?? "";
    const plans: Record<EndpointName, () => PlannedRequest> = {
      // What a shopper types: the start of a word, a word and the start of the next, now and then a misspelled word.
      suggest: () => {
        n += 1;
        const w = word();
        const text =
          n % 4 === 0
            ? `${w} ${(words[(n * 7) % words.length] ?? "").slice(0, 3)}`
            : n % 10 === 1
              ? misspell(w, n)
              : w.slice(0, 2 + (n % 4));
        return { path: `/api/search/suggest?${new URLSearchParams({ q: text })}` };
      },
      // A results page: one or two words, one in five misspelled, page 1 of 10.
      search: () => {
        n += 1;
        const w = word();
        const q = n % 5 === 0 ? misspell(w, n) : n % 3 === 0 ? `${w} ${words[(n * 13) % words.length]}` : w;
        return { path: `/api/search?${new URLSearchParams({ q, page: "1", perPage: "10" })}` };
      },
      "cart add": () => {
        n += 1;
        return {
          path: "/api/cart/add",
          method: "POST",
          headers: { authorization: `Bearer ${tokens[n % tokens.length]}`, "content-type": "application/json" },
          body: JSON.stringify({ productId: productIds[(n * 31) % productIds.length], quantity: 1 }),
        };
      },
    };

    for (const name of Object.keys(TARGETS) as EndpointName[]) {
      const load = { connections: CONNECTIONS, rate: TARGETS[name].rate, next: plans[name] };
      await driveAtRate(baseUrl, { ...load, seconds: WARMUP_SECONDS });
      const loadAverageBefore = loadAverage();
      const figures = loadFigures(await driveAtRate(baseUrl, { ...load, seconds: durationSeconds }));
      const entry: EndpointResult = { name, rate: TARGETS[name].rate, ...figures, meetsTarget: false };
      entry.meetsTarget = meetsTarget(figures, TARGETS[name]);
      const steady = await driveSteadily(baseUrl, {
        rate: TARGETS[name].rate,
        seconds: durationSeconds,
        next: plans[name],
        openConnections: CONNECTIONS,
      });
      entry.steady = {
        ...steady,
        meetsTarget: meetsTarget(steady, TARGETS[name]),
      };
      endpoints.push(entry);
      console.log(
        `  ${name}: ${entry.requestsPerSecond} req/s, p50 ${entry.p50Ms} ms, p99 ${entry.p99Ms} ms, errors ${entry.errors}, non-2xx ${entry.non2xx} (load before ${loadAverageBefore.join(" ")}); steady: p50 ${steady.p50Ms} ms, p99 ${steady.p99Ms} ms`,
      );
    }
    return { target: target.kind, endpoints, seedSeconds };
  } catch (error) {
    return { target: target.kind, endpoints, seedSeconds, error: error instanceof Error ? error.message : String(error) };
  } finally {
    if (server) await stopProcess(server, 15_000);
  }
}

const targets: Target[] = [];
if (values.only !== "postgres")
  targets.push({ kind: "pglite", dataDir: path.join(import.meta.dirname, ".data", `search-pglite-${productCount}`) });
if (values.only !== "pglite") {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const admin = new URL(adminUrl);
  if (
    process.env.BENCH_DATABASE_URL ||
    process.env.TEST_DATABASE_URL ||
    (await portAnswers(admin.hostname, Number(admin.port || 5432)))
  ) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
    await client.query(`create database ${BENCH_DATABASE}`);
    await client.end();
    targets.push({
      kind: "postgres",
      dataDir: path.join(import.meta.dirname, ".data", `search-postgres-${productCount}`),
      databaseUrl: withDatabase(adminUrl, BENCH_DATABASE),
    });
  } else {
    console.log("PostgreSQL: nothing answers; measuring PGlite only");
  }
}

const loadBefore = loadAverage();
const results = [];
for (const target of targets) results.push(await benchTarget(target));

const git = gitFacts(root);
const date = new Date().toISOString();
const report = {
  date,
  ...git,
  machine: machineFacts(),
  loadBefore,
  products: productCount,
  durationSeconds,
  targets: TARGETS,
  results,
};
const base = path.join(resultsDir, `${date.slice(0, 10)}-${git.commit}-search`);
mkdirSync(resultsDir, { recursive: true });
writeFileSync(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
const rows = results.flatMap((result) =>
  result.error && result.endpoints.length === 0
    ? [[result.target, "—", "—", "—", "—", "—", "—", "—", `failed: ${result.error}`]]
    : result.endpoints.map((e) => [
        result.target,
        e.name,
        String(e.rate),
        String(e.requestsPerSecond),
        String(e.p50Ms ?? "-"),
        String(e.p99Ms ?? "-"),
        String(e.maxMs ?? "-"),
        String(e.errors + e.non2xx),
        result.target === "postgres" ? (e.meetsTarget ? "yes" : "NO") : `n/a (${e.meetsTarget ? "would meet" : "misses"})`,
      ]),
);
const markdown = `# Shopping benchmark, ${date.slice(0, 10)} (commit ${git.commit}${git.dirty ? ", uncommitted changes" : ""})

${productCount.toLocaleString("en")} generated products, micro-cache off (\`API_CACHE_TTL_MS=0\`), production server
started as \`npm start\` starts it; autocannon at a fixed overall rate with ${CONNECTIONS} connections, ${WARMUP_SECONDS} s of
warm-up then ${durationSeconds} s measured per endpoint, on the same machine as the server (and PostgreSQL). Queries are
200 words spread over the search dictionary from its most used to its rarest, one in ten suggestions and one in
five searches misspelled;
cart adds come from ${SHOPPERS} signed-in shoppers. Machine: ${machineFacts().cpuCount} × ${machineFacts().cpuModel}, load before ${loadBefore.join(" ")}.

${markdownTable(["database", "endpoint", "rate asked", "req/s", "p50 ms", "p99 ms", "max ms", "errors", "meets target"], rows)}

The same rates, steady (evenly spaced requests, each latency counted from the moment it was due: \`driveSteadily\` in
bench/steady.ts). autocannon's rate is not steady: each connection sends its share of a second as fast as it can from the
start of the second, so its latencies above are those of ${CONNECTIONS} requests at a time.

${markdownTable(
  ["database", "endpoint", "rate asked", "p50 ms", "p99 ms", "max ms", "errors", "meets target"],
  results.flatMap((result) =>
    result.endpoints.map((e) => [
      result.target,
      e.name,
      String(e.rate),
      String(e.steady?.p50Ms ?? "-"),
      String(e.steady?.p99Ms ?? "-"),
      String(e.steady?.maxMs ?? "-"),
      String((e.steady?.errors ?? 0) + (e.steady?.non2xx ?? 0)),
      result.target === "postgres"
        ? e.steady?.meetsTarget
          ? "yes"
          : "NO"
        : `n/a (${e.steady?.meetsTarget ? "would meet" : "misses"})`,
    ]),
  ),
)}

Targets (issue "Shopping", PostgreSQL): suggestions p99 < 15 ms at 300 requests/s, search results p99 < 50 ms at 100
requests/s, add to cart p99 < 25 ms at 200 requests/s. Statements per call are asserted by
\`tests/api/shopping-statements.test.ts\` (cart add 3 + the session lookup, search 2, suggestion 1).
`;
writeFileSync(`${base}.md`, markdown);
console.log(`\n${markdown}\nwritten ${base}.{md,json}`);
process.exit(results.some((result) => result.error) ? 1 : 0);
