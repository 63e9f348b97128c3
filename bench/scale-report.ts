// The readable report of the scale benchmark (bench/scale.ts): the same figures as its JSON.
import type { CpuPercent, gitFacts, LoadFigures, machineFacts } from "./lib.ts";
import { markdownTable } from "./lib.ts";
import type { RenderFloor } from "./render-floor.ts";
import type { Explained } from "./scale-explain.ts";

interface EndpointResult extends LoadFigures {
  name: string;
  rate: number;
  cpuPercent: CpuPercent;
  /** Seconds the server took after the run to answer /readyz: the backlog of requests autocannon gave up on. */
  drainSeconds: number;
  loadAverageBefore: [number, number, number];
  meetsTarget: boolean;
  /** The same rate as evenly spaced requests (an open loop, `driveSteadily`), right after the autocannon run. */
  steady: LoadFigures & {
    /** The p99 of each `steadyWindowSeconds` of the steady run. */
    windowP99Ms: (number | null)[];
    meetsTarget: boolean;
    /** PostgreSQL's pages per request over the steady run (`blocksPerRequest`); readMs null without track_io_timing. */
    blocks?: { hit: number; read: number; readMs: number | null };
  };
}

interface PageMode {
  requestsPerSecond: number;
  requests: number;
  seconds: number;
  p50Ms: number[];
  p99Ms: number[];
  errors: number;
  non2xx: number;
  serverCpuPercent: number;
  /** The shop's CPU (every thread) per answered request. */
  serverCpuMsPerRequest: number;
}

export interface ScaleReport {
  benchmark: "scale";
  date: string;
  git: ReturnType<typeof gitFacts>;
  machine: ReturnType<typeof machineFacts>;
  loadBefore: [number, number, number];
  loadAfter: [number, number, number];
  database: { url: string; version: string; settings: Record<string, string | undefined> };
  catalogue: { products: number; categoryIds: string[]; subCategoryIds: string[]; sampledIds: number; words: number };
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  steadySeconds: number;
  steadyWindowSeconds: number;
  targets: Record<string, { rate: number; p99UnderMs: number }>;
  rateKept: number;
  conditionsMatch: boolean;
  serverReadySeconds: number;
  endpoints: EndpointResult[];
  pages: {
    path: string;
    bytes: number;
    connections: number;
    rounds: number;
    roundSeconds: number;
    warmupHeaders: Record<string, Record<string, number>>;
    spotChecks: string[];
    cached: PageMode;
    uncached: PageMode;
    ratio: number;
    ratioTarget: number;
    meetsTarget: boolean;
    /** React alone on the page's markup (bench/render-floor.ts), measured once the server had stopped. */
    renderFloor: RenderFloor;
  };
  explains: Explained[];
}

export function markdownReport(report: ScaleReport): string {
  const m = report.machine;
  const verdict = (met: boolean) => (met ? "yes" : "NO") + (report.conditionsMatch ? "" : " (*)");
  const endpointRows = report.endpoints.map((e) => [
    e.name,
    String(e.rate),
    String(e.requestsPerSecond),
    String(e.p50Ms ?? "-"),
    String(e.p99Ms ?? "-"),
    String(e.maxMs ?? "-"),
    String(e.errors),
    String(e.non2xx),
    String(e.drainSeconds),
    String(e.cpuPercent.server),
    String(e.cpuPercent.postgres),
    String(e.cpuPercent.harness),
    String(e.cpuPercent.other),
    `< ${report.targets[e.name]?.p99UnderMs} ms`,
    verdict(e.meetsTarget),
  ]);
  const steadyRows = report.endpoints.map((e) => [
    e.name,
    String(e.rate),
    String(e.steady.requestsPerSecond),
    String(e.steady.p50Ms ?? "-"),
    String(e.steady.p90Ms ?? "-"),
    String(e.steady.p99Ms ?? "-"),
    e.steady.windowP99Ms.map((p99) => p99 ?? "-").join(" / "),
    String(e.steady.maxMs ?? "-"),
    String(e.steady.errors),
    String(e.steady.non2xx),
    e.steady.blocks ? `${e.steady.blocks.hit} / ${e.steady.blocks.read}` : "-",
    e.steady.blocks?.readMs != null ? String(e.steady.blocks.readMs) : "-",
    `< ${report.targets[e.name]?.p99UnderMs} ms`,
    verdict(e.steady.meetsTarget),
  ]);
  const { cached, uncached } = report.pages;
  const pageRow = (name: string, mode: PageMode) => [
    name,
    String(mode.requestsPerSecond),
    mode.p50Ms.join(" / "),
    mode.p99Ms.join(" / "),
    String(mode.errors),
    String(mode.non2xx),
    String(mode.serverCpuPercent),
    String(mode.serverCpuMsPerRequest),
  ];
  const floor = report.pages.renderFloor;
  /** The best share of the from-memory rate a render costing `renderMs` more than an answer from memory could reach. */
  const ceiling = (renderMs: number) =>
    `${Math.round((cached.serverCpuMsPerRequest / (cached.serverCpuMsPerRequest + renderMs)) * 100)} %`;
  const explainRows = report.explains.map((e) => [
    e.statement,
    String(e.executionMs),
    String(e.planningMs),
    `${e.sharedHitBlocks} / ${e.sharedReadBlocks}`,
    e.plan,
  ]);
  const c = report.catalogue;
  return `# Scale benchmark, ${report.date.slice(0, 10)} (commit ${report.git.commit}${report.git.dirty ? ", uncommitted changes" : ""})

- Machine: ${m.cpuCount} × ${m.cpuModel}, ${m.totalMemoryGiB} GiB, ${m.platform}; Node ${m.node}
- Load average before ${report.loadBefore.join(" / ")}, after ${report.loadAfter.join(" / ")} (other people's work shares the machine when these are high)
- Database: ${report.database.url}, ${report.database.version.split(" on ")[0]}; ${JSON.stringify(report.database.settings)}
- Catalogue: **${c.products.toLocaleString("en")} products**, ${c.categoryIds.length} categories, ${c.subCategoryIds.length} sub-categories; ${c.sampledIds} product ids sampled at random over the table, ${c.words} dictionary words
- Load: autocannon at a fixed overall rate, ${report.connections} connections, on the same machine as the server and PostgreSQL; ${report.warmupSeconds} s warm-up, then ${report.durationSeconds} s measured per endpoint; micro-cache off (\`API_CACHE_TTL_MS=0\`); server ready in ${report.serverReadySeconds.toFixed(1)} s

## API at the issue's rates

${markdownTable(["endpoint", "rate asked", "req/s", "p50 ms", "p99 ms", "max ms", "errors", "non-2xx", "backlog s", "server CPU %", "pg CPU %", "cannon CPU %", "other CPU %", "target p99", "meets target"], endpointRows)}

Requests: list = \`/api/products?catId=…&page=1…5&perPage=20\` over the categories, \`subCatId=…\` pages 1–5 over the
sub-categories, and one in four a keyset page (\`catId=…&perPage=20&after=<id>\`) after a sampled product of that
category, anywhere in the list; detail = \`/api/products/{id}\` over the sampled ids; suggest =
\`/api/search/suggest?q=\` with the first 2–6 letters of a dictionary word; search = \`/api/search?q=<word>&page=1&perPage=20\`.
CPU % is of one core (200 % = both): server = the shop's process, pg = every \`postgres\` process, cannon = the
harness, other = the rest of the machine. Latencies are \`-\` when no response arrived within the measured seconds;
backlog s = how long the server took, after the run, to answer \`/readyz\` (requests autocannon gave up on, still
queued). A row meets its target when p99 is under it with no errors, no non-2xx, and
at least ${report.rateKept * 100} % of the rate asked answered (a server that falls behind makes autocannon send less).${report.conditionsMatch ? "" : "\n(*) not in the target's conditions (1,000,000 products on 2 cores): indicative only."}

## The same rates, steady

${markdownTable(["endpoint", "rate asked", "req/s", "p50 ms", "p90 ms", "p99 ms", `p99 ms by ${report.steadyWindowSeconds} s`, "max ms", "errors", "non-2xx", "pg blocks hit / read", "read ms", "target p99", "meets target"], steadyRows)}

autocannon's \`overallRate\` is not a steady rate: each of its ${report.connections} connections sends its share of a second as
fast as the answers come, from the start of the second, then waits for the next second. Its latencies above are
those of ${report.connections} requests at a time in a burst. Here the same requests go out evenly spaced (one every
1/rate s, an open loop as wrk2 drives), each latency counted from the moment the request was due, so a server that
falls behind is charged for it (\`driveSteadily\` in bench/steady.ts, in Node on the same cores, reading answers into one reused buffer).
Each endpoint runs ${report.steadySeconds} s; its p99 is over the whole run (the target is judged on it), and then over each
${report.steadyWindowSeconds} s of it: the old generation's collections come every 25 s or so at these rates and each slows about a
second of answers, so a ${report.steadyWindowSeconds}-s window's p99 depends on whether one fell in it (bench/README.md).
It opens ${report.connections} connections before the first request, as a load balancer keeps its idle connections to the shop,
and opens more only when all of them are waiting for answers.
pg blocks: PostgreSQL's pages per request over the steady run (\`pg_stat_database\`), found in its own buffers / asked
of the operating system; read ms: the time those reads took per request (only with \`track_io_timing\` on). Reads
that the OS answers from its page cache cost a few microseconds; on a machine that drops its page cache they go to
the disk (docs/decisions/025-postgresql-keeps-the-catalogue-in-its-own-buffers.md).

## Product page: rendered on every request against answered from memory

${markdownTable(["page", "req/s", "p50 ms (rounds)", "p99 ms (rounds)", "errors", "non-2xx", "server CPU %", "server CPU ms per page"], [pageRow("from memory (x-cache HIT)", cached), pageRow("rendered (x-cache MISS)", uncached)])}

**Ratio rendered / from memory: ${report.pages.ratio}** (target ≥ ${report.pages.ratioTarget}: ${verdict(report.pages.meetsTarget)}).
One server with \`API_CACHE_TTL_MS=600000\`, \`${report.pages.path}\` (${report.pages.bytes} bytes, uncompressed: autocannon
asks for no encoding), ${report.pages.connections} connections as fast as they go, ${report.pages.rounds} alternating rounds of
${report.pages.roundSeconds} s of each so background load hits both alike. From memory: the same URL each time; rendered: a new
\`?v=<n>\` each time, so every request is a full server-side render (and is then stored). \`x-cache\` seen in the
warm-ups: ${JSON.stringify(report.pages.warmupHeaders)}; after each round: ${report.pages.spotChecks.join("; ")}.

**React alone on this page's markup**: the page's body (${floor.elements} elements, ${floor.bytes} bytes without its scripts)
read back into plain React elements, with no components, router, data or I/O, and rendered again in a process of its
own once the server had stopped (bench/render-floor.ts): ${floor.toStringMs} ms per render with \`renderToString\`, the cheapest
React server API, and ${floor.streamMs} ms with \`renderToPipeableStream\`, which the shop's pages go through. An answer from memory
cost the server ${cached.serverCpuMsPerRequest} ms of CPU, so a render that did nothing but React's own work on these bytes could
reach at most ${ceiling(floor.toStringMs)} (\`renderToString\`) or ${ceiling(floor.streamMs)} (stream) of the requests/s from memory; the shop's
render cost ${uncached.serverCpuMsPerRequest} ms (docs/decisions/026-the-cost-of-a-rendered-page.md).

## Where the time goes: EXPLAIN (ANALYZE, BUFFERS)

The statements the catalogue service sends, captured as it runs them and prepared again on the database alone, after
the load; the seventh execution is reported, once PostgreSQL has chosen between planning the statement again each time
and keeping one plan (the planning time the server pays from then on):

${markdownTable(["statement", "execution ms", "planning ms", "shared hit / read", "plan (top four nodes)"], explainRows)}
`;
}
