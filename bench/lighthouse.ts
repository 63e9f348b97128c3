// Lighthouse benchmark of the web app: `npm run bench:lighthouse` (also the first half of `npm run bench`).
// Starts the production server on a fresh demo shop, audits the home page, a category listing and a product page with
// Lighthouse's default mobile preset in Debian's Chromium, and writes the scores, CLS and JavaScript weight to
// bench/results/. A benchmark, not a test: it fails only when the harness does (build, start, Chromium), never on a
// figure. See bench/README.md.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.ts";
import {
  freePort,
  getJson,
  gitFacts,
  HarnessError,
  installExitHandlers,
  loadAverage,
  machineFacts,
  markdownTable,
  spawnTracked,
  stopProcess,
  textTable,
  waitForReady,
} from "./lib.ts";
import { PAGE_SCRIPTS_GZIP_KB } from "./page-weight.ts";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.join(import.meta.dirname, ".data", "lighthouse");
const resultsDir = path.join(import.meta.dirname, "results");

/** The targets (mobile preset); the script budget is the one `npm test` enforces on the build. */
const TARGETS = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  productJsKb: PAGE_SCRIPTS_GZIP_KB,
  cls: 0.02,
};
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

interface PageResult {
  name: string;
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };
  /** Bytes on the wire (compressed) by resource type. */
  transferKb: { script: number; stylesheet: number; image: number; document: number; total: number };
  /** The page's scripts gzipped at level 9: the measure of the JavaScript budget (the wire carries Brotli). */
  scriptGzipKb: number;
  /** Audits that did not pass in the four categories (id: title), for the next round of work. */
  failedAudits: string[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function audit(url: string, port: number): Promise<Omit<PageResult, "name" | "path">> {
  // Chromium now and then loses the trace of a load (NO_NAVSTART): that run says nothing about the page, so once more.
  let lhr: Result;
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
    if (!result) throw new HarnessError(`Lighthouse returned nothing for ${url}`);
    lhr = result.lhr;
    if (!lhr.runtimeError) break;
    if (attempt === 2) throw new HarnessError(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => Math.round((lhr.audits[id]?.numericValue ?? 0) * 1000) / 1000;
  const summary = (lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] })
    ?.items;
  const bytes = (type: string) => summary?.find((item) => item.resourceType === type)?.transferSize ?? 0;
  const failedAudits = CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a !== undefined && a.score !== null && a.score < 0.9)
      .map((a) => `${category}: ${a?.id} (${a?.title})`),
  );
  const scripts = ((lhr.audits["network-requests"]?.details as { items?: { url: string; resourceType?: string }[] })?.items ?? [])
    .filter((item) => item.resourceType === "Script")
    .map((item) => item.url);
  let scriptGzipBytes = 0;
  for (const script of scripts) {
    const body = Buffer.from(await (await fetch(script, { headers: { "accept-encoding": "identity" } })).arrayBuffer());
    scriptGzipBytes += gzipSync(body, { level: 9 }).byteLength;
  }
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
      lcpMs: Math.round(numeric("largest-contentful-paint")),
      tbtMs: Math.round(numeric("total-blocking-time")),
      cls: numeric("cumulative-layout-shift"),
      speedIndexMs: Math.round(numeric("speed-index")),
    },
    transferKb: {
      script: kb(bytes("script")),
      stylesheet: kb(bytes("stylesheet")),
      image: kb(bytes("image")),
      document: kb(bytes("document")),
      total: kb(bytes("total")),
    },
    failedAudits: [...new Set(failedAudits)],
  };
}

async function warmUp(baseUrl: string, pagePath: string) {
  const html = await (await fetch(baseUrl + pagePath)).text();
  const pictures = [...new Set(html.match(/\/download\/[A-Za-z0-9._-]+(\?w=\d+)?/g) ?? [])];
  for (let i = 0; i < pictures.length; i += 8) {
    await Promise.all(pictures.slice(i, i + 8).map((picture) => fetch(baseUrl + picture).then((r) => r.arrayBuffer())));
  }
}

async function main() {
  installExitHandlers();
  console.log("Building the web app if needed...");
  const build = spawnSync(process.execPath, ["scripts/build-if-needed.ts"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) throw new HarnessError("scripts/build-if-needed.ts failed");

  // A fresh demo shop (catalogue and images seeded at start), on the embedded database.
  rmSync(path.join(dataDir, "pglite"), { recursive: true, force: true });
  rmSync(path.join(dataDir, "pglite.lock"), { force: true });
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: "warn",
  };
  console.log(`Starting the shop on ${baseUrl} (demo catalogue)...`);
  const server = spawnTracked(process.execPath, ["src/server/main.ts"], {
    cwd: root,
    env,
    logFile: path.join(dataDir, "server.log"),
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const pages: PageResult[] = [];
  try {
    await waitForReady(`${baseUrl}/readyz`, server, 300_000);
    const categories = await getJson<{ categoryList: { id: string; name: string }[] }>(`${baseUrl}/api/category`);
    const newest = await getJson<{ products: { id: string; name: string }[] }>(
      `${baseUrl}/api/products/getProducts?page=1&perPage=1`,
    );
    const category = categories.body.categoryList[0];
    const product = newest.body.products[0];
    if (!category || !product) throw new HarnessError("the demo shop has no category or product");
    const targets = [
      { name: "home", path: "/" },
      { name: "category listing", path: `/products/category/${category.id}` },
      { name: "product page", path: `/product/${product.id}` },
    ];

    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: CHROMIUM_ARGS,
    });
    for (const target of targets) {
      // One warm-up load (server caches, compiled templates, the narrower picture copies made on first request),
      // then the measured one: a shop in steady state, not one resizing pictures while it is measured.
      await warmUp(baseUrl, target.path);
      process.stdout.write(`  ${target.name} (${target.path})... `);
      const result = await audit(baseUrl + target.path, chrome.port);
      pages.push({ ...target, ...result });
      console.log(
        CATEGORIES.map((c) => `${c} ${result.scores[c]}`).join(", ") +
          `; CLS ${result.metrics.cls}; JS ${result.transferKb.script} KB sent, ${result.scriptGzipKb} KB gzip`,
      );
    }
  } finally {
    await chrome?.kill();
    await stopProcess(server, 15_000);
  }

  const date = new Date().toISOString();
  const git = gitFacts(root);
  const machine = machineFacts();
  const product = pages.find((p) => p.name === "product page");
  const verdicts = {
    scores: pages.map((p) => ({
      page: p.name,
      met: CATEGORIES.every((c) => p.scores[c] >= TARGETS[c]),
      cls: p.metrics.cls < TARGETS.cls,
    })),
    productJs: product ? product.scriptGzipKb <= TARGETS.productJsKb : null,
  };
  const report = {
    benchmark: "lighthouse",
    date,
    git,
    machine,
    loadAverage: loadAverage(),
    lighthouse: "default mobile preset (simulated throttling)",
    chrome: CHROMIUM_PATH,
    targets: TARGETS,
    pages,
    verdicts,
  };
  const header = ["page", ...CATEGORIES, "LCP ms", "TBT ms", "CLS", "JS KB", "JS gzip KB", "CSS KB", "total KB"];
  const rows = pages.map((p) => [
    p.name,
    ...CATEGORIES.map((c) => String(p.scores[c])),
    String(p.metrics.lcpMs),
    String(p.metrics.tbtMs),
    String(p.metrics.cls),
    String(p.transferKb.script),
    String(p.scriptGzipKb),
    String(p.transferKb.stylesheet),
    String(p.transferKb.total),
  ]);
  console.log(`\n${textTable(header, rows)}\n`);

  mkdirSync(resultsDir, { recursive: true });
  const base = path.join(resultsDir, `${date.slice(0, 10)}-${git.commit}-lighthouse`);
  writeFileSync(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
  const markdown = [
    `# Lighthouse ${date} (${git.commit}${git.dirty ? ", uncommitted changes" : ""})`,
    "",
    `- Machine: ${machine.cpuCount} × ${machine.cpuModel}, ${machine.totalMemoryGiB} GiB; Node ${machine.node}; load ${report.loadAverage.join(" / ")}`,
    `- Lighthouse ${report.lighthouse}, Chromium ${CHROMIUM_PATH}; demo catalogue on PGlite, production build`,
    `- Targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ≥ ${TARGETS["best-practices"]}, SEO ${TARGETS.seo}, CLS < ${TARGETS.cls}, product page JS ≤ ${TARGETS.productJsKb} KB gzip`,
    "- JS KB: scripts as sent (Brotli, precompressed at build); JS gzip KB: the same scripts gzipped at level 9 (the budget's measure)",
    "",
    markdownTable(header, rows),
    "",
    ...pages.flatMap((p) =>
      p.failedAudits.length > 0 ? [`Audits below 90 on ${p.name}:`, ...p.failedAudits.map((a) => `- ${a}`), ""] : [],
    ),
  ].join("\n");
  writeFileSync(`${base}.md`, markdown);
  console.log(`Results: ${path.relative(root, base)}.json and .md`);
}

main().catch((error: unknown) => {
  console.error(error instanceof HarnessError ? `bench: ${error.message}` : error);
  process.exit(1);
});
