// Back-office CSV benchmark (issue 33, item 9): `npm run bench:admin -- --database-url URL [--import-rows N]`. On an
// already seeded PostgreSQL database (`npm run seed -- --products N`), exports the whole catalogue through the
// catalogCsv service into nothing, sampling the process's resident memory, then imports the first N exported rows
// with every price raised by a rupee (dry run, then apply: N updates with their audit events) and the same rows again
// unchanged (the no-op path). Targets: export of 1,000,000 rows and import of 100,000 each under 60 s, resident memory
// growing < 50 MB during the export. Writes bench/results/<date>-<commit>-admin.{md,json}. See bench/README.md.
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { parse as parseSync } from "csv-parse/sync";
import { stringify as stringifySync } from "csv-stringify/sync";
import { openDatabase } from "../src/db/client.ts";
import { createAuditTrail } from "../src/domain/back-office/audit.ts";
import { createCatalogCsv } from "../src/domain/catalog/catalog-csv.ts";
import { createProductAdmin } from "../src/domain/catalog/product-admin.ts";
import { createCatalogPictures } from "../src/domain/media/catalog-pictures.ts";
import { ignoreCatalogChanges } from "../src/domain/ports.ts";
import { assertLoopbackUrl, gitFacts, machineFacts, markdownTable, redactUrl, resultFileBase, writeAtomically } from "./lib.ts";

const root = path.resolve(import.meta.dirname, "..");
const resultsDir = path.join(import.meta.dirname, "results");
const TARGET_SECONDS = 60;
const TARGET_RSS_GROWTH_MB = 50;

const { values } = parseArgs({
  options: { "database-url": { type: "string" }, "import-rows": { type: "string", default: "100000" } },
});
const databaseUrl = values["database-url"];
if (!databaseUrl) {
  console.error("usage: npm run bench:admin -- --database-url postgres://postgres@127.0.0.1:5432/<seeded db> [--import-rows N]");
  process.exit(2);
}
assertLoopbackUrl(databaseUrl, "--database-url");
const importRows = Number(values["import-rows"]);

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
const actor = { id: null, email: "bench@localhost" };
const loadAtStart = os.loadavg();
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

// Export: everything, into a sink that keeps only the first rows for the import.
global.gc?.();
const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
const sampler = setInterval(() => {
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
}, 50);
let exportedBytes = 0;
let exportedLines = 0;
const exportStarted = performance.now();
await pipeline(
  csv.exportCsv({ archived: "all" }),
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      exportedBytes += chunk.byteLength;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) exportedLines++;
      done();
    },
  }),
);
const exportSeconds = (performance.now() - exportStarted) / 1000;
clearInterval(sampler);
const exportRows = exportedLines - 1;
const rssGrowthMb = mb(rssPeak - rssBefore);
console.log(`export: ${exportRows} rows, ${mb(exportedBytes)} MB in ${exportSeconds.toFixed(1)} s, RSS +${rssGrowthMb} MB`);

// Import: the first rows of a second export (stopped there), first unchanged, then with every price a rupee up.
const kept: string[] = [];
let pending = "";
for await (const chunk of csv.exportCsv({ archived: "all" })) {
  const lines = (pending + (chunk as Buffer).toString("utf8")).split("\n");
  pending = lines.pop() ?? "";
  kept.push(...lines.slice(0, importRows + 1 - kept.length));
  if (kept.length > importRows) break;
}
const unchangedFile = `${kept.join("\n")}\n`;
const [header, ...records] = parseSync(unchangedFile, { bom: true }) as string[][];
const priceColumn = header?.indexOf("price") ?? -1;
const raisedFile = stringifySync([
  header ?? [],
  ...records.map((cells) => cells.map((cell, index) => (index === priceColumn ? String(Math.round(Number(cell) + 1)) : cell))),
]);
const runs: { name: string; rows: number; seconds: number; report: object }[] = [];
for (const [name, file, apply] of [
  ["dry run (unchanged: export → import)", unchangedFile, false],
  ["dry run (prices +₹1)", raisedFile, false],
  ["apply (prices +₹1)", raisedFile, true],
  ["apply again (unchanged)", raisedFile, true],
] as const) {
  const started = performance.now();
  const report = await csv.importCsv(actor, file, { apply });
  const seconds = (performance.now() - started) / 1000;
  runs.push({ name, rows: report.rows, seconds, report: { ...report, problems: report.problems.slice(0, 5) } });
  console.log(`${name}: ${report.rows} rows in ${seconds.toFixed(1)} s`, { ...report, problems: report.problems.slice(0, 3) });
}
await database.close();

const git = gitFacts(root);
const date = new Date().toISOString();
const result = {
  date,
  commit: git.commit,
  dirty: git.dirty,
  machine: machineFacts(),
  database: redactUrl(databaseUrl),
  loadAverage: { start: loadAtStart, end: os.loadavg() },
  export: {
    rows: exportRows,
    megabytes: mb(exportedBytes),
    seconds: exportSeconds,
    rssBeforeMb: mb(rssBefore),
    rssPeakMb: mb(rssPeak),
    rssGrowthMb,
    meetsTime: exportSeconds < TARGET_SECONDS,
    meetsMemory: rssGrowthMb < TARGET_RSS_GROWTH_MB,
  },
  imports: runs.map((run) => ({ ...run, meetsTime: run.seconds < TARGET_SECONDS })),
};
mkdirSync(resultsDir, { recursive: true });
const base = resultFileBase(resultsDir, date, git.commit, "admin");
writeAtomically(path.join(resultsDir, `${base}.json`), `${JSON.stringify(result, null, 2)}\n`);
const markdown = [
  `# bench:admin ${date.slice(0, 10)} ${git.commit}${git.dirty ? " (dirty)" : ""}`,
  "",
  `Database ${redactUrl(databaseUrl)}; ${result.machine.cpuCount} CPUs (${result.machine.cpuModel}), ${result.machine.totalMemoryGiB} GiB;`,
  `load average ${loadAtStart.map((n) => n.toFixed(1)).join(" ")} at the start, ${result.loadAverage.end.map((n) => n.toFixed(1)).join(" ")} at the end (a shared machine: other work slows every step).`,
  "Targets (issue 33, item 9): export of 1,000,000 rows under 60 s with resident memory growing < 50 MB; import of",
  "100,000 rows (dry run + apply) under 60 s each.",
  "",
  markdownTable(
    ["Step", "Rows", "Seconds", "Memory", "Target met"],
    [
      [
        "export (streamed)",
        String(exportRows),
        exportSeconds.toFixed(1),
        `RSS ${mb(rssBefore)} → peak ${mb(rssPeak)} MB (+${rssGrowthMb})`,
        result.export.meetsTime && result.export.meetsMemory ? "yes" : "no",
      ],
      ...result.imports.map((run) => [run.name, String(run.rows), run.seconds.toFixed(1), "", run.meetsTime ? "yes" : "no"]),
    ],
  ),
  "",
].join("\n");
writeAtomically(path.join(resultsDir, `${base}.md`), markdown);
console.log(`written bench/results/${base}.md`);
