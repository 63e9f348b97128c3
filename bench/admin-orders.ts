// Back-office orders benchmark: `npm run bench:admin-orders [-- --database-url URL --orders 1000000 --duration 30]`.
// Issue 34, item 8: on PostgreSQL with a million orders (made once with generate_series, then reused), an owner signed
// in through the API drives the order list, each kind of search, deep keyset pages, ship and refund at 50 requests/s,
// one phase at a time, with the machine's load beside each. Refunds use the test provider, whose book does not hold
// the generated payments: it refuses each at once, so a refund's figure is the shop's own two transactions and no
// provider's time. Writes bench/results/<date>-<commit>-admin-orders.{md,json} (or --out).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../src/db/client.ts";
import { hashPassword } from "../src/domain/accounts/passwords.ts";
import {
  assertLoopbackUrl,
  buildIfNeeded,
  type CpuPercent,
  cpuPercent,
  cpuSnapshot,
  drainBacklog,
  driveAtRate,
  freePort,
  gitFacts,
  HarnessError,
  installExitHandlers,
  type LoadFigures,
  loadAverage,
  machineFacts,
  markdownTable,
  meetsTarget,
  type PlannedRequest,
  postgresFacts,
  productionServerEnv,
  redactUrl,
  resultFileBase,
  signInToken,
  startProductionServer,
  stopProcess,
  textTable,
  withClient,
  writeAtomically,
} from "./lib.ts";
import { driveSteadily } from "./steady.ts";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.join(import.meta.dirname, ".data", "admin-orders");
const resultsDir = path.join(import.meta.dirname, "results");
const OWNER_EMAIL = "bench-owner@bench.test";
const SHOPPER_EMAIL = "bench-orders-shopper@bench.test";
const CONNECTIONS = 8;
const WINDOW_SECONDS = 10;
const DRAIN_SECONDS = 120;
const BATCH = 100_000;

export const TARGETS = {
  list: { rate: 50, p99UnderMs: 50 },
  search: { rate: 50, p99UnderMs: 50 },
  action: { rate: 50, p99UnderMs: 50 },
} as const;
type Kind = keyof typeof TARGETS;
const RATE_KEPT = 0.95;

const { values } = parseArgs({
  options: {
    "database-url": { type: "string" },
    orders: { type: "string" },
    duration: { type: "string" },
    warmup: { type: "string" },
    only: { type: "string" },
    out: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
  strict: true,
});
if (values.help) {
  console.log(
    "Usage: npm run bench:admin-orders -- [--database-url postgres://...] [--orders 1000000] [--duration 30] [--warmup 5]\n" +
      "         [--only <phase>,<phase>] [--out <file base>]   (default: BENCH_DATABASE_URL)",
  );
  process.exit(0);
}
const databaseUrl = values["database-url"] ?? process.env.BENCH_DATABASE_URL ?? "";
if (!databaseUrl) throw new HarnessError("--database-url (or BENCH_DATABASE_URL) must name a PostgreSQL database");
assertLoopbackUrl(databaseUrl, "--database-url");
const whole = (name: string, value: string | undefined, fallback: number) => {
  const n = Number(value ?? fallback);
  if (!Number.isInteger(n) || n < 0) throw new HarnessError(`--${name} must be a whole number`);
  return n;
};
const wantedOrders = whole("orders", values.orders, 1_000_000);
const durationSeconds = Math.max(1, whole("duration", values.duration, 30));
const warmupSeconds = whole("warmup", values.warmup, 5);

/**
 * Orders in the shop's shapes, newest every 30 seconds back in time: most delivered, some paid (to ship), some
 * shipped, pending and cancelled; names, e-mails and phones unique enough for each search to find a few.
 */
async function generateOrders(): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const existing = (await client.query<{ n: number }>("select count(*)::int as n from orders")).rows[0]?.n ?? 0;
    if (existing >= wantedOrders) return existing;
    await client.query(
      `insert into users (id, name, email, role, is_verified) values (gen_random_uuid(), 'Bench shopper', $1, null, true)
       on conflict (email) do nothing`,
      [SHOPPER_EMAIL],
    );
    const userId = (await client.query<{ id: string }>("select id from users where email = $1", [SHOPPER_EMAIL])).rows[0]?.id;
    for (let from = existing; from < wantedOrders; from += BATCH) {
      const to = Math.min(wantedOrders, from + BATCH) - 1;
      const started = performance.now();
      await client.query("begin");
      await client.query(
        `insert into orders (id, user_id, name, phone_number, address, pincode, email, billing, amount_paise, currency,
           status, payment_provider, provider_order_id, payment_id, stock_held, hold_expires_at, created_at, updated_at, paid_at)
         select gen_random_uuid(), $1::uuid, n.name, n.phone, '12 MG Road, Bengaluru', '560001', n.email,
           jsonb_build_object('fullName', n.name, 'country', 'India', 'streetAddressLine1', '12 MG Road',
             'streetAddressLine2', '', 'city', 'Bengaluru', 'state', 'Karnataka', 'zipCode', '560001',
             'phoneNumber', n.phone, 'email', n.email),
           49900 + (i % 1000) * 100, 'INR', n.status, 'test', 'order_bench' || i,
           case when n.status = 'pending' then null else 'pay_bench' || i end,
           n.status in ('paid', 'shipped', 'delivered', 'pending'),
           now() - i * interval '30 seconds' + interval '15 minutes',
           now() - i * interval '30 seconds', now() - i * interval '30 seconds',
           case when n.status = 'pending' then null else now() - i * interval '30 seconds' end
         from generate_series($2::int, $3::int) as i,
         lateral (select 'Shopper ' || substr(md5(i::text), 1, 10) as name,
                    '9' || lpad(i::text, 9, '0') as phone,
                    'shopper' || i || '@bench.test' as email,
                    case when i % 20 = 0 then 'pending' when i % 20 = 1 then 'cancelled' when i % 10 = 2 then 'paid'
                         when i % 10 = 3 then 'shipped' else 'delivered' end as status) n`,
        [userId, from, to],
      );
      await client.query(
        `insert into order_items (id, order_id, product_id, product_title, quantity, price_paise, sub_total_paise)
         select gen_random_uuid(), o.id, null, 'Bench product', 1, o.amount_paise, o.amount_paise
         from orders o where o.provider_order_id in (select 'order_bench' || i from generate_series($1::int, $2::int) i)`,
        [from, to],
      );
      await client.query("commit");
      console.log(
        `orders ${from.toLocaleString("en")}..${to.toLocaleString("en")} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    await client.query("analyze orders");
    await client.query("analyze order_items");
    return (await client.query<{ n: number }>("select count(*)::int as n from orders")).rows[0]?.n ?? 0;
  });
}

async function ensureOwner(): Promise<string> {
  const password = `bench-${crypto.randomUUID()}`;
  const hash = await hashPassword(password);
  await withClient(databaseUrl, (client) =>
    client.query(
      `insert into users (id, name, email, password_hash, role, is_verified)
       values (gen_random_uuid(), 'Bench owner', $1, $2, 'owner', true)
       on conflict (email) do update set password_hash = excluded.password_hash, role = 'owner', is_verified = true`,
      [OWNER_EMAIL, hash],
    ),
  );
  return password;
}

interface Sample {
  orders: { id: string; paymentId: string | null; email: string; phone: string; name: string }[];
  toShip: string[];
  toRefund: string[];
}

/** Orders spread over the table (cursors and search terms), paid ones to ship and delivered ones to refund. */
async function readSample(actions: number): Promise<Sample> {
  return withClient(databaseUrl, async (client) => {
    const spread = await client.query<{
      id: string;
      payment_id: string | null;
      email: string;
      phone_number: string;
      name: string;
    }>("select id, payment_id, email, phone_number, name from orders tablesample system (0.5) repeatable (7) limit 2000");
    const toShip = await client.query<{ id: string }>(
      "select id from orders where status = 'paid' and payment_id like 'pay_bench%' order by created_at desc limit $1",
      [actions],
    );
    const toRefund = await client.query<{ id: string }>(
      `select o.id from orders o where o.status = 'delivered' and o.payment_id like 'pay_bench%'
         and not exists (select 1 from refunds r where r.order_id = o.id)
       order by o.created_at desc limit $1`,
      [actions],
    );
    return {
      orders: spread.rows.map((row) => ({
        id: row.id,
        paymentId: row.payment_id,
        email: row.email,
        phone: row.phone_number,
        name: row.name,
      })),
      toShip: toShip.rows.map((row) => row.id),
      toRefund: toRefund.rows.map((row) => row.id),
    };
  });
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

interface Phase {
  name: string;
  kind: Kind;
  asks: string;
  next: () => PlannedRequest;
}

function phases(sample: Sample, token: string): Phase[] {
  const headers = { authorization: `Bearer ${token}` };
  const list = (query: Record<string, string>): PlannedRequest => ({
    path: `/api/admin/orders?${new URLSearchParams(query)}`,
    headers,
  });
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  let refunds = 0;
  return [
    { name: "list, newest first", kind: "list", asks: "`GET /api/admin/orders`", next: () => list({}) },
    {
      name: "list of a status",
      kind: "list",
      asks: "`?status=paid` (a tenth of the orders)",
      next: () => list({ status: "paid" }),
    },
    {
      name: "list of a week",
      kind: "list",
      asks: "`?from=<30 days ago>&to=<7 days ago>`",
      next: () => list({ from: monthAgo, to: weekAgo }),
    },
    {
      name: "deep keyset pages",
      kind: "list",
      asks: "`?after=<sampled order>` (one in four `before=`)",
      next: () => list({ [Math.random() < 0.25 ? "before" : "after"]: pick(sample.orders).id }),
    },
    { name: "search, order id", kind: "search", asks: "`?q=<order id>`", next: () => list({ q: pick(sample.orders).id }) },
    {
      name: "search, payment id",
      kind: "search",
      asks: "`?q=pay_…`",
      next: () => list({ q: pick(sample.orders.filter((o) => o.paymentId)).paymentId ?? "" }),
    },
    { name: "search, e-mail", kind: "search", asks: "`?q=<e-mail>`", next: () => list({ q: pick(sample.orders).email }) },
    { name: "search, phone", kind: "search", asks: "`?q=<phone>`", next: () => list({ q: pick(sample.orders).phone }) },
    {
      name: "search, part of a name",
      kind: "search",
      asks: "`?q=<6 letters of a name>` (trigram index)",
      next: () => list({ q: pick(sample.orders).name.slice(8, 14) }),
    },
    {
      name: "ship",
      kind: "action",
      asks: "`POST /api/admin/orders/:id/ship` of a paid order (carrier, tracking number; e-mail to the outbox)",
      next: () => {
        const id = sample.toShip.shift();
        if (!id) throw new HarnessError("ran out of paid orders to ship");
        return {
          path: `/api/admin/orders/${id}/ship`,
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({ carrier: "Delhivery", trackingNumber: `DL${id.slice(0, 8)}` }),
        };
      },
    },
    {
      name: "refund",
      kind: "action",
      asks: "`POST /api/admin/orders/:id/refunds` of Rs 1 with a fresh Idempotency-Key (the provider refuses at once)",
      next: () => {
        const id = sample.toRefund.shift();
        if (!id) throw new HarnessError("ran out of delivered orders to refund");
        refunds += 1;
        return {
          path: `/api/admin/orders/${id}/refunds`,
          method: "POST",
          headers: { ...headers, "content-type": "application/json", "idempotency-key": `bench-${Date.now()}-${refunds}` },
          body: JSON.stringify({ amount: 1, reason: "bench:admin-orders" }),
        };
      },
    },
  ];
}

interface PhaseResult {
  name: string;
  kind: Kind;
  asks: string;
  rate: number;
  steady: LoadFigures & { windowP99Ms: (number | null)[] };
  cpuPercent: CpuPercent;
  loadAverageBefore: [number, number, number];
  loadAverageAfter: [number, number, number];
  drainSeconds: number | null;
  meetsTarget: boolean;
}

async function runPhase(baseUrl: string, serverPid: number | undefined, phase: Phase): Promise<PhaseResult> {
  const { rate } = TARGETS[phase.kind];
  if (warmupSeconds > 0) await driveAtRate(baseUrl, { connections: CONNECTIONS, rate, seconds: warmupSeconds, next: phase.next });
  await drainBacklog(baseUrl, DRAIN_SECONDS * 1000).catch(() => {});
  const loadAverageBefore = loadAverage();
  const cpuBefore = cpuSnapshot(serverPid);
  const steady = await driveSteadily(baseUrl, {
    rate,
    seconds: durationSeconds,
    windowSeconds: Math.min(WINDOW_SECONDS, durationSeconds),
    next: phase.next,
    openConnections: CONNECTIONS,
  });
  const cpu = cpuPercent(cpuBefore, cpuSnapshot(serverPid));
  const loadAverageAfter = loadAverage();
  const drainSeconds = await drainBacklog(baseUrl, DRAIN_SECONDS * 1000).then(
    (seconds) => Math.round(seconds * 10) / 10,
    () => null,
  );
  const result: PhaseResult = {
    name: phase.name,
    kind: phase.kind,
    asks: phase.asks,
    rate,
    steady,
    cpuPercent: cpu,
    loadAverageBefore,
    loadAverageAfter,
    drainSeconds,
    meetsTarget: meetsTarget(steady, TARGETS[phase.kind], RATE_KEPT),
  };
  console.log(
    `  ${phase.name} at ${rate}/s: p50 ${steady.p50Ms} ms, p99 ${steady.p99Ms} ms, max ${steady.maxMs} ms, errors ${steady.errors}, ` +
      `non-2xx ${steady.non2xx} ${JSON.stringify(steady.statusCodes)}; load ${loadAverageBefore[0]} → ${loadAverageAfter[0]}` +
      `${result.meetsTarget ? "" : "  (misses its target)"}`,
  );
  return result;
}

/** Before measuring: each request answers 2xx once. */
async function checkRequests(baseUrl: string, list: Phase[]) {
  for (const phase of list.filter((one) => one.kind !== "action")) {
    const request = phase.next();
    const response = await fetch(baseUrl + request.path, { headers: request.headers });
    if (!response.ok) throw new HarnessError(`${phase.name}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  }
}

installExitHandlers();
mkdirSync(dataDir, { recursive: true });
buildIfNeeded(root);
await (await openDatabase({ databaseUrl })).close();
const generated = await generateOrders();
console.log(`${redactUrl(databaseUrl)}: ${generated.toLocaleString("en")} orders`);
const actions = TARGETS.action.rate * (warmupSeconds + durationSeconds) + 50;
const sample = await readSample(actions);
if (sample.toShip.length < actions || sample.toRefund.length < actions) {
  throw new HarnessError(
    `too few paid orders to ship (${sample.toShip.length}) or delivered ones to refund (${sample.toRefund.length})`,
  );
}
const password = await ensureOwner();
const database = await withClient(databaseUrl, postgresFacts);
const date = new Date().toISOString();
const loadBefore = loadAverage();
const started = await startProductionServer(root, {
  env: productionServerEnv({ dataDir, databaseUrl, port: await freePort() }),
  logFile: path.join(dataDir, "server.log"),
  timeoutMs: 180_000,
});
const results: PhaseResult[] = [];
try {
  const token = await signInToken(started.baseUrl, OWNER_EMAIL, password);
  const all = phases(sample, token);
  await checkRequests(started.baseUrl, all);
  const only = values.only ? values.only.split(",").map((word) => word.trim()) : null;
  for (const phase of all) {
    if (only && !only.some((word) => phase.name.includes(word))) continue;
    results.push(await runPhase(started.baseUrl, started.server.child.pid, phase));
  }
} finally {
  await stopProcess(started.server, 15_000);
}

const machine = machineFacts();
const git = gitFacts(root);
const conditionsMatch = generated >= 1_000_000 && machine.cpuCount === 2;
const report = {
  benchmark: "admin-orders",
  date,
  git,
  machine,
  loadBefore,
  loadAfter: loadAverage(),
  database: { url: redactUrl(databaseUrl), ...database },
  orders: generated,
  connections: CONNECTIONS,
  warmupSeconds,
  durationSeconds,
  targets: TARGETS,
  rateKept: RATE_KEPT,
  conditionsMatch,
  serverReadySeconds: started.readySeconds,
  phases: results,
};
const rows = results.map((p) => [
  p.name,
  String(p.steady.requestsPerSecond),
  String(p.steady.p50Ms ?? "-"),
  String(p.steady.p99Ms ?? "-"),
  String(p.steady.maxMs ?? "-"),
  String(p.steady.errors),
  String(p.steady.non2xx),
  `${p.cpuPercent.server} / ${p.cpuPercent.postgres} / ${p.cpuPercent.other}`,
  `${p.loadAverageBefore[0]} → ${p.loadAverageAfter[0]}`,
  `< ${TARGETS[p.kind].p99UnderMs} ms`,
  (p.meetsTarget ? "yes" : "NO") + (conditionsMatch ? "" : " (*)"),
]);
const markdown = `# Back-office orders benchmark, ${date.slice(0, 10)} (commit ${git.commit}${git.dirty ? ", uncommitted changes" : ""})

- Machine: ${machine.cpuCount} × ${machine.cpuModel}, ${machine.totalMemoryGiB} GiB; Node ${machine.node}
- Load average before ${loadBefore.join(" / ")}, after ${report.loadAfter.join(" / ")} (other people's work shares the machine when high)
- Database: ${report.database.url}, ${database.version.split(" on ")[0]}; **${generated.toLocaleString("en")} orders**
- Load: an owner signed in through the API; each phase ${warmupSeconds} s of warm-up, then ${durationSeconds} s evenly spaced at its rate (${CONNECTIONS} connections)

${markdownTable(["phase", "req/s", "p50 ms", "p99 ms", "max ms", "errors", "non-2xx", "CPU % server / pg / other", "1-min load", "target p99", "meets target"], rows)}

${results.map((p) => `- **${p.name}**: ${p.asks}`).join("\n")}

A refund's figure has no provider time: the test provider's book does not hold the generated payments and refuses each
at once, so a refund is the guard's transaction (order row lock, sums, the refund row, timeline and audit events) and
the transaction that records the refusal.${conditionsMatch ? "" : "\n(*) not in the target's conditions (1,000,000 orders on 2 cores): indicative only."}
`;
mkdirSync(resultsDir, { recursive: true });
const outBase = values.out ?? resultFileBase(resultsDir, date, git.commit, "admin-orders");
writeAtomically(path.join(resultsDir, `${outBase}.json`), `${JSON.stringify(report, null, 2)}\n`);
writeAtomically(path.join(resultsDir, `${outBase}.md`), markdown);
console.log(
  `\n${textTable(
    ["phase", "p50 ms", "p99 ms", "met"],
    results.map((p) => [p.name, String(p.steady.p50Ms ?? "-"), String(p.steady.p99Ms ?? "-"), p.meetsTarget ? "yes" : "NO"]),
  )}\nwritten bench/results/${outBase}.{md,json}`,
);
process.exit(0);
