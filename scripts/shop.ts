import { ownerSettableStatuses } from "../src/domain/orders/types.ts";
import { ConfigError, loadConfig } from "../src/server/config/load-config.ts";
import { staffRoleForm } from "../src/shared/schemas/back-office.ts";
import { shipForm } from "../src/shared/schemas/back-office-orders.ts";

/**
 * The shop owner's commands, without a database console, on the shop's own configuration (environment and .env):
 *   npm run shop -- stock <productId> <quantity>     set a product's stock
 *   npm run shop -- order <orderId> <status>         move an order on as the back office does: shipped <carrier>
 *                                                    <tracking number>, delivered, cancelled, refunded (what is left)
 *   npm run shop -- searches [count]                 the searches that found nothing, most frequent first (20)
 *   npm run shop -- staff add <email> owner|staff    give an existing, verified account a back-office role
 *   npm run shop -- staff remove <email>             take it away (that person's back-office sessions end at once)
 * On the embedded database only while the shop is stopped (PGlite has one writer: the shop's lock says so); on
 * PostgreSQL at any time. Changes go through the same services and guards as the back office, so a cancelled order
 * gives its stock back and a paid one is refunded through the payment provider. Running shops show a product's new
 * figure at once with REDIS_URL (the change is published to them), otherwise within API_CACHE_TTL_MS (their
 * micro-cache).
 */
const usage = `usage:
  npm run shop -- stock <productId> <quantity>
  npm run shop -- order <orderId> <status>    status: ${ownerSettableStatuses.join(", ")}
  npm run shop -- order <orderId> shipped <carrier> <tracking number>
  npm run shop -- searches [count]            searches that found nothing, most frequent first
  npm run shop -- staff add <email> owner|staff
  npm run shop -- staff remove <email>`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const [command, id, value, ...extra] = process.argv.slice(2);

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

if (command === "--help" || command === "-h") {
  console.log(usage);
  process.exit(0);
}
const listsSearches = command === "searches";
const staffChange = command === "staff" ? parseStaffChange() : undefined;
if (staffChange) {
  // parseStaffChange has checked its arguments
} else if (listsSearches) {
  if (value !== undefined || (id !== undefined && !/^[1-9]\d{0,3}$/.test(id)))
    fail(`the count must be a whole number from 1 to 9999\n${usage}`);
} else if (
  (command !== "stock" && command !== "order") ||
  id === undefined ||
  value === undefined ||
  extra.length > (command === "order" && value === "shipped" ? 2 : 0)
) {
  fail(usage);
} else if (!UUID.test(id)) {
  fail(`"${id}" is not an id (a UUID such as 01a20b01-f04a-707e-af02-40636730ccc2)\n${usage}`);
}
function parseStaffChange() {
  const [sub, email, role, ...more] = [id, value, ...extra];
  const valid =
    more.length === 0 && ((sub === "add" && (role === "owner" || role === "staff")) || (sub === "remove" && role === undefined));
  const parsed = staffRoleForm.safeParse({ email, role: sub === "remove" ? "none" : role });
  if (!valid || !parsed.success) fail(parsed.success ? usage : `${parsed.error.issues[0]?.message}\n${usage}`);
  return { email: parsed.data.email, role: parsed.data.role === "none" ? null : parsed.data.role };
}

const quantity = Number(value);
if (command === "stock" && !(/^\d+$/.test(value ?? "") && Number.isSafeInteger(quantity))) {
  fail(`the quantity must be a whole number, 0 or more (got "${value}")`);
}
if (command === "order" && !(ownerSettableStatuses as readonly string[]).includes(value ?? "")) {
  fail(`the status must be one of: ${ownerSettableStatuses.join(", ")} (got "${value}")`);
}
const shipment = command === "order" && value === "shipped" ? parseShipment() : undefined;
function parseShipment() {
  const parsed = shipForm.safeParse({ carrier: extra[0] ?? "", trackingNumber: extra[1] ?? "" });
  if (!parsed.success) fail(`${parsed.error.issues[0]?.message}\n${usage}`);
  return parsed.data;
}

try {
  process.loadEnvFile();
} catch {}
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig({ ...process.env, SEED_DEMO_DATA: "false" });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  fail(error.message);
}

const quiet = {
  info() {},
  warn() {},
  error(object: object, message: string) {
    console.error(message, object);
  },
};
// Loaded only once the arguments are right: a typo is answered at once.
const { createServices } = await import("../src/server/services.ts");
const { DataDirLockedError } = await import("../src/db/data-dir-lock.ts");
let runtime: Awaited<ReturnType<typeof createServices>>;
try {
  runtime = await createServices(config, { log: quiet });
} catch (error) {
  if (error instanceof DataDirLockedError)
    fail(`${error.message}\n(The shop is running on its embedded database: stop it, run this again, start it.)`, 1);
  throw error;
}
try {
  if (staffChange) {
    const account = await runtime.services.backOffice.setRole(
      { id: null, email: "npm run shop" },
      staffChange.email,
      staffChange.role,
    );
    console.log(`${account.email}: ${staffChange.role ?? "no back-office role"}`);
  } else if (listsSearches) {
    const searches = await runtime.services.search.zeroResultSearches(Number(id ?? 20));
    if (searches.length === 0) console.log("no search has come back empty");
    for (const { query, count, lastSearchedAt } of searches) {
      console.log(`${String(count).padStart(6)}  ${lastSearchedAt.toISOString().slice(0, 10)}  ${query}`);
    }
  } else if (command === "stock" && id !== undefined) {
    await runtime.services.catalog.setStock(id, quantity);
    console.log(`product ${id}: ${quantity} in stock`);
  } else if (id !== undefined) {
    await runtime.services.orders.setStatus(id, value as (typeof ownerSettableStatuses)[number], shipment);
    console.log(`order ${id}: ${value}`);
  }
  if (config.DATABASE_URL && !listsSearches && !staffChange && !config.REDIS_URL)
    console.log(`(running shops show it within API_CACHE_TTL_MS = ${config.API_CACHE_TTL_MS} ms)`);
} catch (error) {
  if (error instanceof Error && error.name === "AppError") fail(error.message, 1);
  throw error;
} finally {
  await runtime.close();
}
