// Scale benchmark: `npm run bench:scale [-- --database-url URL --duration 10]`. On an already seeded PostgreSQL
// database (1,000,000 products for the issue "Scale"; it seeds nothing), starts the production server with the
// micro-cache off and drives product lists, product details, suggestions and search results at fixed rates, then
// starts it again with the page cache on and compares a product page answered from memory with the same page rendered
// on every request, in alternating rounds. Adds EXPLAIN (ANALYZE, BUFFERS) of the list, keyset, detail and count
// statements. Writes bench/results/<date>-<commit>-scale.{md,json}. See bench/README.md.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import {
  assertLoopbackUrl,
  blockCounters,
  blocksPerRequest,
  buildIfNeeded,
  cpuPercent,
  cpuSnapshot,
  drainBacklog,
  driveAtRate,
  freePort,
  getJson,
  gitFacts,
  HarnessError,
  installExitHandlers,
  loadAverage,
  loadFigures,
  machineFacts,
  meetsTarget,
  type PlannedRequest,
  postgresFacts,
  productionServerEnv,
  redactUrl,
  resultFileBase,
  SEARCH_WORDS_SQL,
  startProductionServer,
  stopProcess,
  withClient,
  writeAtomically,
} from "./lib.ts";
import type { RenderFloor } from "./render-floor.ts";
import { explainCatalogStatements } from "./scale-explain.ts";
import { markdownReport, type ScaleReport } from "./scale-report.ts";
import { driveSteadily } from "./steady.ts";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.join(import.meta.dirname, ".data", "scale");
const resultsDir = path.join(import.meta.dirname, "results");
const CONNECTIONS = 32;
/** Traffic before each endpoint is measured, so that the list (measured first) is not measured in the server's start-up (bench/README.md). */
const WARMUP_SECONDS = 10;
/**
 * The steady run of each endpoint, and the windows it is also reported in. A minute spans a few of the old generation's
 * collections (one every ~25 s for the list at 1,000/s), each of which slows the second around it; a 10-s window
 * either holds one or not, so its p99 swings with where the collections fall (bench/README.md, "Steady p99 over a
 * minute").
 */
const STEADY_SECONDS = 60;
const STEADY_WINDOW_SECONDS = 10;
const DETAIL_IDS = 3000;
const PAGE_CONNECTIONS = 8;
const PAGE_ROUNDS = 3;
const PAGE_ROUND_SECONDS = 5;
const PAGE_WARMUP_SECONDS = 2;

/** The issue "Scale": PostgreSQL, 1,000,000 products, micro-cache off, autocannon at a steady rate on the same 2 cores. */
export const TARGETS = {
  "product list": { rate: 1000, p99UnderMs: 10 },
  "product detail": { rate: 1000, p99UnderMs: 10 },
  suggest: { rate: 300, p99UnderMs: 15 },
  search: { rate: 100, p99UnderMs: 50 },
} as const;
export type EndpointName = keyof typeof TARGETS;
/** Uncached SSR of a product page: at least this share of the requests/s of the same page answered from memory. */
export const PAGE_RATIO_TARGET = 0.5;
export const CONDITIONS = { products: 1_000_000, cpuCount: 2 } as const;
/** A row meets its target only if the server kept up: at least this share of the rate asked was answered. */
export const RATE_KEPT = 0.95;

const { values } = parseArgs({
  options: {
    "database-url": { type: "string" },
    duration: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
  strict: true,
});
if (values.help) {
  console.log("Usage: npm run bench:scale -- [--database-url postgres://...] [--duration 10]  (default: BENCH_DATABASE_URL)");
  process.exit(0);
}
const databaseUrl = values["database-url"] ?? process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new HarnessError("--database-url (or BENCH_DATABASE_URL) must name an already seeded database");
assertLoopbackUrl(databaseUrl, "--database-url");
const durationSeconds = Number(values.duration ?? 10);
if (!Number.isInteger(durationSeconds) || durationSeconds < 1) throw new HarnessError("--duration must be a whole number");

export interface Catalogue {
  products: number;
  categoryIds: string[];
  subCategoryIds: string[];
  /** Products sampled over the whole table, for details and keyset cursors. */
  sample: { id: string; catId: string }[];
  words: string[];
}

/** What the requests are made of, read from the database: categories, products sampled at random, dictionary words. */
async function readCatalogue(): Promise<Catalogue & { database: Awaited<ReturnType<typeof postgresFacts>> }> {
  return withClient(databaseUrl ?? "", async (client) => {
    const products = Number((await client.query("select count(*)::int as n from products")).rows[0]?.n ?? 0);
    const categories = (await client.query<{ id: string; parent_id: string | null }>("select id, parent_id from categories"))
      .rows;
    // Whole pages at random (1 % of them), a fixed seed so runs compare; the first DETAIL_IDS rows of those.
    const sample = await client.query<{ id: string; cat_id: string }>(
      `select id, cat_id from products tablesample system (1) repeatable (7) limit ${DETAIL_IDS}`,
    );
    const words = (await client.query<{ term: string }>(SEARCH_WORDS_SQL)).rows.map((row) => row.term);
    return {
      products,
      categoryIds: categories.filter((c) => c.parent_id === null).map((c) => c.id),
      subCategoryIds: categories.filter((c) => c.parent_id !== null).map((c) => c.id),
      sample: sample.rows.map((row) => ({ id: row.id, catId: row.cat_id })),
      words,
      database: await postgresFacts(client),
    };
  });
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** The request mixes: what each endpoint is asked, one URL per request. */
function requestPlans(catalogue: Catalogue): Record<EndpointName, () => PlannedRequest> {
  let n = 0;
  return {
    // Category pages 1-5, sub-category pages 1-5, and keyset pages after a product anywhere in its category.
    "product list": () => {
      n += 1;
      const page = String(1 + (n % 5));
      if (n % 4 === 0) {
        const after = pick(catalogue.sample);
        return { path: `/api/products?${new URLSearchParams({ catId: after.catId, perPage: "20", after: after.id })}` };
      }
      if (n % 4 === 1) {
        return {
          path: `/api/products?${new URLSearchParams({ subCatId: pick(catalogue.subCategoryIds), page, perPage: "20" })}`,
        };
      }
      return { path: `/api/products?${new URLSearchParams({ catId: pick(catalogue.categoryIds), page, perPage: "20" })}` };
    },
    "product detail": () => ({ path: `/api/products/${pick(catalogue.sample).id}` }),
    // The start of a word as it is typed: 2 to 6 letters.
    suggest: () => {
      const word = pick(catalogue.words);
      return { path: `/api/search/suggest?${new URLSearchParams({ q: word.slice(0, 2 + Math.floor(Math.random() * 5)) })}` };
    },
    search: () => ({ path: `/api/search?${new URLSearchParams({ q: pick(catalogue.words), page: "1", perPage: "20" })}` }),
  };
}

/** Before measuring: each mix answers 200, and a keyset walk continues from a first page's `nextCursor`. */
async function checkRequests(baseUrl: string, catalogue: Catalogue, plans: Record<EndpointName, () => PlannedRequest>) {
  for (const [name, next] of Object.entries(plans)) {
    for (let i = 0; i < 8; i++) {
      const { path: requestPath } = next();
      const { status, body } = await getJson<unknown>(baseUrl + requestPath);
      if (status !== 200)
        throw new HarnessError(`${name}: GET ${requestPath} answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
    }
  }
  const catId = catalogue.categoryIds[0] ?? "";
  const first = await getJson<{ nextCursor: string | null }>(`${baseUrl}/api/products?catId=${catId}&perPage=20`);
  const cursor = first.body.nextCursor;
  if (!cursor) throw new HarnessError("a first page of a category has no nextCursor");
  const second = await getJson<{ products: unknown[] }>(`${baseUrl}/api/products?catId=${catId}&perPage=20&after=${cursor}`);
  if (second.status !== 200 || second.body.products.length === 0)
    throw new HarnessError(`the keyset page after ${cursor} answered ${second.status} with no products`);
}

async function measureEndpoints(catalogue: Catalogue) {
  const { server, baseUrl, readySeconds } = await startProductionServer(root, {
    env: productionServerEnv({
      dataDir,
      databaseUrl: databaseUrl ?? "",
      port: await freePort(),
      extra: { API_CACHE_TTL_MS: "0" },
    }),
    logFile: path.join(dataDir, "server-api.log"),
    timeoutMs: 180_000,
  });
  console.log(`API server ready in ${readySeconds.toFixed(1)} s (API_CACHE_TTL_MS=0)`);
  try {
    const plans = requestPlans(catalogue);
    await checkRequests(baseUrl, catalogue, plans);
    const endpoints = [];
    for (const name of Object.keys(TARGETS) as EndpointName[]) {
      const load = { connections: CONNECTIONS, rate: TARGETS[name].rate, next: plans[name] };
      await driveAtRate(baseUrl, { ...load, seconds: WARMUP_SECONDS });
      const loadAverageBefore = loadAverage();
      const before = cpuSnapshot(server.child.pid);
      const figures = loadFigures(await driveAtRate(baseUrl, { ...load, seconds: durationSeconds }));
      const cpu = cpuPercent(before, cpuSnapshot(server.child.pid));
      // Requests autocannon gave up on may still be queued in the server: the next endpoint starts on an idle one.
      const drainSeconds = Math.round((await drainBacklog(baseUrl, 120_000)) * 10) / 10;
      const blocksBefore = await withClient(databaseUrl ?? "", blockCounters);
      // As many connections open as autocannon's, and as the load balancer keeps (deploy/nginx.conf, keepalive 32).
      const steadyFigures = await driveSteadily(baseUrl, {
        rate: TARGETS[name].rate,
        seconds: STEADY_SECONDS,
        windowSeconds: STEADY_WINDOW_SECONDS,
        next: plans[name],
        openConnections: CONNECTIONS,
      });
      const blocks = blocksPerRequest(blocksBefore, await withClient(databaseUrl ?? "", blockCounters), steadyFigures.requests);
      const target = TARGETS[name];
      const steady = { ...steadyFigures, blocks, meetsTarget: meetsTarget(steadyFigures, target, RATE_KEPT) };
      endpoints.push({
        name,
        rate: target.rate,
        ...figures,
        cpuPercent: cpu,
        drainSeconds,
        loadAverageBefore,
        meetsTarget: meetsTarget(figures, target, RATE_KEPT),
        steady,
      });
      console.log(
        `  ${name} steady at ${target.rate}/s: p50 ${steady.p50Ms} ms, p99 ${steady.p99Ms} ms (by ${STEADY_WINDOW_SECONDS} s: ${steady.windowP99Ms.join(" ")}), max ${steady.maxMs} ms, errors ${steady.errors}; ` +
          `PostgreSQL blocks per request: ${blocks.hit} in its buffers, ${blocks.read} from the OS`,
      );
      console.log(
        `  ${name} at ${target.rate}/s: ${figures.requestsPerSecond} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, max ${figures.maxMs} ms, ` +
          `errors ${figures.errors}, non-2xx ${figures.non2xx}, backlog drained in ${drainSeconds} s; server CPU ${cpu.server} %, postgres ${cpu.postgres} % (load before ${loadAverageBefore.join(" ")})`,
      );
    }
    return { serverReadySeconds: readySeconds, endpoints };
  } finally {
    await stopProcess(server, 15_000);
  }
}

type PageMode = "cached" | "uncached";

/** One product page as fast as PAGE_CONNECTIONS clients go: the same URL (from memory) or a new query string each time. */
function drivePage(baseUrl: string, productPath: string, mode: PageMode, seconds: number, seen?: Record<string, number>) {
  let n = 0;
  const tag = `${mode === "cached" ? "c" : "u"}${Date.now().toString(36)}`;
  const request: autocannon.Request = {
    setupRequest: (r) => ({ ...r, method: "GET", path: mode === "cached" ? productPath : `${productPath}?v=${tag}-${++n}` }),
  };
  // Only in warm-ups: collecting every body costs the load generator, and it would cost the cheaper mode more.
  if (seen) {
    request.onResponse = (_status, _body, _context, headers) => {
      const value = String(headers["x-cache"] ?? headers["X-Cache"] ?? "none");
      seen[value] = (seen[value] ?? 0) + 1;
    };
  }
  return autocannon({ url: baseUrl, connections: PAGE_CONNECTIONS, duration: seconds, timeout: 10, requests: [request] });
}

async function xCacheOf(url: string): Promise<{ status: number; xCache: string | null; bytes: number }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  const body = await response.arrayBuffer();
  return { status: response.status, xCache: response.headers.get("x-cache"), bytes: body.byteLength };
}

async function measurePages(productId: string) {
  const { server, baseUrl } = await startProductionServer(root, {
    env: productionServerEnv({
      dataDir,
      databaseUrl: databaseUrl ?? "",
      port: await freePort(),
      extra: { API_CACHE_TTL_MS: "600000" },
    }),
    logFile: path.join(dataDir, "server-pages.log"),
    timeoutMs: 180_000,
  });
  const productPath = `/product/${productId}`;
  try {
    const first = await xCacheOf(baseUrl + productPath);
    const second = await xCacheOf(baseUrl + productPath);
    const fresh = await xCacheOf(`${baseUrl}${productPath}?v=check`);
    if (first.status !== 200 || second.xCache !== "HIT" || fresh.xCache !== "MISS")
      throw new HarnessError(
        `${productPath}: first ${first.status} ${first.xCache}, second ${second.xCache} (HIT expected), ?v=check ${fresh.xCache} (MISS expected)`,
      );
    const warmupHeaders: Record<PageMode, Record<string, number>> = { cached: {}, uncached: {} };
    const modes: PageMode[] = ["cached", "uncached"];
    for (const mode of modes) await drivePage(baseUrl, productPath, mode, PAGE_WARMUP_SECONDS, warmupHeaders[mode]);
    const totals = Object.fromEntries(
      modes.map((mode) => [
        mode,
        { requests: 0, seconds: 0, non2xx: 0, errors: 0, serverCpuSeconds: 0, p50Ms: [] as number[], p99Ms: [] as number[] },
      ]),
    ) as Record<
      PageMode,
      {
        requests: number;
        seconds: number;
        non2xx: number;
        errors: number;
        serverCpuSeconds: number;
        p50Ms: number[];
        p99Ms: number[];
      }
    >;
    const spotChecks: string[] = [];
    for (let round = 1; round <= PAGE_ROUNDS; round++) {
      for (const mode of modes) {
        const before = cpuSnapshot(server.child.pid);
        const result = await drivePage(baseUrl, productPath, mode, PAGE_ROUND_SECONDS);
        const after = cpuSnapshot(server.child.pid);
        const total = totals[mode];
        total.requests += result.requests.total;
        total.seconds += result.duration;
        total.non2xx += result.non2xx;
        total.errors += result.errors + result.timeouts;
        total.serverCpuSeconds += after.server - before.server;
        total.p50Ms.push(result.latency.p50);
        total.p99Ms.push(result.latency.p99);
        // Right after each round, one more request of its kind is looked at: the same URL still comes from memory,
        // a new one is rendered. (Not both after the rendered round: the pages it stores can push the hot one out of
        // the cache's 32 MB, and the next cached round's first request then renders it again.)
        const check = await xCacheOf(mode === "cached" ? baseUrl + productPath : `${baseUrl}${productPath}?v=check-${round}`);
        spotChecks.push(`round ${round} ${mode}: ${check.xCache}`);
        if (check.xCache !== (mode === "cached" ? "HIT" : "MISS"))
          throw new HarnessError(`x-cache after round ${round} ${mode}: ${check.xCache}`);
        console.log(
          `  pages round ${round} ${mode}: ${Math.round(result.requests.total / result.duration)} req/s, p99 ${result.latency.p99} ms`,
        );
      }
    }
    const summary = (mode: PageMode) => {
      const t = totals[mode];
      return {
        requestsPerSecond: Math.round(t.requests / t.seconds),
        requests: t.requests,
        seconds: t.seconds,
        p50Ms: t.p50Ms,
        p99Ms: t.p99Ms,
        errors: t.errors,
        non2xx: t.non2xx,
        serverCpuPercent: Math.round((t.serverCpuSeconds / t.seconds) * 100),
        serverCpuMsPerRequest: Math.round((t.serverCpuSeconds / t.requests) * 1e6) / 1000,
      };
    };
    const cached = summary("cached");
    const uncached = summary("uncached");
    const ratio = Math.round((uncached.requestsPerSecond / cached.requestsPerSecond) * 100) / 100;
    // The page as visitors got it, for React's own cost of its markup once this server is gone (measureRenderFloor).
    const pageFile = path.join(dataDir, "product-page.html");
    const page = await fetch(baseUrl + productPath, { signal: AbortSignal.timeout(30_000) });
    writeFileSync(pageFile, await page.text());
    return {
      pageFile,
      path: productPath,
      bytes: first.bytes,
      connections: PAGE_CONNECTIONS,
      rounds: PAGE_ROUNDS,
      roundSeconds: PAGE_ROUND_SECONDS,
      warmupHeaders,
      spotChecks,
      cached,
      uncached,
      ratio,
      meetsTarget: ratio >= PAGE_RATIO_TARGET && cached.errors + cached.non2xx + uncached.errors + uncached.non2xx === 0,
    };
  } catch (error) {
    const state = server.child.exitCode ?? server.child.signalCode ?? "still running";
    throw new HarnessError(
      `pages: ${error instanceof Error ? error.message : String(error)} (server: ${state})\n${server.tail()}`,
    );
  } finally {
    await stopProcess(server, 15_000);
  }
}

/**
 * React's own cost for the page's markup (bench/render-floor.ts), in a process of its own: React must load its
 * production build, and the timing must not share a heap with this harness.
 */
function measureRenderFloorApart(pageFile: string): RenderFloor {
  const output = execFileSync(process.execPath, [path.join(import.meta.dirname, "render-floor.ts"), pageFile], {
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
    timeout: 120_000,
  });
  return JSON.parse(output) as RenderFloor;
}

installExitHandlers();
mkdirSync(dataDir, { recursive: true });
buildIfNeeded(root);
const date = new Date().toISOString();
const loadBefore = loadAverage();
const catalogue = await readCatalogue();
console.log(
  `${redactUrl(databaseUrl)}: ${catalogue.products.toLocaleString("en")} products, ${catalogue.categoryIds.length} categories, ` +
    `${catalogue.subCategoryIds.length} sub-categories, ${catalogue.sample.length} sampled ids, ${catalogue.words.length} words`,
);
if (catalogue.sample.length === 0 || catalogue.words.length === 0)
  throw new HarnessError("the database holds no products or no words");

const api = await measureEndpoints(catalogue);
const { pageFile, ...pages } = await measurePages(catalogue.sample[0]?.id ?? "");
console.log(
  `  pages: from memory ${pages.cached.requestsPerSecond} req/s, rendered ${pages.uncached.requestsPerSecond} req/s, ratio ${pages.ratio}`,
);
const renderFloor = measureRenderFloorApart(pageFile);
console.log(
  `  React alone on the page's markup: ${renderFloor.toStringMs} ms (renderToString), ${renderFloor.streamMs} ms (stream)`,
);
// On the database alone once the servers are gone, so nothing else queues with these statements.
const explains = await explainCatalogStatements(databaseUrl, catalogue);
const git = gitFacts(root);
const { database, sample, words, ...counts } = catalogue;
const report: ScaleReport = {
  benchmark: "scale",
  date,
  git,
  machine: machineFacts(),
  loadBefore,
  loadAfter: loadAverage(),
  database: { url: redactUrl(databaseUrl), ...database },
  catalogue: { ...counts, sampledIds: sample.length, words: words.length },
  connections: CONNECTIONS,
  warmupSeconds: WARMUP_SECONDS,
  durationSeconds,
  steadySeconds: STEADY_SECONDS,
  steadyWindowSeconds: STEADY_WINDOW_SECONDS,
  targets: TARGETS,
  rateKept: RATE_KEPT,
  conditionsMatch: catalogue.products >= CONDITIONS.products && machineFacts().cpuCount === CONDITIONS.cpuCount,
  ...api,
  pages: { ...pages, ratioTarget: PAGE_RATIO_TARGET, renderFloor },
  explains,
};
mkdirSync(resultsDir, { recursive: true });
const base = resultFileBase(resultsDir, date, git.commit, "scale");
writeAtomically(path.join(resultsDir, `${base}.json`), `${JSON.stringify(report, null, 2)}\n`);
const markdown = markdownReport(report);
writeAtomically(path.join(resultsDir, `${base}.md`), markdown);
console.log(`\n${markdown}\nwritten bench/results/${base}.{md,json}`);
process.exit(0);
