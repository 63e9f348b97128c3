// Memory benchmark: `npm run bench:memory [-- --minutes 10 --only pglite|postgres]`. Starts the shop as `npm start`
// runs it (production, demo catalogue, the same Node flags) on the embedded database and on PostgreSQL (when one
// answers), reads its resident memory idle, then under a mixed soak (pages, API lists and details, search, images,
// guest cart adds) for the given minutes, and writes bench/results/<date>-<commit>-memory.{md,json}.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { processEnv } from "../scripts/node-flags.ts";
import {
  freePort,
  gitFacts,
  HarnessError,
  installExitHandlers,
  loadAverage,
  machineFacts,
  markdownTable,
  portAnswers,
  sleep,
  spawnTracked,
  startNodeFlags,
  stopProcess,
  waitForReady,
} from "./lib.ts";

const root = path.resolve(import.meta.dirname, "..");
const dataRoot = path.join(import.meta.dirname, ".data");
const resultsDir = path.join(import.meta.dirname, "results");
const BENCH_DATABASE = "storefront_bench_memory";
const SAMPLE_EVERY_MS = 5000;
const SOAK_WORKERS = 8;
/** The budget this shop keeps (issue "Hardening", item 11), checked by every run. */
const BUDGET = { pglite: { idleMiB: 300, growthMiB: 50 }, postgres: { idleMiB: 250, growthMiB: 50 } } as const;

const { values } = parseArgs({
  options: { minutes: { type: "string" }, only: { type: "string" }, help: { type: "boolean", short: "h" } },
  strict: true,
});
if (values.help) {
  console.log("Usage: npm run bench:memory -- [--minutes 10] [--only pglite|postgres]");
  process.exit(0);
}
const minutes = Number(values.minutes ?? 10);
if (!(minutes > 0)) throw new HarnessError("--minutes must be a positive number");
if (values.only !== undefined && values.only !== "pglite" && values.only !== "postgres") {
  throw new HarnessError("--only must be pglite or postgres");
}

function memory(pid: number | undefined): { rss: number; hwm: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
    return { rss: Math.round(kib("VmRSS") / 1024), hwm: Math.round(kib("VmHWM") / 1024) };
  } catch {
    return undefined;
  }
}

interface Run {
  target: "pglite" | "postgres";
  idleMiB: number;
  /** The most it held during its first start (migrations, seeding the demo catalogue, rendering its images). */
  startupPeakMiB: number;
  /** The most it held during the soak. */
  peakMiB: number;
  firstMinuteMiB: number;
  lastMinuteMiB: number;
  growthMiB: number;
  requests: number;
  errors: number;
  samples: { seconds: number; rss: number }[];
  withinBudget: boolean;
  /** The Node flags the server ran with (they depend on the database: scripts/node-flags.ts). */
  flags: string[];
}

async function measure(target: "pglite" | "postgres", adminUrl: string | undefined): Promise<Run> {
  const dataDir = path.join(dataRoot, `memory-${target}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...processEnv,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SESSION_SECRET: randomBytes(48).toString("base64"),
    PAYMENT_PROVIDER: "test",
    ALLOW_TEST_PAYMENTS: "true",
  };
  delete env.DATABASE_URL;
  if (target === "postgres" && adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
    await admin.query(`create database ${BENCH_DATABASE}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${BENCH_DATABASE}`;
    env.DATABASE_URL = url.toString();
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  Object.assign(env, { PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: baseUrl });
  const flags = startNodeFlags(root, env);
  // The first start migrates, seeds the demo catalogue and renders its images: measured, then stopped. The shop is
  // measured on its second start, as it runs every day after.
  const seeding = spawnTracked(process.execPath, [...flags, "src/server/main.ts"], {
    cwd: root,
    env,
    logFile: path.join(dataDir, "first-start.log"),
  });
  let firstStartPeak = Number.NaN;
  try {
    await waitForReady(`${baseUrl}/readyz`, seeding, 600_000);
    firstStartPeak = memory(seeding.child.pid)?.hwm ?? Number.NaN;
  } finally {
    await stopProcess(seeding, 15_000);
  }
  const server = spawnTracked(process.execPath, [...flags, "src/server/main.ts"], {
    cwd: root,
    env,
    logFile: path.join(dataDir, "server.log"),
  });
  try {
    await waitForReady(`${baseUrl}/readyz`, server, 600_000);
    const pid = server.child.pid;
    await sleep(10_000);
    const idle = memory(pid)?.rss ?? Number.NaN;
    const startupPeak = firstStartPeak;

    const products = (await (await fetch(`${baseUrl}/api/products?perPage=100`)).json()) as {
      products: { id: string; images: string[]; productRam: string[]; size: string[]; productWeight: string[] }[];
    };
    const list = products.products;
    if (list.length === 0) throw new HarnessError("the demo catalogue is empty");
    const words = ["phone", "shirt", "watch", "bag", "shoes", "laptop", "rice", "tea"];
    let requests = 0;
    let errors = 0;
    const pick = <T>(items: readonly T[], n: number) => items[n % items.length] as T;
    const work = [
      (_n: number) => fetch(`${baseUrl}/`),
      (n: number) => fetch(`${baseUrl}/api/products?page=${(n % 4) + 1}`),
      (n: number) => fetch(`${baseUrl}/api/products/${pick(list, n).id}`),
      (n: number) => fetch(`${baseUrl}/product/${pick(list, n).id}`),
      (n: number) => fetch(`${baseUrl}/api/search?q=${pick(words, n)}`),
      (n: number) => fetch(`${baseUrl}/search?q=${pick(words, n)}`),
      (n: number) => {
        const image = pick(list, n).images[0]?.split("/").pop() ?? "missing.webp";
        return fetch(`${baseUrl}/download/${image}?w=${pick([200, 400], n)}`);
      },
      (n: number) => {
        const product = pick(list, n);
        const form = new URLSearchParams({
          intent: "add",
          productId: product.id,
          quantity: "1",
          productRam: product.productRam[0] ?? "",
          size: product.size[0] ?? "",
          productWeight: product.productWeight[0] ?? "",
        });
        return fetch(`${baseUrl}/cart`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
          body: form,
          redirect: "manual",
        });
      },
    ];

    const samples: { seconds: number; rss: number }[] = [];
    const started = performance.now();
    const deadline = started + minutes * 60_000;
    const sampler = setInterval(() => {
      const now = memory(pid);
      if (now) samples.push({ seconds: Math.round((performance.now() - started) / 1000), rss: now.rss });
    }, SAMPLE_EVERY_MS);
    await Promise.all(
      Array.from({ length: SOAK_WORKERS }, async (_, worker) => {
        let n = worker;
        while (performance.now() < deadline) {
          try {
            const response = await pick(work, n)(n);
            await response.arrayBuffer();
            if (response.status >= 500) errors += 1;
          } catch {
            errors += 1;
          }
          requests += 1;
          n += SOAK_WORKERS + 1;
        }
      }),
    );
    clearInterval(sampler);
    const peak = Math.max(...samples.map((s) => s.rss));
    const window = Math.min(60, (minutes * 60) / 4);
    const average = (list: { rss: number }[]) => Math.round(list.reduce((sum, s) => sum + s.rss, 0) / Math.max(1, list.length));
    const total = minutes * 60;
    // Growth: the last minute against the first minute after a minute of warm-up (caches filled, JIT settled).
    const first = average(samples.filter((s) => s.seconds > window && s.seconds <= 2 * window));
    const last = average(samples.filter((s) => s.seconds > total - window));
    const budget = BUDGET[target];
    return {
      target,
      idleMiB: idle,
      startupPeakMiB: startupPeak,
      peakMiB: peak,
      firstMinuteMiB: first,
      lastMinuteMiB: last,
      growthMiB: last - first,
      requests,
      errors,
      samples,
      withinBudget: idle <= budget.idleMiB && last - first <= budget.growthMiB,
      flags,
    };
  } finally {
    await stopProcess(server, 15_000);
  }
}

installExitHandlers();
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const runs: Run[] = [];
if (values.only !== "postgres") runs.push(await measure("pglite", undefined));
if (values.only !== "pglite") {
  if (await portAnswers("127.0.0.1", Number(new URL(adminUrl).port || 5432))) runs.push(await measure("postgres", adminUrl));
  else console.log(`PostgreSQL skipped: nothing answers at ${adminUrl}`);
}

const date = new Date().toISOString();
const git = gitFacts(root);
const table = markdownTable(
  [
    "database",
    "start-up peak MiB",
    "idle MiB",
    "soak peak MiB",
    "1st minute MiB",
    "last minute MiB",
    "growth MiB",
    "requests",
    "errors",
    "budget",
  ],
  runs.map((run) => [
    run.target,
    String(run.startupPeakMiB),
    String(run.idleMiB),
    String(run.peakMiB),
    String(run.firstMinuteMiB),
    String(run.lastMinuteMiB),
    String(run.growthMiB),
    String(run.requests),
    String(run.errors),
    run.withinBudget ? "within" : "OVER",
  ]),
);
const markdown = `# Memory, ${date.slice(0, 10)} (commit ${git.commit}${git.dirty ? ", dirty" : ""})

Resident memory (VmRSS) of the shop as \`npm start\` runs it (\`node [flags] src/server/main.ts\`, flags by database:
${runs.map((run) => `${run.target} \`${run.flags.join(" ")}\``).join(", ")}; production, demo catalogue), on its second start (the first one seeds the catalogue and is measured apart): idle 10 s
after \`/readyz\`, then a ${minutes}-minute soak by ${SOAK_WORKERS} concurrent
clients mixing the home page, API lists and details, product pages, search (API and page), resized images and guest
cart adds; sampled every ${SAMPLE_EVERY_MS / 1000} s. Growth is the last minute's average against the
second minute's (after a minute of warm-up). The first start's peak (VmHWM) includes migrating and seeding the demo
catalogue and rendering its images on a fresh data directory. Machine: ${machineFacts().cpuCount} × ${machineFacts().cpuModel}, load
before ${loadAverage().join(" ")}.

${table}

Budget: PGlite idle ≤ ${BUDGET.pglite.idleMiB} MiB, PostgreSQL idle ≤ ${BUDGET.postgres.idleMiB} MiB (the shop process
only: the PostgreSQL server's own memory is not counted), growth ≤ ${BUDGET.pglite.growthMiB} MiB over the soak.
`;
mkdirSync(resultsDir, { recursive: true });
const base = path.join(resultsDir, `${date.slice(0, 10)}-${git.commit}-memory`);
writeFileSync(
  `${base}.json`,
  `${JSON.stringify({ date, ...git, machine: machineFacts(), minutes, budget: BUDGET, runs }, null, 2)}\n`,
);
writeFileSync(`${base}.md`, markdown);
console.log(markdown);
console.log(`written: ${path.relative(root, base)}.{md,json}`);
