// `npm test`: every check the project has, in one command, ending with the plain line `N passed, N failed`.
// typecheck and lint count as one check each; Vitest (unit + API, PGlite and PostgreSQL) and Playwright report their
// tests through JSON files that are summed here, because neither runner prints that line itself.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const reports = path.join(root, "reports");
mkdirSync(reports, { recursive: true });

interface Tally {
  passed: number;
  failed: number;
}
const total: Tally = { passed: 0, failed: 0 };
const lines: string[] = [];

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n▶ ${label}: ${command} ${args.join(" ")}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`◀ ${label}: ${result.status === 0 ? "ok" : `exit ${result.status ?? result.signal}`} (${seconds} s)`);
  return result.status === 0;
}

function check(label: string, command: string, args: string[]) {
  const ok = run(label, command, args);
  total[ok ? "passed" : "failed"] += 1;
  lines.push(`${label}: ${ok ? "passed" : "FAILED"}`);
}

/** Counts a runner's JSON report; a runner that failed without reporting a failed test counts as one failure. */
// biome-ignore lint/suspicious/noExplicitAny: the two runners' report formats are read field by field, with defaults.
function suite(label: string, ok: boolean, report: string, read: (json: any) => Tally) {
  let tally: Tally = { passed: 0, failed: 0 };
  if (existsSync(report)) {
    try {
      tally = read(JSON.parse(readFileSync(report, "utf8")));
    } catch {
      tally = { passed: 0, failed: 0 };
    }
  }
  if (!ok && tally.failed === 0) tally.failed = 1;
  total.passed += tally.passed;
  total.failed += tally.failed;
  lines.push(`${label}: ${tally.passed} passed, ${tally.failed} failed`);
}

check("typegen", "npx", ["react-router", "typegen"]);
check("tsc", "npx", ["tsc"]);
check("lint", "npx", ["biome", "check", "."]);

const built = run("build", "npx", ["react-router", "build"]);
if (!built) {
  total.failed += 1;
  lines.push("build: FAILED");
}

const vitestReport = path.join(reports, "vitest.json");
rmSync(vitestReport, { force: true });
const vitestOk = run("vitest", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
]);
suite("vitest", vitestOk, vitestReport, (json) => ({
  passed: json.numPassedTests ?? 0,
  failed: (json.numFailedTests ?? 0) + (json.numFailedTestSuites ?? 0),
}));

const playwrightReport = path.join(reports, "playwright.json");
rmSync(playwrightReport, { force: true });
if (built) {
  const playwrightOk = run("playwright", "npx", ["playwright", "test"]);
  suite("playwright", playwrightOk, playwrightReport, (json) => ({
    passed: json.stats?.expected ?? 0,
    failed: (json.stats?.unexpected ?? 0) + (json.stats?.flaky ?? 0),
  }));
}

console.log(`\n${lines.join("\n")}`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed === 0 ? 0 : 1);
