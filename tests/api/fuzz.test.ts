import { randomInt } from "node:crypto";
import { realpathSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestProduct, createTestUser } from "../support/builders.ts";
import {
  hostileEncodingRequests,
  hostileIdRequests,
  shopState,
  type WalkRequest,
  type WalkSession,
} from "../support/fuzz-hostile.ts";
import { type FuzzContext, type FuzzRoute, fuzzRequest, sendRaw } from "../support/fuzz-requests.ts";
import { listRoutes } from "../support/fuzz-routes.ts";
import { requestSeed } from "../support/fuzz-values.ts";
import { type OidcIssuer, startOidcIssuer } from "../support/oidc-issuer.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../support/test-app.ts";

// Thousands of malformed requests to every route of the running app (API, pages, built files, health): none may answer
// a 5xx or show internals. Every request comes from a seeded generator, so a failure names its seed and index:
//   FUZZ_SEED=<seed> npx vitest run tests/api/fuzz.test.ts                  the same run again
//   FUZZ_SEED=<seed> FUZZ_ONLY=<index> npx vitest run tests/api/fuzz.test.ts  that one request, printed whole
// FUZZ_REQUESTS changes the number of requests (default 3,000; about 15 s on 2 cores).
const SEED = Number(process.env.FUZZ_SEED ?? randomInt(2 ** 31));
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3000);
const ONLY = process.env.FUZZ_ONLY === undefined ? undefined : Number(process.env.FUZZ_ONLY);

/** What a body must never show: stack frames, SQL, the shop's files, its dependencies. */
const LEAKS: [string, RegExp][] = [
  ["stack trace", /\n\s+at [^\n]+[:(]\d+:\d+\)?|\bat (?:async )?[\w$.<>]+ \((?:file:|node:|\/)/],
  [
    "SQL",
    /Failed query|syntax error at or near|violates [\w ]*constraint|invalid byte sequence|duplicate key value|\b(?:from|into|update) "\w+"/i,
  ],
  [
    "file path",
    new RegExp(
      `${[process.cwd(), realpathSync(process.cwd())].map(literal).join("|")}|file:///|/tmp/storefront-|\\.(?:ts|tsx|mjs|cjs):\\d+`,
    ),
  ],
  ["node_modules", /node_modules/],
];

function literal(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

let app: TestApp;
let issuer: OidcIssuer;
let routes: FuzzRoute[];
let context: FuzzContext;
let port: number;
beforeAll(async () => {
  // Behind a trusted proxy (loopback), so forwarded headers are believed and fuzzed too; Google sign-in configured
  // against a local issuer, so its route is fuzzed past "not configured" (a deliberate 503).
  issuer = await startOidcIssuer();
  app = await createTestApp({
    web: true,
    env: { TRUST_PROXY: "127.0.0.1/8", GOOGLE_CLIENT_ID: issuer.clientId, GOOGLE_ISSUER: issuer.issuer },
  });
  const user = await createTestUser(app.db, { password: "correct horse battery" });
  const signIn = await app.server.inject({
    method: "POST",
    url: "/api/user/signin",
    payload: { email: user.email, password: "correct horse battery" },
  });
  const [product] = (await app.server.inject({ method: "GET", url: "/api/products?page=1&perPage=1" })).json().products;
  const odd = [
    { name: "Fuzz Google" },
    { name: "x".repeat(5000) },
    { email: "not an e-mail", name: "" },
    { email: `${"a".repeat(300)}@example.com` },
  ];
  context = {
    host: new URL(TEST_PUBLIC_URL).host,
    origin: TEST_PUBLIC_URL,
    token: signIn.json().token,
    productId: product.id,
    imageFile:
      String(product.images[0] ?? "x.webp")
        .split("/")
        .pop() ?? "x.webp",
    credentials: await Promise.all(
      odd.map((claims, n) => issuer.sign({ sub: `fuzz-${n}`, email: `fuzz-${n}@example.com`, ...claims })),
    ),
  };
  routes = await listRoutes(app.server);
  // Requests with control characters in a header go through a real socket and Node's HTTP parser.
  await app.server.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app?.close();
  await issuer?.close();
});

/** Requests per route: the API's and the pages' get the most, each built file a few. */
function share(route: FuzzRoute, all: FuzzRoute[]): number {
  const weight = (r: FuzzRoute) => ({ api: 12, page: 8, health: 2, file: 1 })[r.kind];
  return Math.max(2, Math.round((REQUESTS * weight(route)) / all.reduce((sum, r) => sum + weight(r), 0)));
}

describe("fuzzing every route", () => {
  it("answers thousands of malformed requests without a 5xx or a leak", { timeout: 180_000 }, async () => {
    const plan = routes.flatMap((route) => Array.from({ length: share(route, routes) }, () => route));
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const started = performance.now();
    // One at a time: the embedded database answers one query at a time, and concurrent renders only queue (and slow).
    for (const [index, route] of plan.entries()) {
      if (failures.length >= 20 || (ONLY !== undefined && index !== ONLY)) continue;
      const request = fuzzRequest(route, requestSeed(SEED, index), context);
      const response = request.raw ? await sendRaw(port, request) : await app.server.inject(request.options);
      if (ONLY !== undefined) console.log(request, response.statusCode, response.body.slice(0, 2000));
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const problems = [
        ...(response.statusCode >= 500 ? [`status ${response.statusCode}`] : []),
        ...LEAKS.filter(([, pattern]) => pattern.test(response.body)).map(([what]) => `${what} in the body`),
      ];
      if (problems.length > 0) {
        const shown = `${request.options.method} ${request.options.url.slice(0, 300)}${request.raw ? " (raw socket)" : ""}`;
        failures.push(`#${index} (${route.path}) ${shown}: ${problems.join(", ")}\n  ${response.body.slice(0, 300)}`);
      }
    }
    const sent = [...statuses.values()].reduce((a, b) => a + b, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `fuzz: seed ${SEED}, ${routes.length} routes, ${sent} requests in ${seconds} s; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(failures, `FUZZ_SEED=${SEED} replays these; FUZZ_ONLY=<#index> one of them`).toEqual([]);
    if (ONLY === undefined) expect(sent).toBe(plan.length);
  });
});

// The deliberate half: every route the app serves (enumerated from it, not listed here) with the ids and body
// encodings that once answered a 500, each method, valid-looking bodies, a shopper signed in and not. Nothing may
// answer a 5xx, and the shopper's cart, list, review, account and session (and every other row) must stay as they were.
describe("hostile ids and encodings on every route", () => {
  let session: WalkSession;
  beforeAll(async () => {
    const password = "correct horse battery";
    const user = await createTestUser(app.db, { password });
    const signIn = await app.server.inject({ method: "POST", url: "/api/user/signin", payload: { email: user.email, password } });
    const token = signIn.json().token as string;
    const authorization = `Bearer ${token}`;
    // A product of its own, without options, so its line and review are this shopper's alone.
    const productId = (await createTestProduct(app.db)).id;
    const add = await app.server.inject({
      method: "POST",
      url: "/api/cart/add",
      headers: { authorization },
      payload: { productId, quantity: 1 },
    });
    expect(add.statusCode).toBe(201);
    for (const [url, payload] of [
      ["/api/my-list/add", { productId }],
      ["/api/productReviews/add", { productId, review: "Keeps its edge.", customerRating: 4 }],
    ] as const) {
      expect((await app.server.inject({ method: "POST", url, headers: { authorization }, payload })).statusCode).toBeLessThan(
        300,
      );
    }
    session = {
      token,
      userId: user.id,
      email: user.email,
      password,
      productId,
      lineId: add.json().id,
      host: context.host,
      origin: context.origin,
    };
  });

  async function walk(requests: Iterable<WalkRequest & { declared?: boolean }>) {
    const before = await shopState(app);
    const failures: string[] = [];
    const walked = new Set<string>();
    for (const { route, label, options, declared } of requests) {
      walked.add(route);
      const response = await app.server.inject(options);
      const refused = declared ? response.statusCode >= 400 && response.statusCode < 500 : response.statusCode < 500;
      if (!refused) failures.push(`${response.statusCode} ${label}: ${response.body.slice(0, 200)}`);
    }
    // The 5xx first: they are what the walk is for.
    expect(failures.sort((a, b) => b.localeCompare(a)).slice(0, 30)).toEqual([]);
    expect(await shopState(app)).toBe(before);
    return walked;
  }

  it("answers malformed ids in every path, body and query without a 5xx, and changes nothing", { timeout: 60_000 }, async () => {
    const walked = await walk(hostileIdRequests(routes, session));
    const withIds = routes.filter((route) => route.path.includes(":")).map((route) => route.path);
    // The enumeration itself: the routes of the findings are there, and every route with an id in its path was walked.
    expect(withIds).toEqual(expect.arrayContaining(["/api/cart/:id", "/api/user/:id", "/product/:id", "/checkout/pay/:orderId"]));
    expect([...walked]).toEqual(expect.arrayContaining([...withIds, "/api/cart/add", "/api/productReviews/add", "/cart"]));
  });

  it("answers every declared body encoding (none, empty, broken, whole) with a 4xx on every route, and changes nothing", {
    timeout: 60_000,
  }, async () => {
    const walked = await walk(hostileEncodingRequests(routes, session));
    // A layout and its index route share a path (/admin): each path once.
    expect([...walked].sort()).toEqual([...new Set(routes.map((route) => route.path))].sort());
  });
});
