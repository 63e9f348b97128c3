// Two commits' render benchmarks, alternating: `npm run bench:render-against -- <commit> [--runs 3] [bench:render's
// flags]`. Builds <commit> in a temporary worktree (bench/worktree.ts), then runs `npm run bench:render -- --no-write`
// there and in this checkout in turn, `--runs` times each; each run's figures are read from its report's table.
// Writes bench/results/<date>-<commit>-render[-postgres][-cached]-against-<other>.{md,json}. bench/README.md says more.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { HarnessError, loadAverage, markdownTable, resultFileBase, writeAtomically } from "./lib.ts";
import { currentCheckout, prepareWorktree, removeCheckout } from "./worktree.ts";

const root = path.resolve(import.meta.dirname, "..");
const resultsDir = path.join(import.meta.dirname, "results");

const { values, positionals } = parseArgs({
  options: {
    runs: { type: "string" },
    seconds: { type: "string" },
    rounds: { type: "string" },
    postgres: { type: "boolean" },
    "cache-ttl-ms": { type: "string" },
    keep: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
  allowPositionals: true,
  strict: true,
});
if (values.help || positionals.length !== 1) {
  console.log("Usage: npm run bench:render-against -- <commit> [--runs 3] [--postgres] [--cache-ttl-ms N] [--seconds S]");
  console.log("  [--rounds R] [--keep]: bench:render in this checkout and at <commit>, in turn, --runs times each");
  process.exit(values.help ? 0 : 1);
}
const runs = Number(values.runs ?? 3);
if (!Number.isInteger(runs) || runs < 1) throw new HarnessError("--runs must be a positive integer");
const benchArgs = [
  "--no-write",
  ...(values.postgres ? ["--postgres"] : []),
  ...(values["cache-ttl-ms"] ? ["--cache-ttl-ms", values["cache-ttl-ms"]] : []),
  ...(values.seconds ? ["--seconds", values.seconds] : []),
  ...(values.rounds ? ["--rounds", values.rounds] : []),
];

interface Figures {
  shopMs: number;
  floorMs: number;
  ratio: number;
  pagesPerSecondPerCore: number;
}
type Run = { anonymous: Figures; signedIn: Figures; load: number };

/** One bench:render run in `dir`; its figures from the table every version of the report prints. */
function runOnce(dir: string, label: string): Run {
  const load = loadAverage()[0] ?? 0;
  console.log(`${label}: bench:render (load ${load})...`);
  const result = spawnSync("npm", ["run", "bench:render", "--", ...benchArgs], { cwd: dir, encoding: "utf8" });
  if (result.status !== 0) throw new HarnessError(`bench:render failed in ${dir}:\n${result.stdout}\n${result.stderr}`);
  const figures = (page: string): Figures => {
    // page | shop CPU ms | of which database | shop without database | floor | ratio | ratio with database | pages/s
    const cells = new RegExp(`^\\| ${page} \\|(.*)\\|$`, "m")
      .exec(result.stdout)?.[1]
      ?.split("|")
      .map((cell) => cell.trim());
    const numbers = cells?.slice(0, 7).map((cell) => Number(cell.replaceAll(",", "")));
    if (!numbers || numbers.length < 7 || numbers.some((n) => !Number.isFinite(n)))
      throw new HarnessError(`${label}: no "${page}" row of the expected shape in bench:render's report`);
    const [shopMs = 0, , , floorMs = 0, ratio = 0, , pagesPerSecondPerCore = 0] = numbers;
    return { shopMs, floorMs, ratio, pagesPerSecondPerCore };
  };
  return { anonymous: figures("anonymous"), signedIn: figures("signed in"), load };
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const mine = currentCheckout(root);
const other = await prepareWorktree(root, positionals[0] ?? "", mkdtempSync(path.join(tmpdir(), "storefront-render-against-")));
const sides = [
  { checkout: other, runs: [] as Run[] },
  { checkout: mine, runs: [] as Run[] },
];
try {
  for (let i = 0; i < runs; i++) {
    for (const side of sides) side.runs.push(runOnce(side.checkout.root, `${side.checkout.commit} run ${i + 1}`));
  }
} finally {
  if (!values.keep) removeCheckout(root, other);
}

const label = (checkout: typeof mine) => `${checkout.commit}${checkout.dirty ? "+" : ""}`;
const rows = sides.flatMap(({ checkout, runs: done }) =>
  done.map((run, i) => [
    String(i + 1),
    label(checkout),
    String(run.load),
    run.anonymous.shopMs.toFixed(3),
    run.anonymous.ratio.toFixed(2),
    run.signedIn.shopMs.toFixed(3),
    run.signedIn.floorMs.toFixed(3),
    run.signedIn.ratio.toFixed(2),
    String(run.signedIn.pagesPerSecondPerCore),
  ]),
);
const summary = sides.map(({ checkout, runs: done }) => {
  const of = (pick: (run: Run) => number) => median(done.map(pick));
  return `- ${label(checkout)}: anonymous ${of((r) => r.anonymous.shopMs).toFixed(3)} ms, ratio ${of((r) => r.anonymous.ratio).toFixed(2)}; signed in ${of((r) => r.signedIn.shopMs).toFixed(3)} ms, ratio ${of((r) => r.signedIn.ratio).toFixed(2)}, ${Math.round(of((r) => r.signedIn.pagesPerSecondPerCore))} pages/s per core (medians of ${done.length} run(s))`;
});
const date = new Date().toISOString();
const command = `npm run bench:render-against -- ${other.commit} --runs ${runs} ${benchArgs.slice(1).join(" ")}`.trim();
const markdown = `# Render benchmark, ${label(mine)} against ${other.commit} (${date.slice(0, 10)})

\`${command}\`: \`npm run bench:render -- ${benchArgs.join(" ")}\` at each commit in turn, ${runs} run(s) each:

- ${other.commit} (a temporary worktree): ${other.subject}
- ${label(mine)} (this checkout${mine.dirty ? ", with uncommitted changes" : ""}): ${mine.subject}

Each run's figures are the medians of its own alternating rounds against React's floor (bench/render.ts); compare
ratios more than milliseconds. Load: the 1-minute load average when the run started.

${markdownTable(
  ["run", "commit", "load", "anonymous ms", "ratio", "signed in ms", "floor ms", "ratio", "signed-in pages/s per core"],
  rows,
)}

${summary.join("\n")}
`;
console.log(`\n${markdown}`);
const base = resultFileBase(
  resultsDir,
  date,
  label(mine),
  `render${values.postgres ? "-postgres" : ""}${values["cache-ttl-ms"] && values["cache-ttl-ms"] !== "0" ? "-cached" : ""}-against-${other.commit}`,
);
writeAtomically(
  path.join(resultsDir, `${base}.json`),
  `${JSON.stringify({ benchmark: "render-against", date, command, sides: sides.map((s) => ({ commit: label(s.checkout), runs: s.runs })) }, null, 2)}\n`,
);
writeAtomically(path.join(resultsDir, `${base}.md`), markdown);
console.log(`written bench/results/${base}.{md,json}`);
