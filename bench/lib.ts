// Helpers shared by the benchmarks (bench/*.ts): child processes that never outlive the harness, the production
// server's start, PostgreSQL connections, load at a fixed rate, CPU accounting from /proc, machine facts, and results.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { nodeFlags, processEnv } from "../scripts/node-flags.ts";

/** A failure of the harness itself (not a missed target): the run exits non-zero. */
export class HarnessError extends Error {
  override name = "HarnessError";
}

// ---------------------------------------------------------------------------------------------------------------------
// Child processes: each in its own process group, so killing the group takes anything it started too.

const children = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

let handlersInstalled = false;
/** Children die with the harness, whatever ends it: normal exit, an exception, Ctrl-C or SIGTERM. */
export function installExitHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on("exit", () => {
    for (const child of children) killGroup(child, "SIGKILL");
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      console.error(`\nbench: ${signal}: stopping children`);
      for (const child of children) killGroup(child, "SIGTERM");
      setTimeout(() => process.exit(130), 2000).unref();
      // Exit as soon as the children are gone.
      const poll = setInterval(() => {
        if ([...children].every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(130);
      }, 100);
      poll.unref();
    });
  }
}

export interface SpawnOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Output goes to this file (and, if `echo`, to the terminal too); the last lines are kept for error messages. */
  logFile: string;
  echo?: boolean;
}

export interface Tracked {
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) when the process has exited. */
  exited: Promise<number | string>;
  /** The last lines it printed. */
  tail(): string;
}

export function spawnTracked(command: string, args: string[], options: SpawnOptions): Tracked {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  const log = createWriteStream(options.logFile);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (line.trim() === "") continue;
      lines.push(line);
      if (lines.length > 40) lines.shift();
    }
  };
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => {
      log.write(chunk);
      keep(chunk);
      if (options.echo) process.stdout.write(chunk);
    });
  }
  const exited = new Promise<number | string>((resolve) => {
    child.on("error", (error) => {
      lines.push(String(error));
      children.delete(child);
      log.end();
      resolve(-1);
    });
    child.on("exit", (code, signal) => {
      children.delete(child);
      // Let the pipes drain before closing the log.
      setTimeout(() => log.end(), 50);
      resolve(code ?? signal ?? -1);
    });
  });
  return { child, exited, tail: () => lines.join("\n") };
}

/** Runs a command to completion within `timeoutMs`; throws a HarnessError with its last output if it fails. */
export async function runToCompletion(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { timeoutMs: number },
) {
  const tracked = spawnTracked(command, args, options);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), options.timeoutMs);
  });
  const outcome = await Promise.race([tracked.exited, timedOut]);
  clearTimeout(timer);
  if (outcome === "timeout") {
    await stopProcess(tracked, 5000);
    throw new HarnessError(`${name} did not finish within ${Math.round(options.timeoutMs / 1000)} s (log: ${options.logFile})`);
  }
  if (outcome !== 0) {
    throw new HarnessError(`${name} failed (exit ${outcome}; log: ${options.logFile}):\n${indent(tracked.tail())}`);
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves with how it exited. */
export async function stopProcess(tracked: Tracked, graceMs: number): Promise<{ code: number | string; killed: boolean }> {
  killGroup(tracked.child, "SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), graceMs);
  });
  const first = await Promise.race([tracked.exited, late]);
  clearTimeout(timer);
  if (first !== "late") return { code: first, killed: false };
  killGroup(tracked.child, "SIGKILL");
  return { code: await tracked.exited, killed: true };
}

export function indent(text: string, prefix = "    "): string {
  return text
    .split("\n")
    .map((line) => prefix + line)
    .join("\n");
}

// ---------------------------------------------------------------------------------------------------------------------
// Network: loopback only.

export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** Throws unless `url` (named `source` in the message) is a URL whose host is a loopback address. */
export function assertLoopbackUrl(url: string, source: string) {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    throw new HarnessError(`${source} is not a URL`);
  }
  if (!isLoopbackHost(host)) {
    throw new HarnessError(`${source} points at ${host}: the benchmark only runs against loopback addresses`);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export function portAnswers(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

export async function getJson<T>(url: string, timeoutMs = 30_000): Promise<{ status: number; body: T; bytes: number }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    throw new HarnessError(`GET ${url}: answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, body, bytes: Buffer.byteLength(text) };
}

/** Polls `url` until it answers 200, the process exits, or `timeoutMs` passes. */
export async function waitForReady(url: string, server: Tracked, timeoutMs: number): Promise<number> {
  const started = performance.now();
  let exited: number | string | undefined;
  void server.exited.then((code) => {
    exited = code;
  });
  let last = "no answer yet";
  while (performance.now() - started < timeoutMs) {
    if (exited !== undefined)
      throw new HarnessError(`the server exited (${exited}) before it was ready:\n${indent(server.tail())}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return (performance.now() - started) / 1000;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }
  throw new HarnessError(`the server was not ready within ${timeoutMs / 1000} s (last: ${last}):\n${indent(server.tail())}`);
}

/**
 * When autocannon stops, requests it gave up on may still be queued in the server (PGlite runs one query at a time,
 * the PostgreSQL pool has 10 connections). /readyz's `select 1` queues behind them, so its answer means the backlog is
 * gone and the next run starts on an idle server. Resolves with the seconds it took.
 */
export async function drainBacklog(baseUrl: string, timeoutMs: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(timeoutMs) }).catch((error: unknown) => {
    throw new HarnessError(`the server did not drain its backlog within ${timeoutMs / 1000} s: ${String(error)}`);
  });
  await response.arrayBuffer();
  return (performance.now() - started) / 1000;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------------------------
// CPU accounting from /proc (Linux): how busy the server and the database were during a measurement.

let clockTicks: number | undefined;
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/**
 * utime + stime of one process in seconds, and cutime + cstime (`children`: the CPU of its children that have exited and
 * been waited for), or undefined when unreadable.
 */
function processCpuSeconds(pid: number): { comm: string; seconds: number; children: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const open = stat.indexOf("(");
    const close = stat.lastIndexOf(")");
    const comm = stat.slice(open + 1, close);
    const fields = stat.slice(close + 2).split(" ");
    // After "pid (comm) ": state is field 3, utime field 14, stime field 15, cutime 16, cstime 17 (1-based over the
    // whole line).
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    return {
      comm,
      seconds: (Number(utime) + Number(stime)) / ticksPerSecond(),
      children: (Number(cutime) + Number(cstime)) / ticksPerSecond(),
    };
  } catch {
    return undefined;
  }
}

/** Busy CPU seconds of the whole machine (all cores), from /proc/stat. */
function machineBusySeconds(): number {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n", 1)[0] ?? "";
    // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest time is already in user).
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).slice(1).map(Number);
    return (user + nice + system + irq + softirq + steal) / ticksPerSecond();
  } catch {
    return 0;
  }
}

export interface CpuSnapshot {
  server: number;
  postgres: number;
  harness: number;
  machine: number;
  at: number;
}

/**
 * CPU seconds used so far by `pid` (the server), by every process named `postgres` (the PostgreSQL server's
 * processes), by this process (the harness and autocannon) and by the whole machine. PostgreSQL's figure includes the
 * backends that have exited (counted in their parent's `children`): a pool closes idle connections, and a backend that
 * exited between two snapshots took its CPU out of the sum (the difference could come out negative).
 */
export function cpuSnapshot(serverPid: number | undefined): CpuSnapshot {
  const server = serverPid === undefined ? 0 : (processCpuSeconds(serverPid)?.seconds ?? 0);
  let postgres = 0;
  if (existsSync("/proc")) {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      const sample = processCpuSeconds(Number(entry));
      if (sample?.comm === "postgres") postgres += sample.seconds + sample.children;
    }
  }
  const usage = process.cpuUsage();
  return { server, postgres, harness: (usage.user + usage.system) / 1e6, machine: machineBusySeconds(), at: performance.now() };
}

export interface CpuPercent {
  server: number;
  postgres: number;
  /** This process: autocannon generating the load. */
  harness: number;
  /** Everything else on the machine (other people's tests, builds...): should be near 0 for a clean measurement. */
  other: number;
}

/** Percent of one core used between two snapshots (200 % = both cores of a 2-core machine). */
export function cpuPercent(before: CpuSnapshot, after: CpuSnapshot): CpuPercent {
  const seconds = (after.at - before.at) / 1000;
  if (seconds <= 0) return { server: 0, postgres: 0, harness: 0, other: 0 };
  const percent = (key: keyof CpuSnapshot) => Math.round(((after[key] - before[key]) / seconds) * 100);
  const server = percent("server");
  const postgres = percent("postgres");
  const harness = percent("harness");
  return { server, postgres, harness, other: Math.max(0, percent("machine") - server - postgres - harness) };
}

/** Resident memory of a process in MiB. */
export function rssMiB(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match?.[1] ? Math.round(Number(match[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Facts about the machine and the code under test.

export function machineFacts() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    cpuCount: cpus.length,
    availableParallelism: os.availableParallelism(),
    totalMemoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
  };
}

export function gitFacts(cwd: string): { commit: string; dirty: boolean | undefined } {
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  let commit = "nocommit";
  try {
    commit = git("rev-parse", "--short", "HEAD");
  } catch {
    // no commits yet, or not a git work tree
  }
  let dirty: boolean | undefined;
  try {
    dirty = git("status", "--porcelain", "--untracked-files=no").length > 0 || commit === "nocommit";
  } catch {
    dirty = undefined;
  }
  return { commit, dirty };
}

export const loadAverage = () => os.loadavg().map((value) => Math.round(value * 100) / 100) as [number, number, number];

// ---------------------------------------------------------------------------------------------------------------------
// Tables.

export function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)));
  const numeric = header.map((_, i) => rows.every((row) => /^[\d.,\- %]*$/.test(row[i] ?? "")));
  const cell = (value: string, i: number) => (numeric[i] ? value.padStart(widths[i] ?? 0) : value.padEnd(widths[i] ?? 0));
  const line = (row: string[]) => row.map(cell).join("  ").trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

export function markdownTable(header: string[], rows: string[][]): string {
  const escapeCell = (value: string) => value.replace(/\|/g, "\\|");
  const numeric = header.map((_, i) => rows.every((row) => /^[\d.,\- %]*$/.test(row[i] ?? "")));
  return [
    `| ${header.map(escapeCell).join(" | ")} |`,
    `| ${numeric.map((n) => (n ? "---:" : "---")).join(" | ")} |`,
    ...rows.map((row) => `| ${row.map(escapeCell).join(" | ")} |`),
  ].join("\n");
}

/** Writes through a temporary file, so a reader never sees half a result. */
export function writeAtomically(file: string, content: string) {
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, content);
  renameSync(tmp, file);
}

/**
 * `<YYYY-MM-DD>-<commit>-<name>` for a run's result files in `resultsDir`; a second run on the same day and commit gets
 * `-2`, `-3`...
 */
export function resultFileBase(resultsDir: string, date: string, commit: string, name: string): string {
  const base = `${date.slice(0, 10)}-${commit}-${name}`;
  let candidate = base;
  for (let n = 2; existsSync(path.join(resultsDir, `${candidate}.json`)); n++) candidate = `${base}-${n}`;
  return candidate;
}

// ---------------------------------------------------------------------------------------------------------------------
// PostgreSQL.

/** `url` with its database name replaced. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** `url` without its password, for reports. */
export function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/** Runs `work` on one connection to `url`, closed afterwards whatever happens. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, statement_timeout: 15 * 60_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The server's version and the settings that decide how a query performs, for the report. */
export async function postgresFacts(client: pg.Client) {
  const setting = async (name: string) => (await client.query(`show ${name}`)).rows[0]?.[name] as string | undefined;
  return {
    version: (await client.query("select version()")).rows[0]?.version as string,
    settings: {
      shared_buffers: await setting("shared_buffers"),
      work_mem: await setting("work_mem"),
      effective_cache_size: await setting("effective_cache_size"),
      max_connections: await setting("max_connections"),
      jit: await setting("jit"),
      track_io_timing: await setting("track_io_timing"),
    },
  };
}

/** The database's block counters (`pg_stat_database`): pages found in PostgreSQL's buffers, pages asked of the OS. */
export interface BlockCounters {
  hit: number;
  read: number;
  /** Milliseconds spent reading, counted only while `track_io_timing` is on. */
  readMs: number;
  timed: boolean;
}

export async function blockCounters(client: pg.Client): Promise<BlockCounters> {
  const { rows } = await client.query<{ hit: string; read: string; read_ms: number; timed: boolean }>(
    `select blks_hit as hit, blks_read as read, blk_read_time as read_ms,
            current_setting('track_io_timing')::boolean as timed
     from pg_stat_database where datname = current_database()`,
  );
  const row = rows[0];
  if (!row) throw new HarnessError("pg_stat_database has no row for this database");
  return { hit: Number(row.hit), read: Number(row.read), readMs: row.read_ms, timed: row.timed };
}

/**
 * Blocks per request between two counters. Backends report their counts at most once a second, so a window of a few
 * seconds is off by up to a second's worth at each end (the same endpoint's load runs just before it).
 */
export function blocksPerRequest(before: BlockCounters, after: BlockCounters, requests: number) {
  const per = (value: number) => (requests > 0 ? Math.round((value / requests) * 10) / 10 : 0);
  return {
    hit: per(after.hit - before.hit),
    read: per(after.read - before.read),
    readMs: after.timed && before.timed ? Math.round(((after.readMs - before.readMs) / Math.max(requests, 1)) * 100) / 100 : null,
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// The production server and load at a fixed rate.

/**
 * What a benchmark's production start needs besides its own settings: `npm start`'s environment (processEnv),
 * production mode, no demo seed, a fresh session secret (required in production on PostgreSQL), the labelled test
 * payment provider (production on PostgreSQL refuses to start without a provider chosen), warnings only in the log,
 * and the loopback address and port.
 */
export function productionServerEnv(options: {
  dataDir: string;
  /** Empty for the embedded database: set even then, so a DATABASE_URL in the shell or in .env never redirects it. */
  databaseUrl: string;
  port: number;
  extra?: Record<string, string>;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...processEnv,
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    NODE_ENV: "production",
    SEED_DEMO_DATA: "false",
    PAYMENT_PROVIDER: "test",
    ALLOW_TEST_PAYMENTS: "true",
    LOG_LEVEL: "warn",
    PORT: String(options.port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    ...options.extra,
  };
}

/** Builds the web app unless the build is current (`scripts/build-if-needed.ts`): the production server serves it. */
export function buildIfNeeded(root: string) {
  console.log("Building the web app if needed...");
  const build = spawnSync(process.execPath, ["scripts/build-if-needed.ts"], {
    cwd: root,
    stdio: "inherit",
    timeout: 10 * 60_000,
  });
  if (build.status !== 0)
    throw new HarnessError(
      `scripts/build-if-needed.ts failed (${build.error?.message ?? `exit ${build.status ?? build.signal}`})`,
    );
}

/** Starts `src/server/main.ts` as `npm start` does, with `env` (see productionServerEnv), and waits for /readyz. */
export async function startProductionServer(
  root: string,
  options: { env: NodeJS.ProcessEnv; logFile: string; timeoutMs: number },
): Promise<{ server: Tracked; baseUrl: string; readySeconds: number }> {
  const server = spawnTracked(process.execPath, [...startNodeFlags(root, options.env), "src/server/main.ts"], {
    cwd: root,
    env: options.env,
    logFile: options.logFile,
  });
  const baseUrl = `http://127.0.0.1:${options.env.PORT}`;
  try {
    const readySeconds = await waitForReady(`${baseUrl}/readyz`, server, options.timeoutMs);
    return { server, baseUrl, readySeconds };
  } catch (error) {
    await stopProcess(server, 5000);
    throw error;
  }
}

/**
 * 200 words spread over the search dictionary (`search_terms`), from the most used (a category's name: one product in
 * eight) to the rarest, as shoppers' queries are; words of 5 letters or more, so a typo of one is still recognisable.
 */
export const SEARCH_WORDS_SQL = `select term from (
    select term, row_number() over (order by products desc, term) as n, count(*) over () as total
    from search_terms where length(term) >= 5 and term ~ '^[a-z]+$'
  ) ranked where n % greatest(total / 200, 1) = 1 order by n limit 200`;

export interface PlannedRequest {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** autocannon at `rate` requests/s over all `connections`, each request the one `next()` returns. */
export function driveAtRate(
  baseUrl: string,
  options: { connections: number; rate: number; seconds: number; next: () => PlannedRequest },
) {
  const requests: autocannon.Request[] = [
    {
      setupRequest: (request) => {
        const chosen = options.next();
        return { ...request, ...chosen, method: chosen.method ?? "GET" };
      },
    },
  ];
  return autocannon({
    url: baseUrl,
    connections: options.connections,
    overallRate: options.rate,
    duration: options.seconds,
    timeout: 10,
    requests,
  });
}

/** What a load run reports (autocannon's through `loadFigures`, or bench/steady.ts's `driveSteadily`); latencies null when none came. */
export type LoadFigures = ReturnType<typeof loadFigures>;

/**
 * Whether a run met its target: p99 under it, no errors, no non-2xx, and at least `rateKept` of the rate asked answered
 * (a server that falls behind makes a load generator send less).
 */
export function meetsTarget(figures: LoadFigures, target: { rate: number; p99UnderMs: number }, rateKept = 0): boolean {
  return (
    figures.p99Ms !== null &&
    figures.p99Ms < target.p99UnderMs &&
    figures.errors === 0 &&
    figures.non2xx === 0 &&
    figures.requestsPerSecond >= target.rate * rateKept
  );
}

/**
 * The figures of an autocannon run that the reports keep; latencies are null when no response arrived within the run
 * (every request slower than the run: autocannon then reports 0 ms).
 */
export function loadFigures(result: autocannon.Result) {
  const answered = result.requests.total > 0;
  return {
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: answered ? result.latency.p50 : null,
    p90Ms: answered ? result.latency.p90 : null,
    p99Ms: answered ? result.latency.p99 : null,
    maxMs: answered ? result.latency.max : null,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, Number(stat.count)]),
    ),
  };
}

/**
 * The Node flags `npm start` runs the server with for `env` (scripts/node-flags.ts: they depend on DATABASE_URL), so
 * every benchmark measures the process shoppers get. Fails if package.json's start script stopped using them.
 */
export function startNodeFlags(root: string, env: NodeJS.ProcessEnv): string[] {
  const { scripts } = JSON.parse(readFileSync(`${root}/package.json`, "utf8")) as { scripts: { start: string } };
  if (!scripts.start.includes("NODE_ENV=production node $(node scripts/node-flags.ts) src/server/main.ts"))
    throw new HarnessError(`package.json's start script no longer runs the server with scripts/node-flags.ts: ${scripts.start}`);
  // BENCH_NODE_FLAGS adds flags of one's own, as `--cpu-prof --cpu-prof-dir=/tmp/profiles` to see where a run's time goes.
  const extra = (process.env.BENCH_NODE_FLAGS ?? "").split(/\s+/).filter(Boolean);
  return [...nodeFlags(env), ...extra];
}

/** Signs an account in through the API (`POST /api/user/signin`) and returns its bearer token. */
export async function signInToken(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/user/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { token?: string; msg?: string };
  if (!body.token) throw new HarnessError(`sign-in of ${email} failed: ${response.status} ${body.msg}`);
  return body.token;
}
