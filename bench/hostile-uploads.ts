// Hostile uploads: `npm run bench:uploads [-- --rounds 3 --only pglite|postgres --kinds bombs,large --against <dir>]`.
// Starts the shop as `npm start` runs it (production, demo catalogue, the same Node flags), drives it with a light mix
// of pages and API reads, then sends one burst of concurrent photo uploads from one signed-in shopper and samples the
// process's resident memory before, during and after; a fresh start for every burst. `--against` names another
// checkout (a `git worktree` of an older commit, with its own node_modules and build), run the same way in alternate
// order, so a change is measured side by side in one run. Writes bench/results/<date>-<commit>-uploads.{md,json}.
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import sharp from "sharp";
import { processEnv } from "../scripts/node-flags.ts";
import { openDatabase } from "../src/db/client.ts";
import { hashPassword } from "../src/domain/accounts/passwords.ts";
import {
  freePort,
  gitFacts,
  HarnessError,
  installExitHandlers,
  loadAverage,
  machineFacts,
  markdownTable,
  portAnswers,
  productionServerEnv,
  resultFileBase,
  signInToken,
  sleep,
  startProductionServer,
  stopProcess,
  withDatabase,
  writeAtomically,
} from "./lib.ts";

const root = path.resolve(import.meta.dirname, "..");
const resultsDir = path.join(import.meta.dirname, "results");
const PASSWORD = "bench uploads password 123";
const SAMPLE_EVERY_MS = 100;
const WARM_SECONDS = 10;
const BACKGROUND_WORKERS = 4;
/** The line the issue that asked for this benchmark drew (issue 30, finding 8): the shop alone, MiB. */
const LINE_MIB = 400;

const { values } = parseArgs({
  options: {
    rounds: { type: "string" },
    only: { type: "string" },
    kinds: { type: "string" },
    uploads: { type: "string" },
    against: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
  strict: true,
});
if (values.help) {
  console.log(
    "Usage: npm run bench:uploads -- [--rounds 3] [--only pglite|postgres] [--kinds bombs,large] [--uploads 24] [--against <checkout>]",
  );
  process.exit(0);
}
const rounds = Number(values.rounds ?? 3);
const concurrentUploads = Number(values.uploads ?? 24);
const kinds = (values.kinds ?? "bombs,large").split(",") as Kind[];
if (!(rounds > 0) || !(concurrentUploads > 0)) throw new HarnessError("--rounds and --uploads must be positive numbers");
if (kinds.some((kind) => kind !== "bombs" && kind !== "large")) throw new HarnessError("--kinds takes bombs and/or large");
if (values.only !== undefined && values.only !== "pglite" && values.only !== "postgres") {
  throw new HarnessError("--only must be pglite or postgres");
}

type Kind = "bombs" | "large";
type Target = "pglite" | "postgres";
interface Variant {
  name: string;
  root: string;
  /** The environment that checkout's `npm start` gives the process (its scripts/node-flags.ts' processEnv, if any). */
  env: Record<string, string>;
}

async function variant(dir: string): Promise<Variant> {
  const flags = (await import(path.join(dir, "scripts/node-flags.ts"))) as { processEnv?: Record<string, string> };
  return { name: `${path.basename(dir)} (${gitFacts(dir).commit})`, root: dir, env: { ...flags.processEnv } };
}

const variants: Variant[] = [await variant(root)];
if (values.against) variants.push(await variant(path.resolve(values.against)));

/** productionServerEnv, with this checkout's processEnv swapped for the variant's own. */
function variantEnv(variant: Variant, options: Parameters<typeof productionServerEnv>[0]): NodeJS.ProcessEnv {
  const env = productionServerEnv(options);
  for (const key of Object.keys(processEnv)) delete env[key];
  return { ...env, ...variant.env, ...options.extra };
}

// ---------------------------------------------------------------------------------------------------------------------
// The files. A bomb is a flat picture of just under UPLOAD_MAX_PIXELS (40,000,000 by default) that compresses to
// almost nothing; a "large" file is a noise JPEG of a few MB (noise does not compress), under UPLOAD_MAX_BYTES.

const SIDE = 6324;
async function files(): Promise<Record<Kind, { name: string; type: string; bytes: Buffer }[]>> {
  const flat = (channels: 3 | 4) =>
    sharp({ create: { width: SIDE, height: SIDE, channels, background: { r: 10, g: 20, b: 30, alpha: 1 } } });
  const bombs = [
    {
      name: "rgba16.png",
      type: "image/png",
      bytes: await flat(4).toColourspace("rgb16").png({ compressionLevel: 9 }).toBuffer(),
    },
    { name: "rgb8.png", type: "image/png", bytes: await flat(3).png({ compressionLevel: 9 }).toBuffer() },
    {
      name: "flat.webp",
      type: "image/webp",
      bytes: await sharp({ create: { width: 16383, height: 2441, channels: 4, background: "#0a141e" } })
        .webp({ lossless: true })
        .toBuffer(),
    },
  ];
  const noise = await sharp({
    create: { width: 1900, height: 1900, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } },
  })
    .jpeg({ quality: 92 })
    .toBuffer();
  if (noise.byteLength > 5 * 1024 * 1024)
    throw new HarnessError(`the large file is ${noise.byteLength} bytes, over UPLOAD_MAX_BYTES`);
  return { bombs, large: [{ name: "noise.jpg", type: "image/jpeg", bytes: noise }] };
}

// ---------------------------------------------------------------------------------------------------------------------

function memory(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kib ? Math.round(Number(kib) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

interface Burst {
  target: Target;
  variant: string;
  round: number;
  kind: Kind;
  beforeMiB: number;
  peakMiB: number;
  afterMiB: number;
  seconds: number;
  statuses: Record<string, number>;
  /** The first message of each refusal. */
  messages: Record<string, string>;
  background: { requests: number; errors: number; p50Ms: number; p99Ms: number; maxMs: number };
}

interface Setup {
  target: Target;
  variant: Variant;
  dataDir: string;
  databaseUrl: string;
  users: string[];
}

/** A fresh data directory (and database), migrated and seeded with the demo catalogue by the variant itself, and shoppers. */
async function setUp(target: Target, variant: Variant, index: number, adminUrl: string | undefined): Promise<Setup> {
  const dataDir = path.join(import.meta.dirname, ".data", `uploads-${target}-${index}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  let databaseUrl = "";
  if (target === "postgres" && adminUrl) {
    const database = `storefront_bench_uploads_${index}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
    await admin.end();
    databaseUrl = withDatabase(adminUrl, database);
  }
  const port = await freePort();
  const env = variantEnv(variant, { dataDir, databaseUrl, port, extra: { SEED_DEMO_DATA: "true" } });
  console.log(`${target}, ${variant.name}: first start (migrations, demo catalogue)...`);
  const { server } = await startProductionServer(variant.root, {
    env,
    logFile: path.join(dataDir, "first-start.log"),
    timeoutMs: 600_000,
  });
  await stopProcess(server, 15_000);
  const database = await openDatabase({ databaseUrl: databaseUrl || undefined, pgliteDir: path.join(dataDir, "pglite") });
  const users: string[] = [];
  try {
    const passwordHash = await hashPassword(PASSWORD);
    for (let i = 0; i < rounds * kinds.length; i++) {
      const email = `uploader-${i}@bench.test`;
      await database.db.execute(
        sql`insert into users (id, name, email, phone, password_hash, is_verified)
            values (gen_random_uuid(), ${`Uploader ${i}`}, ${email}, '9876543210', ${passwordHash}, true)`,
      );
      users.push(email);
    }
  } finally {
    await database.close();
  }
  return { target, variant, dataDir, databaseUrl, users };
}

async function burst(setup: Setup, round: number, kind: Kind, user: string, payloads: Awaited<ReturnType<typeof files>>) {
  const port = await freePort();
  const env = variantEnv(setup.variant, { dataDir: setup.dataDir, databaseUrl: setup.databaseUrl, port });
  const { server, baseUrl } = await startProductionServer(setup.variant.root, {
    env,
    logFile: path.join(setup.dataDir, `server-${round}-${kind}.log`),
    timeoutMs: 300_000,
  });
  try {
    const pid = server.child.pid;
    const token = await signInToken(baseUrl, user, PASSWORD);
    const list = (await (await fetch(`${baseUrl}/api/products?perPage=20`)).json()) as { products: { id: string }[] };
    const paths = ["/", "/api/products?page=1", "/search?q=phone", ...list.products.slice(0, 5).map((p) => `/product/${p.id}`)];

    // Background: shoppers reading pages all along; their latencies are kept from the burst's start to its end.
    const samples: { at: number; rss: number }[] = [];
    const sampler = setInterval(() => {
      const rss = memory(pid);
      if (rss !== undefined) samples.push({ at: performance.now(), rss });
    }, SAMPLE_EVERY_MS);
    let stop = false;
    const latencies: { at: number; ms: number; ok: boolean }[] = [];
    const workers = Array.from({ length: BACKGROUND_WORKERS }, async (_, worker) => {
      for (let n = worker; !stop; n += BACKGROUND_WORKERS) {
        const started = performance.now();
        let ok = false;
        try {
          const response = await fetch(`${baseUrl}${paths[n % paths.length]}`, { signal: AbortSignal.timeout(30_000) });
          await response.arrayBuffer();
          ok = response.status < 500;
        } catch {
          ok = false;
        }
        latencies.push({ at: started, ms: performance.now() - started, ok });
      }
    });
    await sleep(WARM_SECONDS * 1000);

    const burstStart = performance.now();
    const statuses: Record<string, number> = {};
    const messages: Record<string, string> = {};
    const choices = payloads[kind];
    await Promise.all(
      Array.from({ length: concurrentUploads }, async (_, i) => {
        const form = new FormData();
        for (let j = 0; j < 5; j++) {
          const file = choices[(i + j) % choices.length];
          if (file) form.append("images", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
        }
        let status = "error";
        try {
          const response = await fetch(`${baseUrl}/api/user/upload`, {
            method: "POST",
            headers: { authorization: `Bearer ${token}` },
            body: form,
            signal: AbortSignal.timeout(300_000),
          });
          status = String(response.status);
          const body = (await response.json().catch(() => ({}))) as { msg?: string };
          if (response.status !== 200 && body.msg) messages[status] ??= body.msg;
        } catch {
          // counted as "error"
        }
        statuses[status] = (statuses[status] ?? 0) + 1;
      }),
    );
    const burstEnd = performance.now();
    await sleep(5000);
    stop = true;
    await Promise.all(workers);
    clearInterval(sampler);

    const before = samples.filter((s) => s.at >= burstStart - 5000 && s.at < burstStart).map((s) => s.rss);
    const during = samples.filter((s) => s.at >= burstStart && s.at <= burstEnd + 2000).map((s) => s.rss);
    const during2 = latencies.filter((l) => l.at >= burstStart && l.at <= burstEnd);
    const sorted = during2.map((l) => l.ms).sort((a, b) => a - b);
    return {
      target: setup.target,
      variant: setup.variant.name,
      round,
      kind,
      beforeMiB: Math.max(...before),
      peakMiB: Math.max(...during),
      afterMiB: samples.at(-1)?.rss ?? Number.NaN,
      seconds: Math.round((burstEnd - burstStart) / 100) / 10,
      statuses,
      messages,
      background: {
        requests: during2.length,
        errors: during2.filter((l) => !l.ok).length,
        p50Ms: Math.round(percentile(sorted, 0.5)),
        p99Ms: Math.round(percentile(sorted, 0.99)),
        maxMs: Math.round(sorted.at(-1) ?? 0),
      },
    } satisfies Burst;
  } finally {
    await stopProcess(server, 15_000);
  }
}

installExitHandlers();
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const targets: Target[] = [];
if (values.only !== "postgres") targets.push("pglite");
if (values.only !== "pglite") {
  if (await portAnswers("127.0.0.1", Number(new URL(adminUrl).port || 5432))) targets.push("postgres");
  else console.log(`PostgreSQL skipped: nothing answers at ${adminUrl}`);
}

const loadBefore = loadAverage();
const payloads = await files();
const bursts: Burst[] = [];
for (const target of targets) {
  const setups: Setup[] = [];
  for (const [index, variant] of variants.entries()) setups.push(await setUp(target, variant, index, adminUrl));
  for (let round = 1; round <= rounds; round++) {
    for (const [k, kind] of kinds.entries()) {
      // Alternate which variant goes first, so a machine that slows down over the run does not favour one.
      const order = round % 2 === 1 ? setups : [...setups].reverse();
      for (const setup of order) {
        const user = setup.users[(round - 1) * kinds.length + k];
        if (!user) throw new HarnessError("ran out of shoppers");
        const result = await burst(setup, round, kind, user, payloads);
        console.log(JSON.stringify(result));
        bursts.push(result);
      }
    }
  }
}

const date = new Date().toISOString();
const git = gitFacts(root);
const table = markdownTable(
  ["database", "code", "round", "files", "before MiB", "peak MiB", "after MiB", "burst s", "answers", "pages p50 / p99 / max ms"],
  bursts.map((b) => [
    b.target,
    b.variant,
    String(b.round),
    b.kind,
    String(b.beforeMiB),
    String(b.peakMiB),
    String(b.afterMiB),
    String(b.seconds),
    Object.entries(b.statuses)
      .map(([status, count]) => `${count}× ${status}`)
      .join(", "),
    `${b.background.p50Ms} / ${b.background.p99Ms} / ${b.background.maxMs}${b.background.errors ? ` (${b.background.errors} failed)` : ""}`,
  ]),
);
const sizes = Object.entries(payloads)
  .map(([kind, list]) => `${kind}: ${list.map((f) => `${f.name} ${Math.round(f.bytes.byteLength / 1024)} KiB`).join(", ")}`)
  .join("; ");
const markdown = `# Hostile uploads, ${date.slice(0, 10)} (commit ${git.commit}${git.dirty ? ", dirty" : ""})

Resident memory (VmRSS, sampled every ${SAMPLE_EVERY_MS} ms) of the shop as \`npm start\` runs it, on a demo catalogue,
while ${BACKGROUND_WORKERS} clients read pages (home, a listing, search, product pages) and one signed-in shopper sends
${concurrentUploads} concurrent \`POST /api/user/upload\` of 5 files each; a fresh start for every burst. "before" is the
most in the 5 s before the burst, "peak" the most from its start to 2 s after its last answer, "after" 5 s after that.
Files (${sizes}): bombs are flat pictures just under UPLOAD_MAX_PIXELS that compress to almost nothing; large files are
noise JPEGs of a few MB. Page latencies are those of requests started during the burst.
Each checkout ran with its own \`npm start\` environment: ${variants.map((v) => `${v.name} ${JSON.stringify(v.env)}`).join(", ")}.
Machine: ${machineFacts().cpuCount} × ${machineFacts().cpuModel}, load before ${loadBefore.join(" ")}.

${table}

The line drawn by issue 30 is ${LINE_MIB} MiB for the shop process (the PostgreSQL server's own memory is not counted).
`;
mkdirSync(resultsDir, { recursive: true });
const base = path.join(resultsDir, resultFileBase(resultsDir, date, git.commit, "uploads"));
writeAtomically(
  `${base}.json`,
  `${JSON.stringify({ date, ...git, machine: machineFacts(), loadBefore, rounds, concurrentUploads, variants, bursts }, null, 2)}\n`,
);
writeAtomically(`${base}.md`, markdown);
console.log(markdown);
console.log(`written: ${path.relative(root, base)}.{md,json}`);
