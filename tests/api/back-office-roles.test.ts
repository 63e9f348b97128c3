import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backOfficeMessages } from "#shared/back-office-messages.ts";
import { pageMessages, requestMessages } from "#shared/messages.ts";
import { type AdminRoute, adminRoutes } from "../support/admin-routes.ts";
import { requestPage } from "../support/pages.ts";
import { everyone, type Who } from "../support/staff.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../support/test-app.ts";

// Issue 33, 10: every back-office page and /api/admin route, as a visitor, a shopper, staff and the owner. The routes
// are read from the running app, so a new one is tried here without being listed: without a role check it fails.
let app: TestApp;
let who: Record<Who, string | undefined>;
let routes: AdminRoute[];
beforeAll(async () => {
  app = await createTestApp({ web: true });
  who = await everyone(app);
  routes = await adminRoutes(app.server);
});
afterAll(async () => {
  await app?.close();
});

/** The owner's alone: staff get a 403 with ownerOnly. */
const OWNER_ONLY = new Set([
  "/admin/audit",
  "/admin/staff",
  "/api/admin/staff",
  "/api/admin/audit",
  "/api/admin/staff/invites",
  "/api/admin/staff/invites/:id",
  "/api/admin/staff/invites/:id/resend",
  "/api/admin/customers/:id/export",
  "/api/admin/customers/:id/erase",
  "/admin/settings",
  "/api/admin/settings",
  "/admin/search-synonyms",
  "/api/admin/search/synonyms",
  "/api/admin/search/synonyms/:term",
]);
/**
 * Joining with an invitation's code (decision 039) is the one place an account without a role may reach: the page
 * sends a visitor to sign in and shows a shopper its form; the API answers a visitor 401 and a shopper's empty body
 * 400. Both are tried below, explicitly, instead of the unknown path's answer (tests/api/back-office-staff.test.ts).
 */
const JOIN = new Set(["/admin/join", "/api/admin/staff/join"]);
/** Answers for everyone as for an unknown page until its one-time token is right (tests/api/back-office-claim.test.ts). */
const TOKEN_PAGES = new Set(["/admin/claim/:token"]);

async function ask(route: AdminRoute, sid: string | undefined) {
  if (route.kind === "page") {
    const form = route.method === "POST" ? { intent: "nothing" } : undefined;
    const page = await requestPage(app, route.method as "GET" | "POST", route.url, { sid, form });
    return { status: page.status, body: page.html, headers: page.headers };
  }
  const response = await app.server.inject({
    method: route.method as "GET",
    url: route.url,
    headers: { ...(sid ? { authorization: `Bearer ${sid}` } : {}), origin: TEST_PUBLIC_URL },
    ...(["POST", "PUT", "PATCH"].includes(route.method) ? { payload: {} } : {}),
  });
  return { status: response.statusCode, body: response.body, headers: response.headers };
}

describe("who may use the back office", () => {
  it("finds the back office's routes in the app", () => {
    const patterns = new Set(routes.map((route) => route.pattern));
    for (const known of ["/admin", "/admin/staff", "/api/admin/me", "/api/admin/staff"]) expect(patterns).toContain(known);
  });

  it("answers a visitor and a shopper exactly as an unknown path, whatever they send", async () => {
    const unknownPage = await requestPage(app, "GET", "/no-such-page");
    for (const route of routes.filter((route) => !JOIN.has(route.pattern))) {
      for (const requester of ["visitor", "shopper"] as const) {
        const answer = await ask(route, who[requester]);
        const label = `${route.method} ${route.pattern} as ${requester}`;
        expect(answer.status, label).toBe(404);
        if (route.kind === "api") {
          const unknown = await app.server.inject({
            method: route.method as "GET",
            url: `/api/no-such-area${route.url.slice(4)}`,
            headers: who[requester] ? { authorization: `Bearer ${who[requester]}` } : {},
          });
          expect(answer.body, label).toBe(unknown.body.replace("/api/no-such-area", "/api"));
          expect(answer.headers["cache-control"], label).toBe(unknown.headers["cache-control"]);
        } else
          expect(answer.body.match(/<h1[^>]*>.*?<\/h1>/)?.[0], label).toBe(unknownPage.html.match(/<h1[^>]*>.*?<\/h1>/)?.[0]);
      }
    }
  });

  it("opens only the join page and route to an account without a role, and sends a visitor to sign in", async () => {
    const joins = routes.filter((route) => JOIN.has(route.pattern));
    expect(joins.map((route) => `${route.method} ${route.pattern}`).sort()).toEqual([
      "GET /admin/join",
      "POST /admin/join",
      "POST /api/admin/staff/join",
    ]);
    for (const route of joins) {
      const label = `${route.method} ${route.pattern}`;
      const visitor = await ask(route, who.visitor);
      const shopper = await ask(route, who.shopper);
      if (route.kind === "page") {
        expect(visitor.status, `${label} as visitor`).toBe(302);
        expect(visitor.headers.location, `${label} as visitor`).toBe("/signIn?redirectTo=%2Fadmin%2Fjoin");
        expect(shopper.status, `${label} as shopper`).toBe(route.method === "GET" ? 200 : 400);
      } else {
        expect(visitor.status, `${label} as visitor`).toBe(401);
        expect(shopper.status, `${label} as shopper`).toBe(400);
      }
    }
  });

  it("lets staff in, except to the owner's routes (403), and the owner everywhere", async () => {
    for (const route of routes.filter((route) => !TOKEN_PAGES.has(route.pattern))) {
      const staff = await ask(route, who.staff);
      const owner = await ask(route, who.owner);
      const label = `${route.method} ${route.pattern}`;
      if (OWNER_ONLY.has(route.pattern)) {
        expect(staff.status, `${label} as staff`).toBe(403);
        expect(staff.body, `${label} as staff`).toContain(route.kind === "api" ? backOfficeMessages.ownerOnly : "owner");
      } else {
        // A route given a made-up id may answer its own 404 (no such thing), never the unknown path's.
        if (staff.status === 404)
          expect(staff.body, `${label} as staff`).not.toContain(
            route.kind === "api" ? requestMessages.noApiRoute(route.method, "") : pageMessages.notFoundDetail,
          );
        else expect(staff.status, `${label} as staff`).not.toBe(404);
        expect(staff.status, `${label} as staff`).toBeLessThan(500);
      }
      expect(
        [403, 404, 500].includes(owner.status) && owner.body.includes(backOfficeMessages.ownerOnly),
        `${label} as owner`,
      ).toBe(false);
      expect(owner.status, `${label} as owner`).toBeLessThan(500);
    }
  });
});
