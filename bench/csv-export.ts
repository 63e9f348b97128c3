// The catalogue's CSV export, two commits side by side (issue 33, item 9: 1,000,000 rows under 60 s, resident memory
// growing < 50 MB): `npm run bench:csv-export -- --database-url URL [--against <commit>] [--rounds 3]`. Each export runs
// in a child process of its own, importing the service from its checkout; the commits alternate round after round, so
// the machine's load falls on both alike. Writes bench/results/<date>-<commit>-csv-export.{md,json}.
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { assertLoopbackUrl, gitFacts, machineFacts, markdownTable, redactUrl, resultFileBase, writeAtomically } from "./lib.ts";
import { type Checkout, currentCheckout, prepareWorktree, removeCheckout } from "./worktree.ts";

const root = path.resolve(import.meta.dirname, "..");
const resultsDir = path.join(import.meta.dirname, "results");
const { values } = parseArgs({
  options: {
    "database-url": { type: "string" },
    against: { type: "string" },
    rounds: { type: "string", default: "3" },
    child: { type: "string" },
  },
});
const databaseUrl = values["database-url"] ?? process.env.BENCH_DATABASE_URL ?? "";
if (!databaseUrl) {
  console.error("usage: npm run bench:csv-export -- --database-url postgres://… [--against <commit>] [--rounds 3]");
  process.exit(2);
}
assertLoopbackUrl(databaseUrl, "--database-url");

interface Run {
  rows: number;
  seconds: number;
  rssGrowthMb: number;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** One export of every product, archived too, from the checkout at `codeRoot`, into nothing. */
async function exportOnce(codeRoot: string): Promise<Run> {
  const from = (file: string) => import(path.join(codeRoot, file));
  const { openDatabase } = (await from("src/db/client.ts")) as typeof import("../src/db/client.ts");
  const { createAuditTrail } = (await from(
    "src/domain/back-office/audit.ts",
  )) as typeof import("../src/domain/back-office/audit.ts");
  const { createCatalogCsv } = (await from(
    "src/domain/catalog/catalog-csv.ts",
  )) as typeof import("../src/domain/catalog/catalog-csv.ts");
  const { createProductAdmin } = (await from(
    "src/domain/catalog/product-admin.ts",
  )) as typeof import("../src/domain/catalog/product-admin.ts");
  const { createCatalogPictures } = (await from(
    "src/domain/media/catalog-pictures.ts",
  )) as typeof import("../src/domain/media/catalog-pictures.ts");
  const { ignoreCatalogChanges } = (await from("src/domain/ports.ts")) as typeof import("../src/domain/ports.ts");
  const database = await openDatabase({ databaseUrl, pgliteDir: "", poolSize: 4 });
  const now = () => new Date();
  const audit = createAuditTrail({ db: database.db, now });
  const pictures = createCatalogPictures({
    db: database.db,
    store: undefined as never,
    now,
    maxBytes: 0,
    maxPixels: 0,
    audit: audit as never,
    forgetCopies: async () => {},
  });
  const productAdmin = createProductAdmin({
    db: database.db,
    now,
    changes: ignoreCatalogChanges,
    audit: audit as never,
    pictures,
  });
  const csv = createCatalogCsv({
    db: database.db,
    now,
    changes: ignoreCatalogChanges,
    audit: audit as never,
    pictures,
    productAdmin,
  });
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 50);
  let lines = 0;
  const started = performance.now();
  await pipeline(
    csv.exportCsv({ archived: "all" }),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
        done();
      },
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await database.close();
  return { rows: lines - 1, seconds, rssGrowthMb: mb(rssPeak - rssBefore) };
}

if (values.child) {
  console.log(JSON.stringify(await exportOnce(values.child)));
  process.exit(0);
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const rounds = Math.max(1, Number(values.rounds));
const checkouts: Checkout[] = [currentCheckout(root)];
const logDir = path.join(root, "bench/.data/csv-export");
mkdirSync(logDir, { recursive: true });
if (values.against) checkouts.push(await prepareWorktree(root, values.against, logDir));
const runs = new Map<Checkout, (Run & { load: number })[]>(checkouts.map((checkout) => [checkout, []]));
try {
  for (let round = 1; round <= rounds; round++) {
    for (const checkout of checkouts) {
      const load = os.loadavg()[0] ?? 0;
      const child = spawnSync(
        process.execPath,
        ["--expose-gc", path.join(root, "bench/csv-export.ts"), "--database-url", databaseUrl, "--child", checkout.root],
        { encoding: "utf8", maxBuffer: 1 << 20 },
      );
      if (child.status !== 0) throw new Error(`export of ${checkout.commit} failed:\n${child.stderr}`);
      const run = JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "{}") as Run;
      runs.get(checkout)?.push({ ...run, load });
      console.log(
        `round ${round}, ${checkout.commit}: ${run.rows} rows in ${run.seconds.toFixed(1)} s, RSS +${run.rssGrowthMb} MB (load ${load.toFixed(1)})`,
      );
    }
  }
} finally {
  for (const checkout of checkouts) removeCheckout(root, checkout);
}

const date = new Date().toISOString();
const git = gitFacts(root);
const machine = machineFacts();
const summary = checkouts.map((checkout) => {
  const list = runs.get(checkout) ?? [];
  return {
    commit: checkout.commit,
    subject: checkout.subject,
    rows: list[0]?.rows ?? 0,
    medianSeconds: median(list.map((run) => run.seconds)),
    medianRssGrowthMb: Math.round(median(list.map((run) => run.rssGrowthMb)) * 10) / 10,
    runs: list,
  };
});
mkdirSync(resultsDir, { recursive: true });
const base = resultFileBase(resultsDir, date, git.commit, "csv-export");
writeAtomically(path.join(resultsDir, `${base}.json`), `${JSON.stringify({ date, machine, summary }, null, 2)}\n`);
writeAtomically(
  path.join(resultsDir, `${base}.md`),
  [
    `# CSV export side by side, ${date.slice(0, 10)}`,
    "",
    `Database ${redactUrl(databaseUrl)}; ${machine.cpuCount} CPUs (${machine.cpuModel}); ${rounds} rounds, commits alternating,`,
    "each export a child process of its own; the 1-minute load average is noted before each run (a shared machine).",
    "Target (issue 33, item 9): 1,000,000 rows under 60 s, resident memory growing < 50 MB.",
    "",
    markdownTable(
      ["Commit", "Rows", "Median s", "Median RSS growth MB", "Each run: s (load)"],
      summary.map((side) => [
        `${side.commit} ${side.subject}`,
        String(side.rows),
        side.medianSeconds.toFixed(1),
        String(side.medianRssGrowthMb),
        side.runs.map((run) => `${run.seconds.toFixed(1)} (${run.load.toFixed(1)})`).join(", "),
      ]),
    ),
    "",
  ].join("\n"),
);
console.log(`written bench/results/${base}.md`);
