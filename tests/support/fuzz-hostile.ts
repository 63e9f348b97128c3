import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import type { InjectOptions } from "fastify";
import { oneTimeCodes, passwordResetGrants, sessions, users } from "#db/schema/accounts.ts";
import { cartItems, carts } from "#db/schema/cart.ts";
import { products } from "#db/schema/catalog.ts";
import { stagedUploads, uploads } from "#db/schema/media.ts";
import { orderItems, orders } from "#db/schema/orders.ts";
import { reviews } from "#db/schema/reviews.ts";
import { wishlistItems } from "#db/schema/wishlist.ts";
import type { FuzzRoute } from "./fuzz-requests.ts";
import type { TestApp } from "./test-app.ts";

/**
 * The fuzz test's deliberate half (tests/api/fuzz.test.ts): every route of the running app walked with the ids and
 * body encodings that once answered a 500, each method, valid-looking bodies, signed in and not. Every request is
 * decided by its arguments (no randomness), so a failure names the request itself.
 */

export const WALK_METHODS = ["GET", "PUT", "POST", "DELETE", "PATCH"] as const;

/** A signed-in shopper whose things must stay as they are whatever the walk sends. */
export interface WalkSession {
  token: string;
  userId: string;
  email: string;
  password: string;
  productId: string;
  /** An id that exists (the shopper's cart line): the hostile ids are made from it. */
  lineId: string;
  host: string;
  origin: string;
}

export interface WalkRequest {
  /** The route walked (its pattern). */
  route: string;
  label: string;
  options: InjectOptions & { method: string; url: string };
}

/** Path segments as sent (already URL-encoded), none of them a valid id; `real` is one that exists. */
export function hostileIds(real: string): string[] {
  return [
    "'",
    "undefined",
    "null",
    "-1",
    "%00",
    "1e309",
    `g${real.slice(1)}`,
    `${real}%00`,
    `${real.slice(0, -1)}%27`,
    "9".repeat(99),
    // Longer than a path parameter may be (Fastify's maxParamLength): the router's own answer.
    "a".repeat(3000),
    encodeURIComponent("ürün🛒"),
    "%ff",
    "..",
    "%2e%2e",
    "%20",
  ];
}

/** What a well-meaning client would put in each field the routes read (API bodies, page forms). */
function goodValues(session: WalkSession): Record<string, unknown> {
  return {
    productId: session.productId,
    quantity: 1,
    review: "Sturdy and light.",
    customerRating: 4,
    rating: 4,
    price: 100,
    subTotal: 100,
    countInStock: 5,
    name: "Asha Rao",
    fullName: "Asha Rao",
    email: session.email,
    phone: "9876543210",
    phoneNumber: "9876543210",
    password: session.password,
    oldPassword: session.password,
    newPass: "another horse battery",
    confirmPass: "another horse battery",
    otp: "123456",
    images: [],
    country: "India",
    streetAddressLine1: "12 MG Road",
    city: "Bengaluru",
    state: "Karnataka",
    zipCode: "560001",
    pincode: "560001",
    amount: 100,
  };
}

/** Fields that name a record: the hostile id goes there when the route has no id in its path. */
const ID_FIELD = /(?:^|_)id$|[a-z]Id$/;
const PAGE_INTENTS = ["add", "update", "remove", "toggle", "add-review", "test-pay", "test-fail", "confirm"];
const PAGE_ID_FIELDS = ["productId", "lineId", "id", "orderId", "razorpay_order_id", "razorpay_payment_id"];

const intentOf = (n: number) => PAGE_INTENTS[n % PAGE_INTENTS.length] as string;

function apiBody(route: FuzzRoute, session: WalkSession, hostile?: string): Record<string, unknown> {
  const good = goodValues(session);
  return Object.fromEntries(
    route.fields.map((name) => [name, hostile !== undefined && ID_FIELD.test(name) ? hostile : (good[name] ?? "x")]),
  );
}

function pageForm(session: WalkSession, intent: string, hostile?: string): string {
  const good = goodValues(session);
  const form = new URLSearchParams({ intent, review: String(good.review), customerRating: "4", quantity: "1" });
  for (const name of PAGE_ID_FIELDS) form.set(name, hostile === undefined ? String(good[name] ?? session.lineId) : hostile);
  return form.toString();
}

function signedIn(route: FuzzRoute, session: WalkSession, yes: boolean): Record<string, string> {
  const headers: Record<string, string> = { host: session.host, origin: session.origin };
  if (!yes) return headers;
  if (route.kind === "api") headers.authorization = `Bearer ${session.token}`;
  else headers.cookie = `sid=${session.token}`;
  return headers;
}

/** A hostile id (URL-encoded) in a path, decoded back for the fields of a form or a JSON body. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Hostile ids in every place a route reads one: each path parameter (each method, a valid-looking body), each id field
 * of an API body or page form, and each id in an API query string.
 */
export function* hostileIdRequests(routes: FuzzRoute[], session: WalkSession): Generator<WalkRequest> {
  const ids = hostileIds(session.lineId);
  for (const route of routes) {
    if (route.path === "*" || route.kind === "health") continue;
    const withParams = /:\w+/.test(route.path);
    const idFields = route.fields.filter((name) => ID_FIELD.test(name));
    const idQuery = route.query.filter((name) => /id$/i.test(name));
    for (const [n, id] of ids.entries()) {
      const auth = n % 4 !== 3;
      if (withParams) {
        const url = route.path.replace(/:\w+/g, id);
        // A page runs its action for every method but GET, and one without an action refuses them all alike.
        const page = route.kind === "page";
        const methods = page && !route.methods.includes("POST") ? ["GET", "POST"] : WALK_METHODS;
        for (const [m, method] of methods.entries()) {
          // One intent per request keeps the pages' walk to seconds; over the ids each intent meets each method.
          const form = page && method !== "GET" ? pageForm(session, intentOf(n + m)) : undefined;
          yield request(route, session, auth, method, url, form);
        }
      }
      const write = route.methods.find((m) => m !== "GET" && m !== "HEAD");
      if (route.kind === "api" && idFields.length > 0 && write && !withParams) {
        yield request(route, session, auth, write, route.path, apiBody(route, session, decoded(id)));
      }
      if (route.kind === "page" && route.methods.includes("POST") && !withParams && !/logout/i.test(route.path)) {
        yield request(route, session, auth, "POST", route.path, pageForm(session, intentOf(n), decoded(id)));
      }
      if (route.kind === "api" && idQuery.length > 0 && !withParams) {
        yield request(route, session, auth, "GET", `${route.path}?${idQuery.map((name) => `${name}=${id}`).join("&")}`);
      }
    }
  }
}

function request(
  route: FuzzRoute,
  session: WalkSession,
  auth: boolean,
  method: string,
  url: string,
  body?: Record<string, unknown> | string,
): WalkRequest {
  const headers = signedIn(route, session, auth);
  if (route.kind === "page") headers.accept = "text/html";
  let payload: string | undefined;
  if (method !== "GET" && method !== "HEAD") {
    const content = body ?? (route.kind === "page" ? pageForm(session, "add") : apiBody(route, session));
    payload = typeof content === "string" ? content : JSON.stringify(content);
    headers["content-type"] = typeof content === "string" ? "application/x-www-form-urlencoded" : "application/json";
  }
  return {
    route: route.path,
    label: `${method} ${url.slice(0, 120)}${auth ? " (signed in)" : ""}${payload ? ` ${payload.slice(0, 80)}` : ""}`,
    options: { method, url, headers, ...(payload === undefined ? {} : { payload }) } as WalkRequest["options"],
  };
}

interface EncodedBody {
  label: string;
  encoding?: string;
  /** The body's bytes from the plain body; undefined: no body at all (no Content-Length). */
  bytes?: (plain: Buffer) => Buffer;
  contentLength?: (bytes: Buffer) => string;
}

/** Declared codings with no body, empty, cut short, garbage, or whole; and Content-Lengths that lie. */
export const HOSTILE_ENCODINGS: EncodedBody[] = [
  { label: "gzip, no body", encoding: "gzip" },
  { label: "gzip, empty body", encoding: "gzip", bytes: () => Buffer.alloc(0) },
  { label: "deflate, no body", encoding: "deflate" },
  { label: "br, empty body", encoding: "br", bytes: () => Buffer.alloc(0) },
  { label: "zstd, no body", encoding: "zstd" },
  { label: "unknown coding, no body", encoding: "x-snappy" },
  { label: "gzip, cut short", encoding: "gzip", bytes: (plain) => gzipSync(plain).subarray(0, 12) },
  { label: "gzip, whole and valid", encoding: "gzip", bytes: (plain) => gzipSync(plain) },
  { label: "deflate, garbage", encoding: "deflate", bytes: () => Buffer.from("not deflate at all") },
  { label: "deflate, whole and valid", encoding: "deflate", bytes: (plain) => deflateSync(plain) },
  { label: "br, garbage", encoding: "br", bytes: () => Buffer.from([0xff, 0xfe, 0xfd, 0x00, 0x01]) },
  { label: "br, whole and valid", encoding: "br", bytes: (plain) => brotliCompressSync(plain) },
  { label: "a list of codings", encoding: "identity, gzip", bytes: (plain) => gzipSync(plain) },
  { label: "upper-case GZIP", encoding: "GZIP", bytes: (plain) => gzipSync(plain) },
  { label: "unknown coding, plain body", encoding: "x-snappy", bytes: (plain) => plain },
  { label: "gzip, Content-Length 0 with a body", encoding: "gzip", bytes: (plain) => gzipSync(plain), contentLength: () => "0" },
  {
    label: "gzip, Content-Length longer than the body",
    encoding: "gzip",
    bytes: (plain) => gzipSync(plain),
    contentLength: (bytes) => String(bytes.length + 50),
  },
  // Without a coding the body reaches the route (`inject` hands it all over, whatever the length): one that can change nothing.
  { label: "no coding, Content-Length longer than the body", bytes: (plain) => plain.subarray(0, 5), contentLength: () => "55" },
  {
    label: "gzip, Content-Length shorter than the body",
    encoding: "gzip",
    bytes: (plain) => gzipSync(plain),
    contentLength: () => "5",
  },
];

/** Every route (API, pages, built files, health), each method, each hostile encoding, signed in and not. */
export function* hostileEncodingRequests(
  routes: FuzzRoute[],
  session: WalkSession,
): Generator<WalkRequest & { declared: boolean }> {
  for (const route of routes) {
    const path = route.path === "*" ? "/no-such-page" : realPath(route, session);
    // The build's files are one static handler behind many routes: two methods each are enough.
    for (const method of route.kind === "file" && !route.path.includes(":") ? ["GET", "POST"] : WALK_METHODS) {
      for (const [n, hostile] of HOSTILE_ENCODINGS.entries()) {
        // Lying lengths without a coding reach the routes: only where a body is read, and not the sign-out.
        if (!hostile.encoding && (method === "GET" || route.kind === "file" || /logout/i.test(route.path))) continue;
        const auth = n % 2 === 0;
        const headers = signedIn(route, session, auth);
        const form = route.kind === "page" || route.kind === "file";
        const plain = Buffer.from(form ? pageForm(session, "add") : JSON.stringify(apiBody(route, session)));
        headers["content-type"] = form ? "application/x-www-form-urlencoded" : "application/json";
        if (hostile.encoding) headers["content-encoding"] = hostile.encoding;
        const bytes = hostile.bytes?.(plain);
        if (bytes && hostile.contentLength) headers["content-length"] = hostile.contentLength(bytes);
        yield {
          route: route.path,
          declared: hostile.encoding !== undefined,
          label: `${method} ${path} (${hostile.label}${auth ? ", signed in" : ""})`,
          options: { method, url: path, headers, ...(bytes ? { payload: bytes } : {}) } as WalkRequest["options"],
        };
      }
    }
  }
}

/** The route's path with ids that exist (the shopper's own), so a request let through would change something. */
function realPath(route: FuzzRoute, session: WalkSession): string {
  if (route.kind === "file") return route.path.replace(/:\w+/g, "x.webp");
  const id = route.path.startsWith("/api/user")
    ? session.userId
    : route.path.includes("product")
      ? session.productId
      : session.lineId;
  return route.path.replace(/:\w+/g, id);
}

/**
 * What the walk must leave as it was: accounts, sessions, carts (the shopper's and any guest's), lists, reviews,
 * orders, uploads, codes and grants, and the products' stock and ratings. Rows in a stable order, times as text.
 */
export async function shopState(app: TestApp): Promise<string> {
  const { db } = app;
  const tables = {
    users: await db.select().from(users),
    sessions: await db.select({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt }).from(sessions),
    oneTimeCodes: await db.select().from(oneTimeCodes),
    passwordResetGrants: await db.select().from(passwordResetGrants),
    uploads: await db.select().from(uploads),
    stagedUploads: await db.select().from(stagedUploads),
    carts: await db.select().from(carts),
    cartItems: await db.select().from(cartItems),
    wishlistItems: await db.select().from(wishlistItems),
    reviews: await db.select().from(reviews),
    orders: await db.select().from(orders),
    orderItems: await db.select().from(orderItems),
    products: await db.select().from(products),
  };
  return JSON.stringify(
    Object.fromEntries(Object.entries(tables).map(([name, rows]) => [name, rows.map((row) => JSON.stringify(row)).sort()])),
    null,
    1,
  );
}
