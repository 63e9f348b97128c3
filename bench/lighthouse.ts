// Lighthouse benchmark of the web app: `npm run bench:lighthouse [-- --against <commit> --rounds 3 --commit <ref>
// --throttling devtools --keep]` (also the first half of `npm run bench`). Starts the production server on a fresh demo
// shop and audits the home page, a category listing and a product page with Lighthouse's mobile preset (simulated
// throttling, or applied by DevTools) in Debian's Chromium. `--against` builds another commit in a temporary worktree
// (bench/worktree.ts), starts it too and audits the two alternately, round after round, with the machine's load
// average at each audit. A benchmark, not a test: it fails only when the harness does, never on a figure. See
// bench/README.md.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.ts";
import { processEnv } from "../scripts/node-flags.ts";
import {
  buildIfNeeded,
  freePort,
  getJson,
  HarnessError,
  installExitHandlers,
  loadAverage,
  machineFacts,
  markdownTable,
  resultFileBase,
  spawnTracked,
  stopProcess,
  type Tracked,
  textTable,
  waitForReady,
  writeAtomically,
} from "./lib.ts";
import { PAGE_SCRIPTS_GZIP_KB } from "./page-weight.ts";
import { type Checkout, currentCheckout, prepareWorktree, removeCheckout } from "./worktree.ts";

const root = path.resolve(import.meta.dirname, "..");
const dataRoot = path.join(import.meta.dirname, ".data", "lighthouse");
const resultsDir = path.join(import.meta.dirname, "results");

const { values: args } = parseArgs({
  options: {
    against: { type: "string" },
    commit: { type: "string" },
    rounds: { type: "string" },
    throttling: { type: "string", default: "simulate" },
    keep: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (args.help) {
  console.log(
    "Usage: npm run bench:lighthouse -- [--against <commit>] [--rounds N] [--commit <ref>] [--throttling devtools] [--keep]\n" +
      "  --against  also build <commit> in a temporary worktree and audit the two alternately (default 3 rounds)\n" +
      "  --commit   audit <ref> (built in a worktree) instead of this checkout as it is\n" +
      "  --rounds   audits of each page per commit; figures are medians over them (default 1 alone, 3 with --against)\n" +
      "  --throttling  simulate (default: Lighthouse's model of a slow phone, as PageSpeed scores) or devtools (the\n" +
      "             network and CPU slowed for real while the page loads: what such a phone would see)\n" +
      "  --keep     leave the worktrees (and their builds) for the next run",
  );
  process.exit(0);
}
const rounds = Number(args.rounds ?? (args.against ? 3 : 1));
if (args.throttling !== "simulate" && args.throttling !== "devtools") {
  console.error("bench: --throttling takes simulate or devtools");
  process.exit(1);
}
const throttlingMethod: "simulate" | "devtools" = args.throttling;
const simulated = throttlingMethod === "simulate";
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 20) {
  console.error("bench: --rounds takes a whole number from 1 to 20");
  process.exit(1);
}

/** The issue's targets (mobile preset, on a quiet machine); the script budget is the one `npm test` enforces. */
const TARGETS = {
  performance: 98,
  lcpMs: 1800,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  cls: 0.02,
  productJsKb: PAGE_SCRIPTS_GZIP_KB,
  /** The 1-minute load average under which a run counts as on a quiet machine. */
  quietLoad: 1,
};
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

/** Where the LCP's time went, in ms: time to first byte, then (for a picture) until its request, its download, then painting. */
interface LcpBreakdown {
  ttfbMs: number;
  loadDelayMs: number | null;
  loadDurationMs: number | null;
  renderDelayMs: number;
}

interface Audit {
  scores: Record<Category, number>;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number; ttiMs: number };
  /** Bytes on the wire (compressed) by resource type. */
  transferKb: { script: number; stylesheet: number; image: number; document: number; total: number };
  /** The page's scripts gzipped at level 9: the measure of the JavaScript budget (the wire carries Brotli). */
  scriptGzipKb: number;
  /** The LCP element as Lighthouse names it, and its picture's URL path when it is one. */
  lcpElement: string;
  lcpResource: string | null;
  /** The checks of Lighthouse's LCP request discovery that failed (priority hint, in the first HTML, not lazy). */
  lcpDiscoveryMissed: string[];
  /** Requests that held up the first paint (Lighthouse's render-blocking insight), as paths. */
  renderBlocking: string[];
  /** The simulated LCP split the way Lighthouse splits it (its `metrics` audit; render delay is what remains). */
  lcpSimulated: LcpBreakdown;
  /** The same split of the load as Chromium ran it, unthrottled (`lcp-breakdown-insight`). */
  lcpObserved: LcpBreakdown | null;
  /** Scripts downloaded before Chromium painted the LCP element (count, KB sent), and the other scripts. */
  scriptsBeforeLcpPaint: { count: number; kb: number; after: number } | null;
  /** FCP and LCP as Chromium painted them, unthrottled: what Lighthouse's simulation starts from. */
  observed: { fcpMs: number | null; lcpMs: number | null };
  /** Audits that did not pass in the four categories (id: title), for the next round of work. */
  failedAudits: string[];
}

interface Run extends Audit {
  round: number;
  page: string;
  side: "A" | "B";
  commit: string;
  /** os.loadavg() (1, 5 and 15 minutes) as the audit started. */
  load: [number, number, number];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const ms = (value: number | undefined | null) => (value === undefined || value === null ? null : Math.round(value));

interface TableDetails<T> {
  type?: string;
  items?: T[];
}

/** A Lighthouse run that says nothing about the page (Chromium now and then loses the trace of a load: NO_NAVSTART). */
class LostRun extends Error {}

/** Attempts at one audit, Chromium started afresh after each lost one, before the audit is recorded as lost. */
const ATTEMPTS = 4;

async function audit(url: string, port: number): Promise<Audit> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    throttlingMethod,
  });
  if (!result) throw new LostRun(`Lighthouse returned nothing for ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new LostRun(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => Math.round((lhr.audits[id]?.numericValue ?? 0) * 1000) / 1000;
  const details = <T>(id: string) => lhr.audits[id]?.details as TableDetails<T> | undefined;
  const summary = details<{ resourceType: string; transferSize: number }>("resource-summary")?.items;
  const bytes = (type: string) => summary?.find((item) => item.resourceType === type)?.transferSize ?? 0;
  const failedAudits = CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a !== undefined && a.score !== null && a.score < 0.9)
      .map((a) => `${category}: ${a?.id} (${a?.title})`),
  );
  const requests =
    details<{ url: string; resourceType?: string; priority?: string; networkEndTime?: number; transferSize?: number }>(
      "network-requests",
    )?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === "Script").map((item) => item.url);
  let scriptGzipBytes = 0;
  for (const script of scripts) {
    const body = Buffer.from(await (await fetch(script, { headers: { "accept-encoding": "identity" } })).arrayBuffer());
    scriptGzipBytes += gzipSync(body, { level: 9 }).byteLength;
  }
  const lcpMs = Math.round(numeric("largest-contentful-paint"));
  return {
    scriptGzipKb: kb(scriptGzipBytes),
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    metrics: {
      fcpMs: Math.round(numeric("first-contentful-paint")),
      lcpMs,
      tbtMs: Math.round(numeric("total-blocking-time")),
      cls: numeric("cumulative-layout-shift"),
      speedIndexMs: Math.round(numeric("speed-index")),
      ttiMs: Math.round(numeric("interactive")),
    },
    transferKb: {
      script: kb(bytes("script")),
      stylesheet: kb(bytes("stylesheet")),
      image: kb(bytes("image")),
      document: kb(bytes("document")),
      total: kb(bytes("total")),
    },
    ...lcpFacts(lhr, lcpMs),
    scriptsBeforeLcpPaint: scriptsBeforeLcpPaint(lhr, requests),
    failedAudits: [...new Set(failedAudits)],
  };
}

/** The LCP element and its breakdown, simulated and observed, from one Lighthouse result. */
function lcpFacts(
  lhr: Result,
  lcpMs: number,
): Pick<
  Audit,
  "lcpElement" | "lcpResource" | "lcpDiscoveryMissed" | "renderBlocking" | "lcpSimulated" | "lcpObserved" | "observed"
> {
  // The `metrics` audit gives the simulated TTFB and the simulated start and end of the LCP picture's request (times
  // since navigation, absent for text); Lighthouse leaves the render delay out under simulation: it is what remains.
  const timings = (lhr.audits.metrics?.details as TableDetails<Record<string, number | undefined>> | undefined)?.items?.[0] ?? {};
  const ttfb = timings.timeToFirstByte ?? 0;
  const observed = { fcpMs: ms(timings.observedFirstContentfulPaint), lcpMs: ms(timings.observedLargestContentfulPaint) };
  const loadStart = timings.lcpLoadDelay;
  const loadEnd = timings.lcpLoadDuration;
  const lcpSimulated: LcpBreakdown =
    loadStart !== undefined && loadEnd !== undefined
      ? {
          ttfbMs: Math.round(ttfb),
          loadDelayMs: Math.round(loadStart - ttfb),
          loadDurationMs: Math.round(loadEnd - loadStart),
          renderDelayMs: Math.round(lcpMs - loadEnd),
        }
      : { ttfbMs: Math.round(ttfb), loadDelayMs: null, loadDurationMs: null, renderDelayMs: Math.round(lcpMs - ttfb) };

  const insight = lhr.audits["lcp-breakdown-insight"]?.details as
    | TableDetails<TableDetails<{ subpart?: string; duration?: number }> & { nodeLabel?: string; snippet?: string }>
    | undefined;
  const parts = insight?.items?.find((item) => item.type === "table")?.items ?? [];
  const node = insight?.items?.find((item) => item.type === "node");
  const part = (name: string) => parts.find((item) => item.subpart === name)?.duration;
  const lcpObserved: LcpBreakdown | null =
    parts.length > 0
      ? {
          ttfbMs: ms(part("timeToFirstByte")) ?? 0,
          loadDelayMs: ms(part("resourceLoadDelay")),
          loadDurationMs: ms(part("resourceLoadDuration")),
          renderDelayMs: ms(part("elementRenderDelay")) ?? 0,
        }
      : null;
  const label = (node?.nodeLabel ?? "").replace(/\s+/g, " ").trim();
  const tag = /^<(\w+)/.exec(node?.snippet ?? "")?.[1] ?? "?";
  const discovery = lhr.audits["lcp-discovery-insight"]?.details as
    | { items?: { type?: string; items?: Record<string, { label: string; value: boolean }> }[] }
    | undefined;
  const checklist = discovery?.items?.find((item) => item.type === "checklist")?.items ?? {};
  return {
    lcpElement: `<${tag}> ${label.length > 60 ? `${label.slice(0, 57)}...` : label}`.trim(),
    lcpResource: urlPath(/\bsrc="([^"]+)"/.exec(node?.snippet ?? "")?.[1]),
    renderBlocking: ((lhr.audits["render-blocking-insight"]?.details as TableDetails<{ url?: string }> | undefined)?.items ?? [])
      .map((item) => urlPath(item.url))
      .filter((url) => url !== null),
    lcpDiscoveryMissed: Object.values(checklist)
      .filter((check) => !check.value)
      .map((check) => check.label),
    lcpSimulated,
    lcpObserved,
    observed,
  };
}

/**
 * Scripts whose download ended before Chromium painted the LCP element: Lantern puts every request that ended before
 * that paint in the simulated LCP's path, whatever its priority (low-priority pictures aside), with its evaluation.
 */
function scriptsBeforeLcpPaint(
  lhr: Result,
  requests: { resourceType?: string; priority?: string; networkEndTime?: number; transferSize?: number }[],
) {
  const timings = (lhr.audits.metrics?.details as TableDetails<Record<string, number | undefined>> | undefined)?.items?.[0];
  const paint = timings?.observedLargestContentfulPaint;
  if (paint === undefined) return null;
  const early = requests.filter(
    (r) => r.resourceType === "Script" && r.networkEndTime !== undefined && r.networkEndTime <= paint,
  );
  const late = requests.filter((r) => r.resourceType === "Script" && !early.includes(r));
  return {
    count: early.length,
    kb: kb(early.reduce((sum, r) => sum + (r.transferSize ?? 0), 0)),
    after: late.length,
  };
}

/** A URL of either shop without its origin (their ports differ), so the two compare. */
function urlPath(url: string | undefined): string | null {
  if (!url) return null;
  const parsed = new URL(url, "http://shop");
  return parsed.pathname + parsed.search;
}

async function warmUp(baseUrl: string, pagePath: string) {
  const html = await (await fetch(baseUrl + pagePath)).text();
  const pictures = [...new Set(html.match(/\/download\/[A-Za-z0-9._-]+(\?w=\d+)?/g) ?? [])];
  for (let i = 0; i < pictures.length; i += 8) {
    await Promise.all(pictures.slice(i, i + 8).map((picture) => fetch(baseUrl + picture).then((r) => r.arrayBuffer())));
  }
}

interface Shop {
  side: "A" | "B";
  checkout: Checkout;
  baseUrl: string;
  server: Tracked;
  pages: { name: string; path: string; what: string }[];
}

/** A fresh demo shop of `checkout` (catalogue and pictures seeded at start, embedded database), as `npm start` runs it. */
async function startShop(side: "A" | "B", checkout: Checkout): Promise<Shop> {
  const dataDir = path.join(dataRoot, side.toLowerCase());
  rmSync(path.join(dataDir, "pglite"), { recursive: true, force: true });
  rmSync(path.join(dataDir, "pglite.lock"), { force: true });
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...processEnv,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: "warn",
  };
  // The Node flags of that commit's `npm start`, printed by its own scripts/node-flags.ts.
  const flagsScript = path.join(checkout.root, "scripts/node-flags.ts");
  const flags = existsSync(flagsScript)
    ? spawnSync(process.execPath, [flagsScript], { cwd: checkout.root, env, encoding: "utf8" }).stdout.trim().split(/\s+/)
    : [];
  console.log(`Starting ${checkout.commit} on ${baseUrl} (demo catalogue, ${flags.join(" ") || "no Node flags"})...`);
  const server = spawnTracked(process.execPath, [...flags.filter(Boolean), "src/server/main.ts"], {
    cwd: checkout.root,
    env,
    logFile: path.join(dataDir, "server.log"),
  });
  await waitForReady(`${baseUrl}/readyz`, server, 300_000);
  const categories = await getJson<{ categoryList: { id: string; name: string }[] }>(`${baseUrl}/api/category`);
  const newest = await getJson<{ products: { id: string; name: string }[] }>(
    `${baseUrl}/api/products/getProducts?page=1&perPage=1`,
  );
  const category = categories.body.categoryList[0];
  const product = newest.body.products[0];
  if (!category || !product) throw new HarnessError(`the demo shop of ${checkout.commit} has no category or product`);
  return {
    side,
    checkout,
    baseUrl,
    server,
    pages: [
      { name: "home", path: "/", what: "home page" },
      { name: "listing", path: `/products/category/${category.id}`, what: `category ${category.name}` },
      { name: "product", path: `/product/${product.id}`, what: `product ${product.name}` },
    ],
  };
}

const label = (checkout: Checkout) => `${checkout.commit}${checkout.dirty ? "+" : ""}`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return Math.round(value * 1000) / 1000;
}

/** Medians over the rounds of one page of one commit; the LCP breakdown is that of the run with the median LCP. */
function summarise(runs: Run[]) {
  const first = runs[0];
  if (!first) throw new HarnessError("no runs to summarise");
  const of = (pick: (run: Run) => number) => median(runs.map(pick));
  const byLcp = [...runs].sort((a, b) => a.metrics.lcpMs - b.metrics.lcpMs);
  const middle = byLcp[Math.floor((byLcp.length - 1) / 2)] ?? first;
  return {
    page: first.page,
    side: first.side,
    commit: first.commit,
    rounds: runs.length,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, of((r) => r.scores[c])])) as Record<Category, number>,
    metrics: {
      fcpMs: of((r) => r.metrics.fcpMs),
      lcpMs: of((r) => r.metrics.lcpMs),
      tbtMs: of((r) => r.metrics.tbtMs),
      cls: of((r) => r.metrics.cls),
      speedIndexMs: of((r) => r.metrics.speedIndexMs),
      ttiMs: of((r) => r.metrics.ttiMs),
    },
    transferKb: {
      script: of((r) => r.transferKb.script),
      stylesheet: of((r) => r.transferKb.stylesheet),
      image: of((r) => r.transferKb.image),
      document: of((r) => r.transferKb.document),
      total: of((r) => r.transferKb.total),
    },
    scriptGzipKb: of((r) => r.scriptGzipKb),
    loadOneMinute: of((r) => r.load[0]),
    lcpRound: middle.round,
    lcpElement: middle.lcpElement,
    lcpResource: middle.lcpResource,
    lcpDiscoveryMissed: middle.lcpDiscoveryMissed,
    renderBlocking: middle.renderBlocking,
    lcpSimulated: middle.lcpSimulated,
    lcpObserved: middle.lcpObserved,
    observed: middle.observed,
    failedAudits: [...new Set(runs.flatMap((r) => r.failedAudits))],
  };
}

/** The checkouts measured: the worktrees among them are removed once the results are written (unless `--keep`). */
const checkouts: Checkout[] = [];

async function main() {
  installExitHandlers();
  mkdirSync(dataRoot, { recursive: true });
  const date = new Date().toISOString();
  const loadAtStart = loadAverage();
  const shops: Shop[] = [];
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const runs: Run[] = [];
  const lost: (Pick<Run, "round" | "page" | "side" | "commit" | "load"> & { errors: string[] })[] = [];
  try {
    if (args.commit) checkouts.push(await prepareWorktree(root, args.commit, dataRoot));
    else {
      buildIfNeeded(root);
      checkouts.push(currentCheckout(root));
    }
    if (args.against) checkouts.push(await prepareWorktree(root, args.against, dataRoot));

    // Both shops start together (seeding is the slow part), then stay up for the whole run.
    const started = await Promise.allSettled(checkouts.map((checkout, i) => startShop(i === 0 ? "A" : "B", checkout)));
    for (const outcome of started) if (outcome.status === "fulfilled") shops.push(outcome.value);
    const failed = started.find((outcome) => outcome.status === "rejected");
    if (failed) throw failed.reason;

    const launch = () => chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
    chrome = await launch();
    // One warm-up load of every page (server caches, compiled templates, the narrower picture copies made on first
    // request): shops in steady state, not ones resizing pictures while they are measured.
    for (const shop of shops) for (const page of shop.pages) await warmUp(shop.baseUrl, page.path);

    for (let round = 1; round <= rounds; round += 1) {
      for (let p = 0; p < 3; p += 1) {
        for (const shop of shops) {
          const page = shop.pages[p];
          if (!page) continue;
          const load = loadAverage();
          process.stdout.write(`  round ${round}, ${page.name}, ${shop.side} ${label(shop.checkout)} (load ${load[0]})... `);
          let result: Audit | undefined;
          const errors: string[] = [];
          for (let attempt = 1; attempt <= ATTEMPTS && !result; attempt += 1) {
            try {
              result = await audit(shop.baseUrl + page.path, chrome.port);
            } catch (error) {
              if (!(error instanceof LostRun)) throw error;
              errors.push(error.message);
              await chrome.kill();
              chrome = await launch();
            }
          }
          if (!result) {
            lost.push({ round, page: page.name, side: shop.side, commit: label(shop.checkout), load, errors });
            console.log(`lost (${errors.join("; ")})`);
            continue;
          }
          runs.push({ round, page: page.name, side: shop.side, commit: label(shop.checkout), load, ...result });
          console.log(
            `performance ${result.scores.performance}, LCP ${result.metrics.lcpMs} ms, TTI ${result.metrics.ttiMs} ms, TBT ${result.metrics.tbtMs} ms, ` +
              `CLS ${result.metrics.cls}, best practices ${result.scores["best-practices"]}, JS ${result.scriptGzipKb} KB gzip`,
          );
        }
      }
    }
  } finally {
    await chrome?.kill();
    for (const shop of shops) await stopProcess(shop.server, 15_000);
  }

  const loadAtEnd = loadAverage();
  const machine = machineFacts();
  const summaries = shops.flatMap((shop) =>
    shop.pages
      .map((page) => runs.filter((r) => r.side === shop.side && r.page === page.name))
      .filter((pageRuns) => pageRuns.length > 0)
      .map(summarise),
  );
  const verdicts = summaries.map((s) => ({
    page: s.page,
    commit: s.commit,
    performance: s.scores.performance >= TARGETS.performance,
    lcp: s.metrics.lcpMs <= TARGETS.lcpMs,
    otherScores:
      s.scores.accessibility >= TARGETS.accessibility &&
      s.scores["best-practices"] >= TARGETS["best-practices"] &&
      s.scores.seo >= TARGETS.seo,
    cls: s.metrics.cls < TARGETS.cls,
    js: s.page === "product" ? s.scriptGzipKb <= TARGETS.productJsKb : null,
  }));
  const quietRuns = runs.filter((r) => r.load[0] < TARGETS.quietLoad).length;
  const [a, b] = checkouts;
  if (!a) throw new HarnessError("no checkout was measured");
  const report = {
    benchmark: "lighthouse",
    date,
    git: { commit: a.commit, dirty: a.dirty },
    against: b ? { commit: b.commit, subject: b.subject, nodeModules: b.nodeModules } : null,
    checkouts: checkouts.map((c, i) => ({
      side: i === 0 ? "A" : "B",
      commit: c.commit,
      subject: c.subject,
      dirty: c.dirty,
      worktree: c.worktree,
      nodeModules: c.nodeModules,
    })),
    machine,
    loadAverage: { start: loadAtStart, end: loadAtEnd },
    quietRuns: `${quietRuns} of ${runs.length}`,
    rounds,
    order: b ? "each page: A then B, round after round" : "each page in turn, round after round",
    lighthouse: simulated
      ? "default mobile preset (simulated throttling)"
      : "default mobile preset, throttling applied by DevTools (the load itself slowed; figures observed)",
    chrome: CHROMIUM_PATH,
    targets: TARGETS,
    pages: shops.flatMap((shop) => shop.pages.map((page) => ({ side: shop.side, ...page }))),
    medians: summaries,
    verdicts,
    runs,
    lost,
  };

  const name = (s: { side: string; commit: string }) => `${s.side} ${s.commit}`;
  const header = [
    "page",
    "commit",
    "performance",
    "LCP ms",
    "TBT ms",
    "CLS",
    "best-practices",
    "accessibility",
    "seo",
    "FCP ms",
    "TTI ms",
    "JS KB",
    "JS gzip KB",
    "total KB",
  ];
  const rows = summaries.map((s) => [
    s.page,
    name(s),
    String(s.scores.performance),
    String(s.metrics.lcpMs),
    String(s.metrics.tbtMs),
    String(s.metrics.cls),
    String(s.scores["best-practices"]),
    String(s.scores.accessibility),
    String(s.scores.seo),
    String(s.metrics.fcpMs),
    String(s.metrics.ttiMs),
    String(s.transferKb.script),
    String(s.scriptGzipKb),
    String(s.transferKb.total),
  ]);
  const split = (l: LcpBreakdown | null) =>
    l ? [l.ttfbMs, l.loadDelayMs ?? "-", l.loadDurationMs ?? "-", l.renderDelayMs].join(" / ") : "-";
  const lcpHeader = [
    "page",
    "commit",
    "FCP ms",
    "LCP ms",
    simulated ? "simulated: TTFB / load delay / load / render ms" : "Lighthouse's metrics: TTFB / load delay / load / render ms",
    simulated ? "observed, unthrottled: same" : "observed, throttled: same",
    "observed FCP / LCP ms",
    "LCP element",
    "render-blocking",
  ];
  const lcpRows = summaries.map((s) => [
    s.page,
    name(s),
    String(s.metrics.fcpMs),
    String(s.metrics.lcpMs),
    split(s.lcpSimulated),
    split(s.lcpObserved),
    `${s.observed.fcpMs ?? "-"} / ${s.observed.lcpMs ?? "-"}`,
    s.lcpElement +
      (s.lcpResource ? ` (${s.lcpResource})` : "") +
      (s.lcpDiscoveryMissed.length > 0 ? `; missed: ${s.lcpDiscoveryMissed.join(", ")}` : ""),
    s.renderBlocking.join(", ") || "none",
  ]);
  const runHeader = [
    "round",
    "page",
    "commit",
    "load 1 / 5 / 15 min",
    "performance",
    "FCP ms",
    "LCP ms",
    "observed FCP / LCP ms",
    "scripts before the LCP paint",
    "TBT ms",
    "CLS",
    "best-practices",
  ];
  const runRows = runs.map((r) => [
    String(r.round),
    r.page,
    name(r),
    r.load.join(" / "),
    String(r.scores.performance),
    String(r.metrics.fcpMs),
    String(r.metrics.lcpMs),
    `${r.observed.fcpMs ?? "-"} / ${r.observed.lcpMs ?? "-"}`,
    r.scriptsBeforeLcpPaint
      ? `${r.scriptsBeforeLcpPaint.count} (${r.scriptsBeforeLcpPaint.kb} KB), ${r.scriptsBeforeLcpPaint.after} after`
      : "-",
    String(r.metrics.tbtMs),
    String(r.metrics.cls),
    String(r.scores["best-practices"]),
  ]);
  console.log(`\n${textTable(header, rows)}\n\n${textTable(lcpHeader, lcpRows)}\n`);

  mkdirSync(resultsDir, { recursive: true });
  const kind = simulated ? "lighthouse" : "lighthouse-devtools";
  const base = path.join(resultsDir, resultFileBase(resultsDir, date, a.commit, kind));
  writeAtomically(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
  const describe = (c: Checkout, side: string) =>
    `${side} = ${c.commit}${c.dirty ? " with uncommitted changes" : ""} (${c.worktree ? `temporary worktree, node_modules ${c.nodeModules}` : "this checkout"}): ${c.subject}`;
  const markdown = [
    `# Lighthouse ${date} (${a.commit}${a.dirty ? ", uncommitted changes" : ""}${b ? ` against ${b.commit}` : ""})`,
    "",
    `- Machine: ${machine.cpuCount} × ${machine.cpuModel}, ${machine.totalMemoryGiB} GiB; Node ${machine.node}; load ${loadAtStart.join(" / ")} at the start, ${loadAtEnd.join(" / ")} at the end; ${report.quietRuns} audits started with a 1-minute load under ${TARGETS.quietLoad}`,
    `- Lighthouse ${report.lighthouse}, Chromium ${CHROMIUM_PATH}; demo catalogue on PGlite, production build, each shop its own data directory and port`,
    ...checkouts.map((c, i) => `- ${describe(c, i === 0 ? "A" : "B")}`),
    `- ${rounds} round${rounds === 1 ? "" : "s"}, ${report.order}; figures are medians over the rounds`,
    `- Targets (issue 32, on a quiet machine): performance ≥ ${TARGETS.performance} and LCP ≤ ${TARGETS.lcpMs} ms on every page; accessibility ${TARGETS.accessibility}, best practices ${TARGETS["best-practices"]}, SEO ${TARGETS.seo}, CLS < ${TARGETS.cls}, product page JS ≤ ${TARGETS.productJsKb} KB gzip`,
    "- JS KB: scripts as sent (Brotli, precompressed at build); JS gzip KB: the same scripts gzipped at level 9 (the budget's measure)",
    "- TTI ms: Lighthouse's time to interactive (the page's scripts have run and the main thread is quiet): when a page answers as an app, not only as links and forms",
    "",
    markdownTable(header, rows),
    "",
    "## LCP",
    "",
    ...(simulated
      ? [
          "The run with the median LCP of each page. Simulated: Lighthouse's own split of the simulated LCP (TTFB, then for a",
          "picture the wait until its request and its download; render delay is the rest, up to the paint: a picture already",
          "downloaded waits for the first paint, whose requests are under render-blocking). Observed: the same split of the",
          "load Chromium actually ran, without throttling.",
        ]
      : [
          "The run with the median LCP of each page, loaded on a link and CPU slowed by DevTools as the preset says. Both",
          "splits (TTFB, then for a picture the wait until its request and its download, then the render delay) are of that",
          "throttled load: Lighthouse's metrics audit, and its LCP insight.",
        ]),
    "",
    markdownTable(lcpHeader, lcpRows),
    "",
    "## Every audit",
    "",
    ...(simulated
      ? [
          "Scripts before the LCP paint: the scripts whose download ended before Chromium painted the LCP element (on",
          "loopback, unthrottled); Lantern keeps them in the simulated LCP's path at any priority. The load average is that of",
          "the minute before each audit started.",
        ]
      : [
          "Scripts before the LCP paint: the scripts whose download ended before Chromium painted the LCP element, on the",
          "throttled link. The load average is that of the minute before each audit started.",
        ]),
    "",
    markdownTable(runHeader, runRows),
    "",
    ...(lost.length > 0
      ? [
          `Lost audits (${ATTEMPTS} attempts each, none with a result):`,
          ...lost.map((l) => `- round ${l.round}, ${l.page}, ${name(l)}, load ${l.load.join(" / ")}: ${l.errors.join("; ")}`),
          "",
        ]
      : []),
    ...summaries.flatMap((s) =>
      s.failedAudits.length > 0
        ? [`Audits below 90 on ${s.page}, ${name(s)} (any round):`, ...s.failedAudits.map((f) => `- ${f}`), ""]
        : [],
    ),
  ].join("\n");
  writeAtomically(`${base}.md`, markdown);
  console.log(`Results: ${path.relative(root, base)}.json and .md`);
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof HarnessError ? `bench: ${error.message}` : error);
    process.exitCode = 1;
  })
  .finally(() => {
    if (!args.keep) for (const checkout of checkouts) removeCheckout(root, checkout);
  });
