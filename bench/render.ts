// One file: one run of the benchmark, from its scratch database to its report, in the order it happens.
// Render benchmark: `npm run bench:render [-- --seconds 3 --rounds 4]`. In one process, on the embedded database with
// the demo catalogue (no setup), renders a product page through the shop (buildApp, Fastify inject, micro-cache and page
// cache off) anonymously and signed in, and React's streaming floor for each page's own markup (render-floor.ts), in
// alternating rounds; reports the shop's CPU per page, the floor's, and their ratio (the target of decision 026).
// Writes bench/results/<date>-<commit>-render.{md,json}. See bench/README.md, "Render benchmark".
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { ServerBuild } from "react-router";
import { nodeFlags } from "../scripts/node-flags.ts";
import { createPglite, openDatabase, rowsOf } from "../src/db/client.ts";
import { seedDemoCatalog } from "../src/db/seed/seed.ts";
import { hashPassword } from "../src/domain/accounts/passwords.ts";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config/load-config.ts";
import {
  buildIfNeeded,
  gitFacts,
  HarnessError,
  loadAverage,
  machineFacts,
  markdownTable,
  resultFileBase,
  withClient,
  withDatabase,
  writeAtomically,
} from "./lib.ts";
import { pageElements, renderStreamed } from "./render-floor.ts";

const root = path.resolve(import.meta.dirname, "..");
const resultsDir = path.join(import.meta.dirname, "results");
/** Decision 026: the shop's CPU for a rendered page at most this many times React's streaming floor for its markup. */
const RATIO_TARGET = 4;
const PASSWORD = "render benchmark password";
// One scratch database per run (dropped when it ends), so two runs on one server never drop each other's.
const BENCH_DATABASE = `storefront_bench_render_${process.pid}`;

const { values } = parseArgs({
  options: {
    seconds: { type: "string" },
    rounds: { type: "string" },
    "no-write": { type: "boolean" },
    "cache-ttl-ms": { type: "string" },
    "shop-only": { type: "boolean" },
    postgres: { type: "boolean" },
    profile: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
  strict: true,
});
if (values.help) {
  console.log(
    "Usage: npm run bench:render -- [--seconds 3] [--rounds 4] [--postgres] [--cache-ttl-ms N] [--no-write] [--shop-only [--profile DIR]]",
  );
  console.log(
    "  --cache-ttl-ms: the shop's caches on, as deployed (anonymous pages then come from the page cache: not a render)",
  );
  console.log(
    "  --postgres: the shop on a scratch database of BENCH_DATABASE_URL or TEST_DATABASE_URL (local server by default)",
  );
  console.log("  --shop-only: the shop's renders alone, no floor, no result file; --profile: a CPU profile of each page in DIR");
  process.exit(0);
}
const roundSeconds = Number(values.seconds ?? 3);
const rounds = Number(values.rounds ?? 4);
const cacheTtlMs = Number(values["cache-ttl-ms"] ?? 0);
if (!Number.isInteger(cacheTtlMs) || cacheTtlMs < 0) throw new HarnessError("--cache-ttl-ms must be a whole number of ms");
if (!(roundSeconds > 0) || !Number.isInteger(rounds) || rounds < 1)
  throw new HarnessError("--seconds must be positive, --rounds a positive integer");
// React loads its development build (several times slower) unless NODE_ENV says production when it is first imported.
if (process.env.NODE_ENV !== "production")
  throw new HarnessError("run through `npm run bench:render` (NODE_ENV=production and the shop's Node flags)");

// npm's script starts this with the embedded database's Node flags; on PostgreSQL the shop runs with others.
const shopFlags = nodeFlags(values.postgres ? { DATABASE_URL: "postgres://" } : {});
if (!shopFlags.every((flag) => process.execArgv.includes(flag))) {
  const rerun = spawnSync(process.execPath, [...process.execArgv, ...shopFlags, ...process.argv.slice(1)], { stdio: "inherit" });
  process.exit(rerun.status ?? 1);
}

buildIfNeeded(root);

// The demo catalogue without its pictures (a page's markup names them the same either way): in memory on the embedded
// database, or with --postgres in a scratch database of a PostgreSQL server, as a shop in production runs.
const dataDir = mkdtempSync(path.join(tmpdir(), "storefront-bench-render-"));
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const databaseUrl = values.postgres ? withDatabase(adminUrl, BENCH_DATABASE) : undefined;
if (databaseUrl) {
  await withClient(adminUrl, async (admin) => {
    await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
    await admin.query(`create database ${BENCH_DATABASE}`);
  });
}
const pglite = databaseUrl ? undefined : await createPglite();
const seeded = await openDatabase({ pglite, databaseUrl });
await seedDemoCatalog(seeded.db);
// The embedded database runs in this process: its work (PostgreSQL compiled to WebAssembly, synchronous on this
// thread) is counted apart, in this thread's CPU time, as on PostgreSQL it is another process's.
let databaseMs = 0;
if (pglite) {
  const execSync = pglite.execProtocolRawSync.bind(pglite);
  const threadCpuMs = () => {
    const { user, system } = process.threadCpuUsage();
    return (user + system) / 1000;
  };
  pglite.execProtocolRawSync = (message: Uint8Array) => {
    const started = threadCpuMs();
    try {
      return execSync(message);
    } finally {
      databaseMs += threadCpuMs() - started;
    }
  };
}

const config = loadConfig({
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  SEED_DEMO_DATA: "false",
  API_CACHE_TTL_MS: String(cacheTtlMs),
  LOG_LEVEL: "silent",
  ...(databaseUrl
    ? {
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: randomBytes(32).toString("hex"),
        PAYMENT_PROVIDER: "test",
        ALLOW_TEST_PAYMENTS: "true",
      }
    : {}),
});
const { server, services } = await buildApp(config, {
  pglite,
  webBuild: async () => (await import(path.join(root, "build/server/index.js"))) as ServerBuild,
});
await server.ready();

// The product with the most reviews (the demo catalogue is the same on every run): its page shows a review list.
const [picked] = await rowsOf<{ id: string }>(
  seeded.db,
  sql.raw(
    "select p.id from products p left join reviews r on r.product_id = p.id group by p.id order by count(r.id) desc, p.id limit 1",
  ),
);
if (!picked) throw new HarnessError("the demo catalogue has no products");
const productPath = `/product/${picked.id}`;
// A signed-in shopper: an account written straight into the database, signed in through the accounts service.
const email = `render-bench-${Date.now()}@bench.test`;
await seeded.db.execute(
  sql`insert into users (id, name, email, phone, password_hash, is_verified) values (gen_random_uuid(), 'Bench Shopper', ${email}, '9876543210', ${await hashPassword(PASSWORD)}, true)`,
);
const session = await services.accounts.signIn({ email, password: PASSWORD, ip: "127.0.0.1", userAgent: "bench" });

type PageKind = "anonymous" | "signedIn";
const kinds: PageKind[] = ["anonymous", "signedIn"];
const cookiesOf: Record<PageKind, Record<string, string>> = { anonymous: {}, signedIn: { sid: session.token } };

/** The page's bytes as the shop sent them: read as a stream, as light-my-request otherwise decodes each to a string. */
async function requestPage(kind: PageKind): Promise<Buffer> {
  const url = productPath;
  const response = await server.inject({ method: "GET", url, cookies: cookiesOf[kind], payloadAsStream: true });
  const chunks: Buffer[] = [];
  for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
  if (response.statusCode !== 200) throw new HarnessError(`${kind} ${productPath}: HTTP ${response.statusCode}`);
  return Buffer.concat(chunks);
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/** Calls `once` for `seconds`, in batches; the process's CPU (all threads) and the database's share, per call. */
async function measure(seconds: number, once: () => Promise<unknown>) {
  const cpuBefore = process.cpuUsage();
  const databaseBefore = databaseMs;
  const started = performance.now();
  let calls = 0;
  while (performance.now() - started < seconds * 1000) {
    for (let i = 0; i < 10; i++) {
      await once();
      // A loop of promises alone never reaches the event loop's later phases: what a request leaves to setImmediate
      // (and all it holds) would pile up until the round ends.
      await new Promise((resolve) => setImmediate(resolve));
    }
    calls += 10;
  }
  return {
    calls,
    cpuMsPerCall: cpuMs(process.cpuUsage(cpuBefore)) / calls,
    databaseMsPerCall: (databaseMs - databaseBefore) / calls,
  };
}

// Each page's markup as the shop rendered it, read back into plain elements once (render-floor.ts).
const floorElements = {} as Record<PageKind, { element: ReactNode; elements: number; bytes: number; pageBytes: number }>;
for (const kind of kinds) {
  const html = (await requestPage(kind)).toString("utf8");
  const { element, elements } = pageElements(html);
  floorElements[kind] = {
    element,
    elements,
    bytes: Buffer.byteLength(renderToString(element)),
    pageBytes: Buffer.byteLength(html),
  };
}
if (!(await requestPage("signedIn")).toString("utf8").includes("Bench Shopper"))
  throw new HarnessError("the signed-in page does not name the shopper: the session was not used");

/** Closes the shop and its database, and drops the scratch database. */
async function finish() {
  await server.close();
  await seeded.close();
  if (databaseUrl) await withClient(adminUrl, (admin) => admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`));
  rmSync(dataDir, { recursive: true, force: true });
}

if (values["shop-only"]) {
  const profiler = values.profile ? new Session() : undefined;
  profiler?.connect();
  for (const kind of kinds) {
    await measure(roundSeconds, () => requestPage(kind));
    await profiler?.post("Profiler.enable");
    await profiler?.post("Profiler.start");
    const shop = await measure(roundSeconds * rounds, () => requestPage(kind));
    const profile = await profiler?.post("Profiler.stop");
    if (profile && values.profile) {
      mkdirSync(values.profile, { recursive: true });
      writeFileSync(path.join(values.profile, `${kind}.cpuprofile`), JSON.stringify(profile.profile));
    }
    console.log(`  ${kind}: shop ${shop.cpuMsPerCall.toFixed(3)} ms (database ${shop.databaseMsPerCall.toFixed(3)})`);
  }
  await finish();
  process.exit(0);
}

console.log(`${productPath}: warming up ${roundSeconds * 2} s each...`);
for (const kind of kinds) {
  await measure(roundSeconds * 2, () => requestPage(kind));
  await measure(roundSeconds * 2, () => renderStreamed(floorElements[kind].element));
}

const noSamples = () => ({ shop: [] as number[], database: [] as number[], floor: [] as number[] });
const samples: Record<PageKind, ReturnType<typeof noSamples>> = { anonymous: noSamples(), signedIn: noSamples() };
const loadBefore = loadAverage();
for (let round = 1; round <= rounds; round++) {
  for (const kind of kinds) {
    const shop = await measure(roundSeconds, () => requestPage(kind));
    const floor = await measure(roundSeconds, () => renderStreamed(floorElements[kind].element));
    samples[kind].shop.push(shop.cpuMsPerCall);
    samples[kind].database.push(shop.databaseMsPerCall);
    samples[kind].floor.push(floor.cpuMsPerCall);
    console.log(
      `  round ${round} ${kind}: shop ${shop.cpuMsPerCall.toFixed(3)} ms (database ${shop.databaseMsPerCall.toFixed(3)}), ` +
        `floor ${floor.cpuMsPerCall.toFixed(3)} ms, ratio ${((shop.cpuMsPerCall - shop.databaseMsPerCall) / floor.cpuMsPerCall).toFixed(2)}`,
    );
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const round3 = (value: number) => Math.round(value * 1000) / 1000;
const round2 = (value: number) => Math.round(value * 100) / 100;
function figures(kind: PageKind) {
  const shopMs = median(samples[kind].shop);
  const databaseMsPerPage = median(samples[kind].database);
  const floorMs = median(samples[kind].floor);
  const ownMs = shopMs - databaseMsPerPage;
  const ratio = ownMs / floorMs;
  const { element: _, ...markup } = floorElements[kind];
  return {
    ...markup,
    shopCpuMs: round3(shopMs),
    databaseMs: round3(databaseMsPerPage),
    shopCpuMsWithoutDatabase: round3(ownMs),
    floorStreamCpuMs: round3(floorMs),
    ratio: round2(ratio),
    ratioWithDatabase: round2(shopMs / floorMs),
    pagesPerSecondPerCore: Math.round(1000 / ownMs),
    pagesPerSecondPerCoreWithDatabase: Math.round(1000 / shopMs),
    meetsTarget: ratio <= RATIO_TARGET,
    rounds: {
      shopCpuMs: samples[kind].shop.map(round3),
      databaseMs: samples[kind].database.map(round3),
      floorStreamCpuMs: samples[kind].floor.map(round3),
    },
  };
}
const pages: Record<PageKind, ReturnType<typeof figures>> = { anonymous: figures("anonymous"), signedIn: figures("signedIn") };

await finish();

const date = new Date().toISOString();
const git = gitFacts(root);
const report = {
  benchmark: "render",
  date,
  git,
  machine: machineFacts(),
  loadBefore,
  loadAfter: loadAverage(),
  nodeFlags: process.execArgv,
  path: productPath,
  database: databaseUrl ? "postgres" : "embedded",
  cacheTtlMs,
  roundSeconds,
  rounds,
  ratioTarget: RATIO_TARGET,
  pages,
};

const labels: Record<PageKind, string> = { anonymous: "anonymous", signedIn: "signed in" };
const row = (kind: PageKind) => {
  const page = pages[kind];
  return [
    labels[kind],
    page.shopCpuMs.toFixed(3),
    page.databaseMs.toFixed(3),
    page.shopCpuMsWithoutDatabase.toFixed(3),
    page.floorStreamCpuMs.toFixed(3),
    page.ratio.toFixed(2),
    page.ratioWithDatabase.toFixed(2),
    String(page.pagesPerSecondPerCore),
    String(page.elements),
    page.pageBytes.toLocaleString("en"),
  ];
};
const markdown = `# Render benchmark ${date.slice(0, 10)} (${git.commit}${git.dirty ? ", uncommitted changes" : ""})

\`npm run bench:render -- ${databaseUrl ? "--postgres " : ""}--cache-ttl-ms ${cacheTtlMs}\`: the product page ${productPath} (the demo catalogue's product with the most reviews) rendered by
the shop in this process (buildApp on ${databaseUrl ? "a PostgreSQL server" : "the embedded database"}, Fastify inject, ${cacheTtlMs === 0 ? "`API_CACHE_TTL_MS=0`: no micro-cache,\npage cache or kept reads" : `\`API_CACHE_TTL_MS=${cacheTtlMs}\`: the shop's caches as deployed, so the anonymous page\ncomes from the page cache and is not a render; not decision 026's measure`}), and React's streaming floor for the same page's markup (bench/render-floor.ts), in
${rounds} alternating rounds of ${roundSeconds} s each after a warm-up; CPU of the whole process (all threads) per page,
median of the rounds. ${databaseUrl ? "The database's work is another process's and not counted; its driver's is" : "The embedded database's own work is timed apart (on PostgreSQL it is another process's)"}; the
ratio is the shop's CPU without it over the floor's. Target (decision 026): ratio at most ${RATIO_TARGET}.

${markdownTable(
  [
    "page",
    "shop CPU ms",
    "of which database",
    "shop without database",
    "React floor (stream)",
    "ratio",
    "ratio with database",
    "pages/s per core",
    "elements",
    "HTML bytes",
  ],
  kinds.map(row),
)}

Rounds (shop ms / database ms / floor ms):

${kinds
  .map((kind) => {
    const s = samples[kind];
    return `- ${labels[kind]}: ${s.shop.map((shop, i) => `${shop.toFixed(3)} / ${(s.database[i] ?? 0).toFixed(3)} / ${(s.floor[i] ?? 0).toFixed(3)}`).join("; ")}`;
  })
  .join("\n")}

Machine: ${report.machine.cpuModel}, ${report.machine.cpuCount} CPUs, Node ${report.machine.node}, flags
\`${process.execArgv.join(" ")}\`; load average before ${loadBefore.join(" ")}, after ${report.loadAfter.join(" ")}.
`;
console.log(`\n${markdown}`);
if (!values["no-write"]) {
  const base = resultFileBase(
    resultsDir,
    date,
    git.commit,
    `render${databaseUrl ? "-postgres" : ""}${cacheTtlMs > 0 ? "-cached" : ""}`,
  );
  writeAtomically(path.join(resultsDir, `${base}.json`), `${JSON.stringify(report, null, 2)}\n`);
  writeAtomically(path.join(resultsDir, `${base}.md`), markdown);
  console.log(`written bench/results/${base}.{md,json}`);
}
process.exit(0);
