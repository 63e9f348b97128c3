// Back-office scale benchmark: `npm run bench:admin-scale [-- --database-url URL --duration 30]`. On an already seeded
// PostgreSQL database (1,000,000 products for issue 33, item 9), makes an owner account there, signs it in through the
// API and drives each back-office product read (lists by every sort, a category, deep keyset pages, search) and a
// product save at a steady rate, one phase at a time, with the machine's load beside each. Adds EXPLAIN (ANALYZE,
// BUFFERS) of each list statement as the service sends it. Writes bench/results/<date>-<commit>-admin-scale.{md,json}.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { drizzle } from "drizzle-orm/node-postgres";
import { openDatabase } from "../src/db/client.ts";
import { hashPassword } from "../src/domain/accounts/passwords.ts";
import { createAuditTrail } from "../src/domain/back-office/audit.ts";
import { createProductAdmin } from "../src/domain/catalog/product-admin.ts";
import { ignoreCatalogChanges } from "../src/domain/ports.ts";
import { type ProductListQuery, productListQuery } from "../src/shared/schemas/back-office-products.ts";
import {
  assertLoopbackUrl,
  blockCounters,
  blocksPerRequest,
  buildIfNeeded,
  type CpuPercent,
  cpuPercent,
  cpuSnapshot,
  drainBacklog,
  driveAtRate,
  freePort,
  gitFacts,
  HarnessError,
  installExitHandlers,
  type LoadFigures,
  loadAverage,
  machineFacts,
  markdownTable,
  meetsTarget,
  type PlannedRequest,
  postgresFacts,
  productionServerEnv,
  redactUrl,
  resultFileBase,
  SEARCH_WORDS_SQL,
  signInToken,
  sleep,
  startProductionServer,
  stopProcess,
  textTable,
  withClient,
  writeAtomically,
} from "./lib.ts";
import { type Explained, explain } from "./scale-explain.ts";
import { driveSteadily } from "./steady.ts";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.join(import.meta.dirname, ".data", "admin-scale");
const resultsDir = path.join(import.meta.dirname, "results");
const OWNER_EMAIL = "bench-owner@bench.test";
/** Connections opened before each steady run, and autocannon's in the warm-ups. */
const CONNECTIONS = 8;
const WINDOW_SECONDS = 10;
/** A phase the server fell behind in may leave requests queued: this long to answer them, or a fresh server. */
const DRAIN_SECONDS = 120;

/** Issue 33, item 9: PostgreSQL, 1,000,000 products, each kind at 50 requests/s. */
export const TARGETS = {
  list: { rate: 50, p99UnderMs: 50 },
  search: { rate: 50, p99UnderMs: 50 },
  save: { rate: 50, p99UnderMs: 30 },
} as const;
type Kind = keyof typeof TARGETS;
export const CONDITIONS = { products: 1_000_000, cpuCount: 2 } as const;
/** A phase meets its target only if the server kept up: at least this share of the rate asked was answered. */
export const RATE_KEPT = 0.95;

const { values } = parseArgs({
  options: {
    "database-url": { type: "string" },
    duration: { type: "string" },
    warmup: { type: "string" },
    only: { type: "string" },
    "wait-quiet": { type: "string" },
    "quiet-load": { type: "string" },
    help: { type: "boolean", short: "h" },
  },
  strict: true,
});
if (values.help) {
  console.log(
    "Usage: npm run bench:admin-scale -- [--database-url postgres://...] [--duration 30] [--warmup 10]\n" +
      "         [--only <phase>,<phase>] [--wait-quiet <minutes> [--quiet-load 4]]   (default: BENCH_DATABASE_URL)",
  );
  process.exit(0);
}
const databaseUrl = values["database-url"] ?? process.env.BENCH_DATABASE_URL ?? "";
if (!databaseUrl) throw new HarnessError("--database-url (or BENCH_DATABASE_URL) must name an already seeded database");
assertLoopbackUrl(databaseUrl, "--database-url");
const wholeNumber = (name: string, value: string | undefined, fallback: number) => {
  const n = Number(value ?? fallback);
  if (!Number.isInteger(n) || n < 0) throw new HarnessError(`--${name} must be a whole number`);
  return n;
};
const durationSeconds = Math.max(1, wholeNumber("duration", values.duration, 30));
const warmupSeconds = wholeNumber("warmup", values.warmup, 10);
const waitQuietMinutes = wholeNumber("wait-quiet", values["wait-quiet"], 0);
const quietLoad = Number(values["quiet-load"] ?? 4);

interface Catalogue {
  products: number;
  archived: number;
  categoryIds: string[];
  /** The category with the most products, and a sub-category of it (EXPLAIN's examples). */
  topCategoryId: string;
  subCategoryId: string;
  /** Products spread over the table: keyset cursors and SKUs to search for. */
  sample: { id: string; sku: string }[];
  /** Other products, each saved once (a save changes `updatedAt`, which the next save must send back). */
  toSave: string[];
  words: string[];
}

/** The share of the table that `tablesample system` must read for about `rows` rows (whole pages at random). */
const samplePercent = (rows: number, total: number) => Math.min(100, Math.ceil(((rows * 2) / Math.max(total, 1)) * 1000) / 10);

async function readCatalogue(saves: number) {
  return withClient(databaseUrl, async (client) => {
    const counts = await client.query<{ products: number; archived: number }>(
      "select count(*)::int as products, count(archived_at)::int as archived from products",
    );
    const { products = 0, archived = 0 } = counts.rows[0] ?? {};
    const categoryIds = (await client.query<{ id: string }>("select id from categories order by position, id")).rows.map(
      (row) => row.id,
    );
    const largest = await client.query<{ cat_id: string; sub_cat_id: string | null }>(
      `select cat_id, (select sub_cat_id from products s where s.cat_id = p.cat_id and sub_cat_id is not null limit 1)
       from (select cat_id from products group by cat_id order by count(*) desc limit 1) p`,
    );
    const wanted = 3000 + saves;
    // Whole pages at random, a fixed seed so runs compare; shuffled, then split between cursors and saves.
    const sampled = await client.query<{ id: string; sku: string }>(
      `select id, sku from products tablesample system (${samplePercent(wanted, products)}) repeatable (7)
       order by md5(id::text) limit ${wanted}`,
    );
    const rows = sampled.rows;
    const words = (await client.query<{ term: string }>(SEARCH_WORDS_SQL)).rows.map((row) => row.term);
    return {
      catalogue: {
        products,
        archived,
        categoryIds,
        topCategoryId: largest.rows[0]?.cat_id ?? "",
        subCategoryId: largest.rows[0]?.sub_cat_id ?? largest.rows[0]?.cat_id ?? "",
        sample: rows.slice(0, 3000),
        toSave: rows.slice(3000).map((row) => row.id),
        words,
      } satisfies Catalogue,
      database: await postgresFacts(client),
    };
  });
}

/** The owner the benchmark signs in as, made (or given a new password) directly in the database. */
async function ensureOwner(): Promise<string> {
  const password = `bench-${crypto.randomUUID()}`;
  const hash = await hashPassword(password);
  await withClient(databaseUrl, (client) =>
    client.query(
      `insert into users (id, name, email, password_hash, role, is_verified)
       values (gen_random_uuid(), 'Bench owner', $1, $2, 'owner', true)
       on conflict (email) do update set password_hash = excluded.password_hash, role = 'owner', is_verified = true`,
      [OWNER_EMAIL, hash],
    ),
  );
  return password;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const SORTS = ["newest", "name", "price", "stock"] as const;
const listPath = (query: Record<string, string>) => {
  const search = new URLSearchParams(query).toString();
  return `/api/admin/products${search ? `?${search}` : ""}`;
};

interface Phase {
  name: string;
  kind: Kind;
  /** What is asked, for the report. */
  asks: string;
  /** The query of a representative request, for EXPLAIN. */
  /** Representative queries, for EXPLAIN (the cheapest and the dearest case where they differ). */
  examples: () => Record<string, string>[];
  next: () => Record<string, string>;
}

function listPhases(catalogue: Catalogue): Phase[] {
  let n = 0;
  const turn = <T>(items: readonly T[]) => items[n++ % items.length] as T;
  const fixed = (name: string, asks: string, query: Record<string, string>): Phase => ({
    name,
    kind: "list",
    asks,
    examples: () => [query],
    next: () => query,
  });
  const category = (sort: string) => ({ catId: pick(catalogue.categoryIds), sort });
  const deep = (sort: string) => {
    const query: Record<string, string> = { sort, [n % 4 === 0 ? "before" : "after"]: pick(catalogue.sample).id };
    return query;
  };
  const word = () => ({ q: pick(catalogue.words) });
  const sku = () => ({ q: pick(catalogue.sample).sku });
  return [
    fixed("list (default: on sale, newest)", "`GET /api/admin/products`", {}),
    fixed("list, archived included, newest", "`?archived=all`", { archived: "all" }),
    fixed("list by name", "`?sort=name`", { sort: "name" }),
    fixed("list by price", "`?sort=price`", { sort: "price" }),
    fixed("list by stock", "`?sort=stock`", { sort: "stock" }),
    ...SORTS.map(
      (sort): Phase => ({
        name: `list of a category, ${sort === "newest" ? "newest" : `by ${sort}`}`,
        kind: "list",
        asks: `\`?catId=<any category or sub-category>&sort=${sort}\``,
        examples: () => [
          { catId: catalogue.topCategoryId, sort },
          { catId: catalogue.subCategoryId, sort },
        ],
        next: () => category(sort),
      }),
    ),
    {
      name: "deep keyset pages",
      kind: "list",
      asks: "`?sort=<each in turn>&after=<sampled product>` (one in four `before=`): a page anywhere in the list",
      examples: () => SORTS.map((sort) => ({ sort, after: catalogue.sample[0]?.id ?? "" })),
      next: () => deep(turn(SORTS)),
    },
    {
      name: "search, a word",
      kind: "search",
      asks: "`?q=<dictionary word>`, words from the most used to the rarest",
      examples: () => [{ q: catalogue.words[0] ?? "" }, { q: catalogue.words.at(-1) ?? "" }],
      next: word,
    },
    {
      name: "search, an SKU",
      kind: "search",
      asks: "`?q=<a sampled product's SKU>`",
      examples: () => [{ q: catalogue.sample[0]?.sku ?? "" }],
      next: sku,
    },
  ];
}

/** The PUT body of a product as the API answered it, its stock one up or one down (every field is sent on a save). */
interface AdminProductJson {
  id: string;
  name: string;
  brand: string;
  description: string;
  price: number;
  oldPrice: number | null;
  catId: string;
  subCatId: string | null;
  productRam: string[];
  size: string[];
  productWeight: string[];
  countInStock: number;
  isFeatured: boolean;
  locations: string[];
  sku: string;
  taxRate: number;
  updatedAt: string;
}

function saveRequest(product: AdminProductJson, token: string): PlannedRequest {
  const { id, countInStock, ...fields } = product;
  const body = JSON.stringify({
    ...fields,
    countInStock: countInStock % 2 === 0 && countInStock < 1_000_000 ? countInStock + 1 : countInStock - 1,
    reason: "bench:admin-scale",
  });
  return {
    path: `/api/admin/products/${id}`,
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body,
  };
}

/** Each product to save, read as an editor opens it (`GET /api/admin/products/:id`), a few at a time. */
async function readForSaving(baseUrl: string, token: string, ids: string[]): Promise<AdminProductJson[]> {
  const products: AdminProductJson[] = [];
  let at = 0;
  const worker = async () => {
    while (at < ids.length) {
      const id = ids[at++] as string;
      const response = await fetch(`${baseUrl}/api/admin/products/${id}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await response.json()) as AdminProductJson;
      if (response.status !== 200)
        throw new HarnessError(`GET /api/admin/products/${id}: ${response.status} ${JSON.stringify(body)}`);
      products.push(body);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return products;
}

/** Before measuring: each phase answers 200, a keyset walk follows `next` without repeats, a save is accepted. */
async function checkRequests(baseUrl: string, token: string, phases: Phase[], forSaving: AdminProductJson[]) {
  const headers = { authorization: `Bearer ${token}` };
  const get = async (query: Record<string, string>) => {
    const response = await fetch(baseUrl + listPath(query), { headers });
    const body = (await response.json()) as { items: { id: string }[]; next: string | null };
    if (response.status !== 200)
      throw new HarnessError(`GET ${listPath(query)} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return body;
  };
  for (const phase of phases) for (let i = 0; i < 4; i++) await get(phase.next());
  for (const sort of SORTS) {
    const seen = new Set<string>();
    let page = await get({ sort, perPage: "20" });
    for (let i = 0; i < 4 && page.next; i++) {
      for (const item of page.items) seen.add(item.id);
      page = await get({ sort, perPage: "20", after: page.next });
      if (page.items.some((item) => seen.has(item.id))) throw new HarnessError(`sort=${sort}: a next page repeats a product`);
    }
  }
  const sample = forSaving.shift();
  if (!sample) throw new HarnessError("no product to save");
  const request = saveRequest(sample, token);
  const response = await fetch(baseUrl + request.path, { method: "PUT", headers: request.headers, body: request.body });
  if (response.status !== 200) throw new HarnessError(`PUT ${request.path}: ${response.status} ${await response.text()}`);
}

interface PhaseResult {
  name: string;
  kind: Kind;
  asks: string;
  rate: number;
  steady: LoadFigures & { windowP99Ms: (number | null)[] };
  blocks: ReturnType<typeof blocksPerRequest>;
  cpuPercent: CpuPercent;
  loadAverageBefore: [number, number, number];
  loadAverageAfter: [number, number, number];
  /** Seconds the server took after the run to answer /readyz; null when it had not within DRAIN_SECONDS (restarted). */
  drainSeconds: number | null;
  meetsTarget: boolean;
}

async function runPhase(
  baseUrl: string,
  serverPid: number | undefined,
  phase: { name: string; kind: Kind; asks: string },
  next: () => PlannedRequest,
): Promise<PhaseResult> {
  const { rate } = TARGETS[phase.kind];
  if (warmupSeconds > 0) await driveAtRate(baseUrl, { connections: CONNECTIONS, rate, seconds: warmupSeconds, next });
  // A warm-up of a few connections leaves little queued; a server that cannot answer it shows in the steady run.
  await drainBacklog(baseUrl, DRAIN_SECONDS * 1000).catch(() => {});
  const loadAverageBefore = loadAverage();
  const blocksBefore = await withClient(databaseUrl, blockCounters);
  const cpuBefore = cpuSnapshot(serverPid);
  const steady = await driveSteadily(baseUrl, {
    rate,
    seconds: durationSeconds,
    windowSeconds: Math.min(WINDOW_SECONDS, durationSeconds),
    next,
    openConnections: CONNECTIONS,
  });
  const cpu = cpuPercent(cpuBefore, cpuSnapshot(serverPid));
  const blocks = blocksPerRequest(blocksBefore, await withClient(databaseUrl, blockCounters), steady.requests);
  const loadAverageAfter = loadAverage();
  const drainSeconds = await drainBacklog(baseUrl, DRAIN_SECONDS * 1000).then(
    (seconds) => Math.round(seconds * 10) / 10,
    () => null,
  );
  const result = {
    ...phase,
    rate,
    steady,
    blocks,
    cpuPercent: cpu,
    loadAverageBefore,
    loadAverageAfter,
    drainSeconds,
    meetsTarget: meetsTarget(steady, TARGETS[phase.kind], RATE_KEPT),
  };
  console.log(
    `  ${phase.name} at ${rate}/s: p50 ${steady.p50Ms} ms, p99 ${steady.p99Ms} ms (by ${WINDOW_SECONDS} s: ${steady.windowP99Ms.join(" ")}), ` +
      `max ${steady.maxMs} ms, errors ${steady.errors}, non-2xx ${steady.non2xx} ${JSON.stringify(steady.statusCodes)}; ` +
      `server ${cpu.server} %, postgres ${cpu.postgres} %, other ${cpu.other} %; load ${loadAverageBefore.join(" ")} → ${loadAverageAfter.join(" ")}` +
      `${result.meetsTarget ? "" : "  (misses its target)"}`,
  );
  return result;
}

async function measure(catalogue: Catalogue, password: string, only: Set<string> | null) {
  let starts = 0;
  const start = async () => {
    starts += 1;
    const started = await startProductionServer(root, {
      env: productionServerEnv({ dataDir, databaseUrl, port: await freePort() }),
      logFile: path.join(dataDir, `server-${starts}.log`),
      timeoutMs: 180_000,
    });
    console.log(`server ready in ${started.readySeconds.toFixed(1)} s`);
    return started;
  };
  let { server, baseUrl, readySeconds } = await start();
  /** After a phase whose backlog the server did not answer in time, the next phase gets a fresh server. */
  const restartIfBehind = async (result: PhaseResult) => {
    if (result.drainSeconds !== null) return;
    console.log(`  ${result.name}: the server had not answered its backlog after ${DRAIN_SECONDS} s: restarting it`);
    await stopProcess(server, 15_000);
    ({ server, baseUrl } = await start());
  };
  try {
    const token = await signInToken(baseUrl, OWNER_EMAIL, password);
    const authorization = { authorization: `Bearer ${token}` };
    const phases = listPhases(catalogue);
    const forSaving = await readForSaving(baseUrl, token, catalogue.toSave);
    await checkRequests(baseUrl, token, phases, forSaving);
    const results: PhaseResult[] = [];
    const chosen = (name: string) => only === null || [...only].some((word) => name.includes(word));
    for (const phase of phases) {
      if (!chosen(phase.name)) continue;
      const result = await runPhase(baseUrl, server.child.pid, phase, () => ({
        path: listPath(phase.next()),
        headers: authorization,
      }));
      results.push(result);
      await restartIfBehind(result);
    }
    if (chosen("save")) {
      const save = { name: "product save", kind: "save" as const, asks: "`PUT /api/admin/products/:id`" };
      results.push(
        await runPhase(baseUrl, server.child.pid, save, () => {
          const product = forSaving.shift();
          if (!product) throw new HarnessError("ran out of products to save");
          return saveRequest(product, token);
        }),
      );
    }
    return { serverReadySeconds: readySeconds, serverStarts: starts, phases: results, listPhases: phases };
  } finally {
    await stopProcess(server, 15_000);
  }
}

/** The list statement each phase sends, as the service builds it (captured through Drizzle's logger), explained. */
async function explainPhases(phases: Phase[], names: Set<string>): Promise<Explained[]> {
  return withClient(databaseUrl, async (client) => {
    const sent: { sql: string; params: unknown[] }[] = [];
    const db = drizzle(client, { logger: { logQuery: (sql, params) => sent.push({ sql, params }) } });
    const productAdmin = createProductAdmin({
      db,
      now: () => new Date(),
      changes: ignoreCatalogChanges,
      audit: createAuditTrail({ db, now: () => new Date() }),
      // A list reads no pictures.
      pictures: {
        unknownFiles: () => {
          throw new HarnessError("a list asked the picture library");
        },
      },
    });
    const explained: Explained[] = [];
    for (const phase of phases) {
      if (!names.has(phase.name)) continue;
      for (const example of phase.examples()) {
        sent.length = 0;
        const query: ProductListQuery = productListQuery.parse(example);
        await productAdmin.list(query);
        // A search first looks up spelling corrections; the list is the last statement.
        const statement = sent.at(-1);
        if (!statement) throw new HarnessError(`${phase.name}: the service sent no statement`);
        explained.push(await explain(client, `${phase.name}: ${listPath(example)}`, statement));
      }
    }
    return explained;
  });
}

/** Waits until the 1-minute load average is under `quietLoad`, or `waitQuietMinutes` have passed. */
async function waitForQuiet() {
  const started = performance.now();
  const atStart = loadAverage();
  const limit = waitQuietMinutes * 60_000;
  while (limit > 0 && loadAverage()[0] >= quietLoad && performance.now() - started < limit) {
    console.log(`waiting for a quieter machine: load ${loadAverage().join(" ")} (until under ${quietLoad})`);
    await sleep(30_000);
  }
  return {
    maxMinutes: waitQuietMinutes,
    underLoad: quietLoad,
    waitedSeconds: Math.round((performance.now() - started) / 1000),
    loadAtStart: atStart,
    loadAtEnd: loadAverage(),
    quiet: loadAverage()[0] < quietLoad,
  };
}

function markdownReport(report: ReturnType<typeof reportOf>): string {
  const m = report.machine;
  const c = report.catalogue;
  const verdict = (met: boolean) => (met ? "yes" : "NO") + (report.conditionsMatch ? "" : " (*)");
  const rows = report.phases.map((p) => [
    p.name,
    String(p.steady.requestsPerSecond),
    String(p.steady.p50Ms ?? "-"),
    String(p.steady.p90Ms ?? "-"),
    String(p.steady.p99Ms ?? "-"),
    p.steady.windowP99Ms.map((v) => v ?? "-").join(" / "),
    String(p.steady.maxMs ?? "-"),
    String(p.steady.errors),
    String(p.steady.non2xx),
    `${p.blocks.hit} / ${p.blocks.read}`,
    `${p.cpuPercent.server} / ${p.cpuPercent.postgres} / ${p.cpuPercent.harness} / ${p.cpuPercent.other}`,
    `${p.loadAverageBefore[0]} → ${p.loadAverageAfter[0]}`,
    p.drainSeconds === null ? `over ${DRAIN_SECONDS} (restarted)` : String(p.drainSeconds),
    `< ${TARGETS[p.kind].p99UnderMs} ms`,
    verdict(p.meetsTarget),
  ]);
  const explainRows = report.explains.map((e) => [
    e.statement,
    String(e.executionMs),
    String(e.planningMs),
    `${e.sharedHitBlocks} / ${e.sharedReadBlocks}`,
    e.plan,
  ]);
  const w = report.quietWait;
  return `# Back-office scale benchmark, ${report.date.slice(0, 10)} (commit ${report.git.commit}${report.git.dirty ? ", uncommitted changes" : ""})

- Machine: ${m.cpuCount} × ${m.cpuModel}, ${m.totalMemoryGiB} GiB, ${m.platform}; Node ${m.node}
- Load average before ${report.loadBefore.join(" / ")}, after ${report.loadAfter.join(" / ")}; ${w.maxMinutes > 0 ? `waited ${w.waitedSeconds} s (at most ${w.maxMinutes} min) for a 1-minute load under ${w.underLoad}: ${w.loadAtStart[0]} → ${w.loadAtEnd[0]}${w.quiet ? "" : ", **not reached**"}` : "no wait for a quieter machine"} (other people's work shares the machine when these are high)
- Database: ${report.database.url}, ${report.database.version.split(" on ")[0]}; ${JSON.stringify(report.database.settings)}
- Catalogue: **${c.products.toLocaleString("en")} products** (${c.archived.toLocaleString("en")} archived), ${c.categories} categories and sub-categories; ${c.sampledIds} products sampled over the table for cursors and SKUs, ${c.words} dictionary words
- Load: an owner signed in through the API (bearer token); each phase ${report.warmupSeconds} s of warm-up (autocannon at the rate, ${report.connections} connections), then ${report.durationSeconds} s evenly spaced (\`driveSteadily\`, ${report.connections} connections opened first), each latency counted from the moment the request was due; server ready in ${report.serverReadySeconds.toFixed(1)} s

## Each phase at its rate, steady

${markdownTable(["phase", "req/s", "p50 ms", "p90 ms", "p99 ms", `p99 ms by ${WINDOW_SECONDS} s`, "max ms", "errors", "non-2xx", "pg blocks hit / read", "CPU % server / pg / harness / other", "1-min load", "backlog s", "target p99", "meets target"], rows)}

${report.phases.map((p) => `- **${p.name}** (${p.rate}/s): ${p.asks}`).join("\n")}

Every list answers its first page of 50 (the API's default) unless a cursor is given. A phase meets its target when p99
is under it with no errors, no non-2xx, and at least ${report.rateKept * 100} % of the rate answered. CPU % is of one core
(200 % = both): the shop, every \`postgres\` process, this harness, and the rest of the machine (other people's work).
backlog s: how long the server took after the steady run to answer \`/readyz\` (requests still queued); a server
that had not within ${DRAIN_SECONDS} s was replaced by a fresh one for the next phase (${report.serverStarts} server starts in this run).
pg blocks: PostgreSQL's pages per request (\`pg_stat_database\`), found in its own buffers / asked of the OS.
A save is one product read as an editor opened it (\`GET\`, before the phase), sent back whole with its \`updatedAt\` and
its stock one up or down: one transaction that locks the row, checks it, writes the changed field and its audit event.${report.conditionsMatch ? "" : "\n(*) not in the target's conditions (1,000,000 products on 2 cores): indicative only."}

## Where the time goes: EXPLAIN (ANALYZE, BUFFERS)

Each list phase's statement as the back-office service builds it (captured through Drizzle's logger), prepared on the
database alone after the load; the seventh execution is reported (bench/scale-explain.ts):

${markdownTable(["statement", "execution ms", "planning ms", "shared hit / read", "plan (top four nodes)"], explainRows)}
`;
}

function reportOf(parts: {
  date: string;
  loadBefore: [number, number, number];
  quietWait: Awaited<ReturnType<typeof waitForQuiet>>;
  database: Awaited<ReturnType<typeof readCatalogue>>["database"];
  catalogue: Catalogue;
  measured: Awaited<ReturnType<typeof measure>>;
  explains: Explained[];
}) {
  const { catalogue } = parts;
  const machine = machineFacts();
  return {
    benchmark: "admin-scale",
    date: parts.date,
    git: gitFacts(root),
    machine,
    loadBefore: parts.loadBefore,
    loadAfter: loadAverage(),
    quietWait: parts.quietWait,
    database: { url: redactUrl(databaseUrl), ...parts.database },
    catalogue: {
      products: catalogue.products,
      archived: catalogue.archived,
      categories: catalogue.categoryIds.length,
      sampledIds: catalogue.sample.length,
      words: catalogue.words.length,
    },
    connections: CONNECTIONS,
    warmupSeconds,
    durationSeconds,
    targets: TARGETS,
    rateKept: RATE_KEPT,
    conditionsMatch: catalogue.products >= CONDITIONS.products && machine.cpuCount === CONDITIONS.cpuCount,
    serverReadySeconds: parts.measured.serverReadySeconds,
    serverStarts: parts.measured.serverStarts,
    phases: parts.measured.phases,
    explains: parts.explains,
  };
}

installExitHandlers();
mkdirSync(dataDir, { recursive: true });
buildIfNeeded(root);
const only = values.only ? new Set(values.only.split(",").map((word) => word.trim())) : null;
// Pending migrations first, however long building an index over a million rows takes (the server's start is timed).
const migrationStarted = performance.now();
await (await openDatabase({ databaseUrl })).close();
const migrationSeconds = Math.round((performance.now() - migrationStarted) / 100) / 10;
console.log(`migrations applied (${migrationSeconds} s)`);
const saves = TARGETS.save.rate * (warmupSeconds + durationSeconds) + 50;
const { catalogue, database } = await readCatalogue(saves);
console.log(
  `${redactUrl(databaseUrl)}: ${catalogue.products.toLocaleString("en")} products (${catalogue.archived} archived), ` +
    `${catalogue.categoryIds.length} categories, ${catalogue.sample.length} sampled, ${catalogue.toSave.length} to save, ${catalogue.words.length} words`,
);
if (catalogue.sample.length === 0 || catalogue.words.length === 0 || catalogue.categoryIds.length === 0)
  throw new HarnessError("the database holds no products, categories or words");
if (catalogue.toSave.length < saves) throw new HarnessError(`too few products to save one per request (${saves} needed)`);
const password = await ensureOwner();
const quietWait = await waitForQuiet();
const date = new Date().toISOString();
const loadBefore = loadAverage();
const measured = await measure(catalogue, password, only);
// On the database alone once the server is gone: every list phase measured.
const explains = await explainPhases(measured.listPhases, new Set(measured.phases.map((phase) => phase.name)));
const report = reportOf({ date, loadBefore, quietWait, database, catalogue, measured, explains });
console.log(
  `\n${textTable(
    ["phase", "p50 ms", "p99 ms", "target", "met", "1-min load"],
    report.phases.map((p) => [
      p.name,
      String(p.steady.p50Ms ?? "-"),
      String(p.steady.p99Ms ?? "-"),
      `< ${TARGETS[p.kind].p99UnderMs}`,
      p.meetsTarget ? "yes" : "NO",
      String(p.loadAverageBefore[0]),
    ]),
  )}`,
);
mkdirSync(resultsDir, { recursive: true });
const base = resultFileBase(resultsDir, date, report.git.commit, "admin-scale");
writeAtomically(path.join(resultsDir, `${base}.json`), `${JSON.stringify(report, null, 2)}\n`);
writeAtomically(path.join(resultsDir, `${base}.md`), markdownReport(report));
console.log(`written bench/results/${base}.{md,json}`);
process.exit(0);
