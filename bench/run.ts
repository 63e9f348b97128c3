// Load benchmark of the catalogue API: `npm run bench [-- --products N --duration S --only pglite|postgres]`.
// For each database (PGlite always; PostgreSQL when one is configured or answers on 127.0.0.1:5432) it loads a large
// generated catalogue, starts the production server, and measures four endpoints with autocannon. See bench/README.md.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import {
  assertLoopbackUrl,
  buildIfNeeded,
  type CpuPercent,
  cpuPercent,
  cpuSnapshot,
  drainBacklog,
  freePort,
  getJson,
  gitFacts,
  HarnessError,
  indent,
  installExitHandlers,
  loadAverage,
  machineFacts,
  markdownTable,
  portAnswers,
  postgresFacts,
  productionServerEnv,
  redactUrl,
  resultFileBase,
  rssMiB,
  runToCompletion,
  spawnTracked,
  startNodeFlags,
  stopProcess,
  type Tracked,
  textTable,
  waitForReady,
  withClient,
  withDatabase,
  writeAtomically,
} from "./lib.ts";

const root = path.resolve(import.meta.dirname, "..");
const benchDir = import.meta.dirname;
const dataRoot = path.join(benchDir, ".data");
const resultsDir = path.join(benchDir, "results");

const CONNECTIONS = 50;
const WARMUP_SECONDS = 3;
const SERVER_START_TIMEOUT_MS = 120_000;
const SERVER_STOP_GRACE_MS = 15_000;
const DETAIL_IDS = 50;
const REQUEST_TIMEOUT_SECONDS = 10;
const DRAIN_TIMEOUT_MS = 120_000;
const UNLOADED_SAMPLES = 20;
const UNLOADED_BUDGET_MS = 5000;
const BENCH_DATABASE = "storefront_bench";
const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/test";

/** The issue's performance target. */
const TARGET = {
  description:
    "product list and detail p99 under 25 ms at 50 connections on PostgreSQL with 100,000 products on a 2-core machine",
  p99UnderMs: 25,
  connections: 50,
  database: "postgres",
  products: 100_000,
  cpuCount: 2,
  endpoints: ["product list", "product detail"],
} as const;

const USAGE = `Usage: npm run bench -- [--products N] [--duration S] [--only pglite|postgres]

  --products N   products to generate (default: BENCH_PRODUCTS or 100000)
  --duration S   seconds of measurement per endpoint, after a ${WARMUP_SECONDS} s warm-up (default: BENCH_DURATION or 10)
  --only KIND    benchmark only PGlite or only PostgreSQL

PostgreSQL is benchmarked when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, or a server answers on
127.0.0.1:5432 (then ${DEFAULT_POSTGRES_URL}). That URL is only the admin connection: the benchmark drops and
recreates the scratch database "${BENCH_DATABASE}" on the same server. Loopback addresses only.
Env: BENCH_SEED_TIMEOUT (seconds, default 1800).`;

// ---------------------------------------------------------------------------------------------------------------------
// Options

interface Options {
  products: number;
  duration: number;
  only: "pglite" | "postgres" | undefined;
  seedTimeoutMs: number;
}

function parseOptions(): Options {
  let values: {
    products?: string | undefined;
    duration?: string | undefined;
    only?: string | undefined;
    help?: boolean | undefined;
  };
  try {
    ({ values } = parseArgs({
      options: {
        products: { type: "string" },
        duration: { type: "string" },
        only: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new HarnessError(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const positiveInt = (name: string, raw: string | undefined, fallback: number) => {
    if (raw === undefined || raw === "") return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0)
      throw new HarnessError(`${name} must be a positive whole number, not "${raw}"\n\n${USAGE}`);
    return value;
  };
  const only = values.only;
  if (only !== undefined && only !== "pglite" && only !== "postgres") {
    throw new HarnessError(`--only must be pglite or postgres, not "${only}"\n\n${USAGE}`);
  }
  return {
    products: positiveInt("--products", values.products ?? process.env.BENCH_PRODUCTS, 100_000),
    duration: positiveInt("--duration", values.duration ?? process.env.BENCH_DURATION, 10),
    only,
    seedTimeoutMs: positiveInt("BENCH_SEED_TIMEOUT", process.env.BENCH_SEED_TIMEOUT, 1800) * 1000,
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// Database targets

interface Target {
  kind: "pglite" | "postgres";
  /** For PGlite: DATA_DIR. For PostgreSQL: a directory for logs only. */
  dataDir: string;
  /** PostgreSQL: the scratch database's URL. */
  databaseUrl?: string;
  /** PostgreSQL: the admin connection (drops and creates the scratch database). */
  adminUrl?: string;
}

/** The PostgreSQL admin URL to use, or why there is none. */
async function findPostgres(): Promise<{ url: string; source: string } | { skipped: string }> {
  const configured = process.env.BENCH_DATABASE_URL
    ? { url: process.env.BENCH_DATABASE_URL, source: "BENCH_DATABASE_URL" }
    : process.env.TEST_DATABASE_URL
      ? { url: process.env.TEST_DATABASE_URL, source: "TEST_DATABASE_URL" }
      : undefined;
  if (configured) {
    assertLoopbackUrl(configured.url, configured.source);
    return configured;
  }
  if (await portAnswers("127.0.0.1", 5432)) return { url: DEFAULT_POSTGRES_URL, source: "a server answering on 127.0.0.1:5432" };
  return { skipped: "no BENCH_DATABASE_URL / TEST_DATABASE_URL and nothing answers on 127.0.0.1:5432" };
}

/** The seed's environment for a target; SESSION_SECRET in case the shell says NODE_ENV=production. */
function seedEnv(target: Target): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: target.dataDir,
    // Set even when empty, so a DATABASE_URL in the shell or in .env never redirects the PGlite run.
    DATABASE_URL: target.databaseUrl ?? "",
    SESSION_SECRET: randomBytes(32).toString("base64url"),
  };
}

async function databaseFacts(target: Target): Promise<Record<string, unknown>> {
  if (target.kind === "postgres" && target.databaseUrl) {
    return withClient(target.databaseUrl, async (client) => ({
      kind: "postgres",
      ...(await postgresFacts(client)),
      url: redactUrl(target.databaseUrl ?? ""),
      poolSize: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    }));
  }
  // The version of the embedded build, from a throwaway in-memory instance (the data directory is locked by the server).
  const { PGlite } = await import("@electric-sql/pglite");
  const memory = await PGlite.create();
  try {
    const result = await memory.query<{ version: string }>("select version()");
    const pkg = JSON.parse(readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8")) as {
      version: string;
    };
    return {
      kind: "pglite",
      version: result.rows[0]?.version,
      package: `@electric-sql/pglite ${pkg.version}`,
      dataDir: path.relative(root, target.dataDir),
    };
  } finally {
    await memory.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Measurement

interface Endpoint {
  name: string;
  /** What is requested: one path, or a rotation. */
  description: string;
  paths: string[];
}

interface EndpointResult {
  name: string;
  request: string;
  check: { status: number; bytes: number };
  loadAverageBefore: [number, number, number];
  /** One request at a time on the otherwise idle server (after the warm-up): the cost of a request without queueing. */
  unloadedMs: { samples: number; median: number; max: number };
  durationSeconds: number;
  /** Responses received within the measured seconds. */
  requestsTotal: number;
  requestsPerSecond: number;
  /** Null when no response arrived within the measured seconds (every request slower than the run). */
  latencyMs: { average: number; p50: number; p90: number; p99: number; max: number } | null;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  cpuPercent: CpuPercent;
  /** How long the server took, after autocannon stopped, to answer /readyz (the backlog of queued queries). */
  drainSeconds: number;
  serverRssMiB: number | undefined;
  target: { applies: boolean; met: boolean | null; conditionsMatch: boolean };
}

async function cannon(baseUrl: string, endpoint: Endpoint, seconds: number) {
  const requests = endpoint.paths.map((p) => ({ method: "GET", path: p }));
  return autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: REQUEST_TIMEOUT_SECONDS,
    ...(requests.length === 1 ? { url: baseUrl + endpoint.paths[0] } : { requests }),
  });
}

/** Sequential requests, up to UNLOADED_SAMPLES or UNLOADED_BUDGET_MS, whichever comes first. */
async function unloaded(baseUrl: string, endpoint: Endpoint): Promise<EndpointResult["unloadedMs"]> {
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < UNLOADED_SAMPLES && (i === 0 || performance.now() - started < UNLOADED_BUDGET_MS); i++) {
    const path = endpoint.paths[i % endpoint.paths.length] ?? "/";
    const t0 = performance.now();
    const response = await fetch(baseUrl + path, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_SECONDS * 1000) });
    await response.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { samples: times.length, median: round(times[Math.floor(times.length / 2)] ?? 0, 1), max: round(times.at(-1) ?? 0, 1) };
}

async function measure(
  baseUrl: string,
  endpoint: Endpoint,
  options: Options,
  context: { kind: Target["kind"]; serverPid: number | undefined; productsInDb: number },
): Promise<EndpointResult> {
  const first = endpoint.paths[0] ?? "/";
  const check = await getJson<unknown>(baseUrl + first);
  if (check.status !== 200) console.warn(`  ! ${endpoint.name}: GET ${first} answered ${check.status} before the run`);
  const loadAverageBefore = loadAverage();
  process.stdout.write(`  ${endpoint.name}: warm-up ${WARMUP_SECONDS} s`);
  await cannon(baseUrl, endpoint, WARMUP_SECONDS);
  await drainBacklog(baseUrl, DRAIN_TIMEOUT_MS);
  const single = await unloaded(baseUrl, endpoint);
  process.stdout.write(`, 1 request ${single.median} ms, measuring ${options.duration} s...`);
  const cpuBefore = cpuSnapshot(context.serverPid);
  const result = await cannon(baseUrl, endpoint, options.duration);
  const cpu = cpuPercent(cpuBefore, cpuSnapshot(context.serverPid));
  const drainSeconds = round(await drainBacklog(baseUrl, DRAIN_TIMEOUT_MS), 2);
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, Number(stat.count)]),
  );
  const applies = context.kind === TARGET.database && (TARGET.endpoints as readonly string[]).includes(endpoint.name);
  const conditionsMatch = context.productsInDb >= TARGET.products && machineFacts().cpuCount === TARGET.cpuCount;
  const answered = result.requests.total > 0;
  const failed = result.errors + result.non2xx;
  const latencyMs = answered
    ? {
        average: round(result.latency.average, 2),
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
      }
    : null;
  const out: EndpointResult = {
    name: endpoint.name,
    request: endpoint.description,
    check: { status: check.status, bytes: check.bytes },
    loadAverageBefore,
    unloadedMs: single,
    durationSeconds: result.duration,
    requestsTotal: result.requests.total,
    requestsPerSecond: round(result.requests.average, 1),
    latencyMs,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
    cpuPercent: cpu,
    drainSeconds,
    serverRssMiB: rssMiB(context.serverPid),
    target: {
      applies,
      met: applies ? latencyMs !== null && latencyMs.p99 < TARGET.p99UnderMs && failed === 0 : null,
      conditionsMatch,
    },
  };
  console.log(
    (latencyMs
      ? ` ${out.requestsPerSecond} req/s, p50 ${latencyMs.p50} ms, p99 ${latencyMs.p99} ms`
      : ` no response within ${options.duration} s (backlog drained in ${drainSeconds} s)`) +
      (failed > 0 ? `, ${result.errors} errors, ${result.non2xx} non-2xx` : "") +
      (cpu.other > 20 ? ` [other processes used ${cpu.other} % CPU]` : ""),
  );
  return out;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

// ---------------------------------------------------------------------------------------------------------------------
// One database target, end to end

interface Discovery {
  productsInDb: number;
  productId: string;
  categoryId: string;
  categoryName: string | undefined;
  categoryProducts: number;
  detailIds: number;
  searchWord: string;
  searchHits: number;
}

interface TargetResult {
  database: Record<string, unknown> & { kind: Target["kind"] };
  productsRequested: number;
  loadAverageBefore: [number, number, number];
  seedSeconds?: number;
  postSeed?: string;
  serverStartSeconds?: number;
  discovery?: Discovery;
  endpoints: EndpointResult[];
  serverExit?: { code: number | string; killed: boolean };
  error?: string;
}

interface ProductPage {
  products: { id: string; name: string }[];
  total: number;
  totalPages: number;
}

async function discover(baseUrl: string): Promise<{ discovery: Discovery; endpoints: Endpoint[] }> {
  const newest = await getJson<ProductPage>(`${baseUrl}/api/products/getProducts?page=1&perPage=16`);
  if (newest.status !== 200)
    throw new HarnessError(`getProducts answered ${newest.status}: ${JSON.stringify(newest.body).slice(0, 300)}`);
  const productId = newest.body.products[0]?.id;
  if (!productId) throw new HarnessError("getProducts returned no product: was the catalogue seeded?");
  const productsInDb = newest.body.total;

  const categories = await getJson<{ categoryList: { id: string; name?: string; children?: unknown[] }[] }>(
    `${baseUrl}/api/category`,
  );
  if (categories.status !== 200) throw new HarnessError(`/api/category answered ${categories.status}`);
  const category = categories.body.categoryList[0];
  if (!category) throw new HarnessError("/api/category returned no category");
  const listPath = `/api/products?catId=${category.id}&page=1&perPage=20`;
  const list = await getJson<ProductPage>(baseUrl + listPath);
  if (list.status !== 200)
    throw new HarnessError(`${listPath} answered ${list.status}: ${JSON.stringify(list.body).slice(0, 300)}`);

  // Detail ids spread over the whole catalogue (newest, oldest and between), not only the newest page.
  const perPage = 10;
  const pages = Math.max(1, Math.ceil(productsInDb / perPage));
  const wanted = Math.ceil(DETAIL_IDS / perPage);
  const pageNumbers = [
    ...new Set(Array.from({ length: wanted }, (_, i) => 1 + Math.round((i * (pages - 1)) / Math.max(1, wanted - 1)))),
  ];
  const ids = new Set<string>();
  const names: string[] = [];
  for (const page of pageNumbers) {
    const response = await getJson<ProductPage>(
      `${baseUrl}/api/products/getProducts?page=${Math.min(page, 100_000)}&perPage=${perPage}`,
    );
    if (response.status !== 200) throw new HarnessError(`getProducts page ${page} answered ${response.status}`);
    for (const product of response.body.products) {
      ids.add(product.id);
      names.push(product.name);
    }
  }
  if (ids.size === 0) throw new HarnessError("found no product ids for the detail endpoint");

  // A word of a product name that the search endpoint finds.
  const words = [
    ...new Set([...newest.body.products.map((p) => p.name), ...names].flatMap((name) => name.split(/[^\p{L}]+/u))),
  ].filter((word) => word.length >= 4);
  let searchWord: string | undefined;
  let searchHits = 0;
  // Paged, so the answer is the object with `total` (without paging /api/search answers a bare array, decision 006),
  // and the measured request does the same work as in earlier results: one page of 10 and the count.
  const searchPath = (word: string) => `/api/search?q=${encodeURIComponent(word)}&page=1&perPage=10`;
  for (const word of words.slice(0, 20)) {
    const search = await getJson<ProductPage>(baseUrl + searchPath(word));
    if (search.status === 200 && search.body.total > 0) {
      searchWord = word;
      searchHits = search.body.total;
      break;
    }
  }
  if (!searchWord)
    throw new HarnessError(`no word of a product name is found by /api/search (tried: ${words.slice(0, 20).join(", ")})`);

  const detailPaths = [...ids].map((id) => `/api/products/${id}`);
  return {
    discovery: {
      productsInDb,
      productId,
      categoryId: category.id,
      categoryName: category.name,
      categoryProducts: list.body.total,
      detailIds: ids.size,
      searchWord,
      searchHits,
    },
    endpoints: [
      { name: "product list", description: `GET ${listPath}`, paths: [listPath] },
      {
        name: "product detail",
        description: `GET /api/products/{id}, rotating over ${detailPaths.length} ids spread over the catalogue`,
        paths: detailPaths,
      },
      { name: "category list", description: "GET /api/category", paths: ["/api/category"] },
      { name: "search", description: `GET ${searchPath(searchWord)}`, paths: [searchPath(searchWord)] },
    ],
  };
}

async function benchTarget(target: Target, options: Options): Promise<TargetResult> {
  const label = target.kind === "pglite" ? "PGlite" : "PostgreSQL";
  console.log(`\n== ${label}: ${options.products} products ==`);
  const result: TargetResult = {
    database: { kind: target.kind },
    productsRequested: options.products,
    loadAverageBefore: loadAverage(),
    endpoints: [],
  };
  let server: Tracked | undefined;
  try {
    // A fresh database.
    mkdirSync(target.dataDir, { recursive: true });
    if (target.kind === "pglite") {
      rmSync(path.join(target.dataDir, "pglite"), { recursive: true, force: true });
      rmSync(path.join(target.dataDir, "pglite.lock"), { force: true });
    } else if (target.adminUrl) {
      await withClient(target.adminUrl, async (admin) => {
        await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
        await admin.query(`create database ${BENCH_DATABASE}`);
      });
    }

    console.log(`  seeding (node scripts/seed.ts --products ${options.products} --reset --no-images)...`);
    const seedStarted = performance.now();
    await runToCompletion(
      "the seed",
      process.execPath,
      ["scripts/seed.ts", "--products", String(options.products), "--reset", "--no-images"],
      {
        cwd: root,
        env: seedEnv(target),
        logFile: path.join(target.dataDir, "seed.log"),
        echo: true,
        timeoutMs: options.seedTimeoutMs,
      },
    );
    result.seedSeconds = round((performance.now() - seedStarted) / 1000, 1);
    console.log(`  seeded in ${result.seedSeconds} s`);

    if (target.kind === "postgres" && target.databaseUrl) {
      // The steady state autovacuum reaches a minute after a bulk load, made deterministic: planner statistics and
      // the visibility map are up to date before measuring.
      await withClient(target.databaseUrl, (client) => client.query("vacuum (analyze)"));
      result.postSeed = "vacuum (analyze)";
    }
    result.database = { ...(await databaseFacts(target)), kind: target.kind };

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    console.log(`  starting the server on ${baseUrl}...`);
    const env = productionServerEnv({ dataDir: target.dataDir, databaseUrl: target.databaseUrl ?? "", port });
    server = spawnTracked(process.execPath, [...startNodeFlags(root, env), "src/server/main.ts"], {
      cwd: root,
      env,
      logFile: path.join(target.dataDir, "server.log"),
    });
    result.serverStartSeconds = round(await waitForReady(`${baseUrl}/readyz`, server, SERVER_START_TIMEOUT_MS), 1);
    console.log(`  ready in ${result.serverStartSeconds} s`);

    const { discovery, endpoints } = await discover(baseUrl);
    result.discovery = discovery;
    console.log(
      `  ${discovery.productsInDb} products; category ${discovery.categoryName ?? discovery.categoryId} (${discovery.categoryProducts} products); ` +
        `${discovery.detailIds} detail ids; search "${discovery.searchWord}" (${discovery.searchHits} hits)`,
    );
    if (discovery.productsInDb !== options.products) {
      console.warn(`  ! the database holds ${discovery.productsInDb} products, not the ${options.products} asked for`);
    }

    for (const endpoint of endpoints) {
      result.endpoints.push(
        await measure(baseUrl, endpoint, options, {
          kind: target.kind,
          serverPid: server.child.pid,
          productsInDb: discovery.productsInDb,
        }),
      );
    }
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  } finally {
    if (server) {
      const alreadyExited = server.child.exitCode !== null || server.child.signalCode !== null;
      result.serverExit = await stopProcess(server, SERVER_STOP_GRACE_MS);
      if (!alreadyExited && (result.serverExit.killed || result.serverExit.code !== 0)) {
        const problem = `the server did not stop cleanly on SIGTERM (exit ${result.serverExit.code}${result.serverExit.killed ? ", killed" : ""})`;
        console.warn(`  ! ${problem}`);
        if (!result.error) result.error = problem;
      }
    }
  }
  if (result.error) console.error(`  ✗ ${label}: ${result.error}`);
  return result;
}

// ---------------------------------------------------------------------------------------------------------------------
// Report

function targetCell(endpoint: EndpointResult): string {
  if (!endpoint.target.applies) return "n/a";
  return (endpoint.target.met ? "yes" : "NO") + (endpoint.target.conditionsMatch ? "" : " (*)");
}

function tableRows(targets: TargetResult[]): { header: string[]; rows: string[][] } {
  const header = [
    "database",
    "endpoint",
    "req/s",
    "p50 ms",
    "p90 ms",
    "p99 ms",
    "max ms",
    "errors",
    "non-2xx",
    "1 req ms",
    "server CPU %",
    "pg CPU %",
    "cannon CPU %",
    "other CPU %",
    "p99 < 25 ms",
  ];
  const rows: string[][] = [];
  const ms = (value: number | undefined) => (value === undefined ? "-" : String(value));
  for (const target of targets) {
    for (const e of target.endpoints) {
      rows.push([
        target.database.kind,
        e.name,
        e.requestsPerSecond.toFixed(1),
        ms(e.latencyMs?.p50),
        ms(e.latencyMs?.p90),
        ms(e.latencyMs?.p99),
        ms(e.latencyMs?.max),
        String(e.errors),
        String(e.non2xx),
        String(e.unloadedMs.median),
        String(e.cpuPercent.server),
        target.database.kind === "postgres" ? String(e.cpuPercent.postgres) : "-",
        String(e.cpuPercent.harness),
        String(e.cpuPercent.other),
        targetCell(e),
      ]);
    }
  }
  return { header, rows };
}

function markdownReport(report: Report): string {
  const { header, rows } = tableRows(report.targets);
  const m = report.machine;
  const lines = [
    `# API benchmark ${report.date} (${report.git.commit}${report.git.dirty ? ", uncommitted changes" : ""})`,
    "",
    `- Machine: ${m.cpuCount} × ${m.cpuModel}, ${m.totalMemoryGiB} GiB, ${m.platform}; Node ${m.node}`,
    `- Load: ${report.connections} connections per endpoint, ${report.warmupSeconds} s warm-up then ${report.durationSeconds} s measured; autocannon runs on the same machine as the server; API_CACHE_TTL_MS ${report.apiCacheTtlMs}`,
    `- Target: ${TARGET.description}`,
    "",
  ];
  for (const target of report.targets) {
    const db = target.database;
    lines.push(`## ${db.kind === "pglite" ? "PGlite" : "PostgreSQL"}`, "");
    lines.push(`- Database: ${String(db.version ?? "unknown")}${db.package ? ` (${String(db.package)})` : ""}`);
    if (db.settings) lines.push(`- Settings: ${JSON.stringify(db.settings)}; pool size ${String(db.poolSize)}`);
    lines.push(
      `- Products: ${target.discovery?.productsInDb ?? "?"} (asked ${target.productsRequested}); seeded in ${target.seedSeconds ?? "?"} s${target.postSeed ? `, then ${target.postSeed}` : ""}; server ready in ${target.serverStartSeconds ?? "?"} s`,
    );
    lines.push(`- Load average before: ${target.loadAverageBefore.join(" / ")}`);
    if (target.discovery) {
      const d = target.discovery;
      lines.push(
        `- Category ${d.categoryName ?? ""} ${d.categoryId} (${d.categoryProducts} products); search word "${d.searchWord}" (${d.searchHits} hits); ${d.detailIds} detail ids`,
      );
    }
    for (const e of target.endpoints) {
      lines.push(
        `- ${e.name}: ${e.request}; ${e.requestsTotal} responses in ${e.durationSeconds} s; response ${e.check.bytes} bytes; status codes ${JSON.stringify(e.statusCodes)}; one request alone ${e.unloadedMs.median} ms (median of ${e.unloadedMs.samples}, max ${e.unloadedMs.max}); backlog drained ${e.drainSeconds} s after the run; load before ${e.loadAverageBefore.join(" / ")}; server RSS ${e.serverRssMiB ?? "?"} MiB`,
      );
    }
    if (target.error) lines.push(`- **Failed:** ${target.error.split("\n")[0]}`);
    lines.push("");
  }
  lines.push("## Results", "", markdownTable(header, rows), "");
  lines.push(
    "CPU % is of one core (200 % = both cores): server = the shop's process (PGlite runs inside it), pg = every `postgres` process, " +
      "cannon = the harness generating the load, other = the rest of the machine (should be near 0). " +
      "1 req ms = median time of one request alone on the idle server. " +
      "Latencies are `-` when no response arrived within the measured seconds. " +
      "(*) = measured, but not in the target's conditions (100,000 products, 2 cores). " +
      "A target row is met when p99 < 25 ms with no errors and no non-2xx answers.",
    "",
  );
  if (report.skipped.length > 0) lines.push(...report.skipped.map((s) => `- Skipped: ${s}`), "");
  return lines.join("\n");
}

interface Report {
  benchmark: "api";
  date: string;
  git: { commit: string; dirty: boolean | undefined };
  machine: ReturnType<typeof machineFacts>;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  productsRequested: number;
  /** API_CACHE_TTL_MS the server ran with: the micro-cache serves repeated GETs from memory. */
  apiCacheTtlMs: string;
  target: typeof TARGET;
  skipped: string[];
  targets: TargetResult[];
}

// ---------------------------------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  installExitHandlers();
  const options = parseOptions();
  const date = new Date().toISOString();
  const machine = machineFacts();
  if (!process.version.startsWith("v24."))
    console.warn(`bench: running on Node ${process.version}; the project uses Node 24 (npm run bench)`);

  buildIfNeeded(root);

  const targets: Target[] = [];
  const skipped: string[] = [];
  if (options.only !== "postgres") {
    targets.push({ kind: "pglite", dataDir: path.join(dataRoot, `pglite-${options.products}`) });
  }
  if (options.only !== "pglite") {
    const found = await findPostgres();
    if ("skipped" in found) {
      if (options.only === "postgres") throw new HarnessError(`--only postgres, but ${found.skipped}`);
      skipped.push(`PostgreSQL: ${found.skipped}`);
      console.log(`PostgreSQL skipped: ${found.skipped}`);
    } else {
      console.log(`PostgreSQL: ${found.source} (${redactUrl(found.url)}), scratch database ${BENCH_DATABASE}`);
      targets.push({
        kind: "postgres",
        dataDir: path.join(dataRoot, `postgres-${options.products}`),
        adminUrl: found.url,
        databaseUrl: withDatabase(found.url, BENCH_DATABASE),
      });
    }
  }

  const results: TargetResult[] = [];
  for (const target of targets) results.push(await benchTarget(target, options));

  const report: Report = {
    benchmark: "api",
    date,
    git: gitFacts(root),
    machine,
    connections: CONNECTIONS,
    warmupSeconds: WARMUP_SECONDS,
    durationSeconds: options.duration,
    productsRequested: options.products,
    apiCacheTtlMs: process.env.API_CACHE_TTL_MS ?? "1000 (default)",
    target: TARGET,
    skipped,
    targets: results,
  };

  const { header, rows } = tableRows(results);
  console.log(`\n${textTable(header, rows)}`);
  if (rows.some((row) => row[row.length - 1]?.includes("(*)"))) {
    console.log("(*) not in the target's conditions (100,000 products on 2 cores): indicative only");
  }

  const measuredAnything = results.some((r) => r.endpoints.length > 0);
  if (measuredAnything) {
    mkdirSync(resultsDir, { recursive: true });
    const base = resultFileBase(resultsDir, date, report.git.commit, "api");
    writeAtomically(path.join(resultsDir, `${base}.json`), `${JSON.stringify(report, null, 2)}\n`);
    writeAtomically(path.join(resultsDir, `${base}.md`), markdownReport(report));
    console.log(`\nResults: bench/results/${base}.json and .md`);
  }

  const failures = results.filter((r) => r.error);
  if (failures.length > 0) {
    console.error(`\nbench: ${failures.length} database target(s) failed:`);
    for (const failure of failures) console.error(`  ${failure.database.kind}:\n${indent(failure.error ?? "", "    ")}`);
    return 1;
  }
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(
    `bench: ${error instanceof HarnessError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exitCode = 1;
}
// autocannon and pg may leave handles open for a moment; the result is decided.
process.exit(process.exitCode);
