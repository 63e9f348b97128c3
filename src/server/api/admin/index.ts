import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Services } from "#domain/services.ts";
import { auditQuery, staffRoleForm } from "#shared/schemas/back-office.ts";
import { errorResponses } from "../error-schemas.ts";
import { bannersAdminApi } from "./banners.ts";
import { bulkAdminApi } from "./bulk.ts";
import { catalogCsvAdminApi } from "./catalog-csv.ts";
import { categoriesAdminApi } from "./categories.ts";
import { customersAdminApi } from "./customers.ts";
import { adminGuard, staffOf } from "./guard.ts";
import { insightsAdminApi } from "./insights.ts";
import { invoicesAdminApi } from "./invoices.ts";
import { ordersAdminApi } from "./orders.ts";
import { productsAdminApi } from "./products.ts";
import { reviewsAdminApi } from "./reviews.ts";
import { settingsAdminApi } from "./settings.ts";
import { staffAdminApi } from "./staff.ts";

export interface AdminApiOptions {
  services: Services;
  publicUrl: string;
}

const tags = ["Back office"];

const staffJson = z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.enum(["owner", "staff"]).nullable() });

const auditEventJson = z.object({
  id: z.string(),
  at: z.string().describe("ISO 8601"),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string(),
  revertOf: z.string().nullable(),
});

/**
 * `/api/admin`: the back office's work for scripts, on the same services and role checks as the /admin pages
 * (decision 031). Every route passes the guard; the area files below register their routes on this instance.
 */
export const adminApi: FastifyPluginAsyncZod<AdminApiOptions> = async (app, options) => {
  const { services } = options;
  app.decorateRequest("staff", null);
  // On request, before the body is read or validated: without a role, not even a 400 tells that a route exists.
  app.addHook("onRequest", adminGuard(services));
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
    reply.header("x-robots-tag", "noindex, nofollow");
  });
  await app.register(productsAdminApi, { services, publicUrl: options.publicUrl });
  await app.register(categoriesAdminApi, { services, publicUrl: options.publicUrl });
  await app.register(bannersAdminApi, { services, publicUrl: options.publicUrl });
  await app.register(catalogCsvAdminApi, { services, publicUrl: options.publicUrl });
  await app.register(bulkAdminApi, { services, publicUrl: options.publicUrl });
  await app.register(staffAdminApi, { services, publicUrl: options.publicUrl });
  await app.register(customersAdminApi, { services, publicUrl: options.publicUrl });
  await app.register(settingsAdminApi, { services, publicUrl: options.publicUrl });
  await app.register(invoicesAdminApi, { services, publicUrl: options.publicUrl });
  await app.register(reviewsAdminApi, { services, publicUrl: options.publicUrl });
  await app.register(insightsAdminApi, { services, publicUrl: options.publicUrl });
  await app.register(ordersAdminApi, { services, publicUrl: options.publicUrl });

  app.get(
    "/me",
    { schema: { tags, summary: "The staff member of this session and their role", response: { 200: staffJson } } },
    async (request) => {
      const staff = staffOf(request);
      const profile = await services.accounts.getProfile(staff.id);
      return { id: profile.id, name: profile.name, email: profile.email, role: profile.role };
    },
  );

  app.post(
    "/session/confirm",
    {
      config: { idleAllowed: true },
      schema: {
        tags,
        summary:
          "Give the password again (or, for an account that signs in with Google, a fresh Google ID token as " +
          "`credential`): restarts the back office's idle clock and allows sensitive changes for a while",
        body: z.union([
          z.object({ password: z.string().min(1).max(1024) }),
          z.object({ credential: z.string().min(1).max(8192) }),
        ]),
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const who = {
        sessionId: request.session?.id ?? "",
        userId: staff.id,
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? "",
      };
      const { body } = request;
      if ("password" in body) await services.accounts.confirmPassword({ ...who, password: body.password });
      else await services.accounts.confirmWithGoogle({ ...who, idToken: body.credential });
      return { ok: true as const };
    },
  );

  app.get(
    "/staff",
    {
      config: { role: "owner" },
      schema: {
        tags,
        summary: "Everyone with a back-office role (owner only)",
        response: { 200: z.array(staffJson), ...errorResponses(403) },
      },
    },
    async () => {
      const members = await services.accounts.staffMembers();
      return members.map((member) => ({ id: member.id, name: member.name, email: member.email, role: member.role }));
    },
  );

  app.put(
    "/staff",
    {
      config: { role: "owner", recentPassword: true },
      schema: {
        tags,
        summary: "Give an existing, verified account a role, or take it away with role 'none' (owner only; recent password)",
        body: staffRoleForm,
        response: { 200: staffJson, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      const { email, role, reason } = request.body;
      const account = await services.backOffice.setRole(staffOf(request), email, role === "none" ? null : role, reason);
      return { id: account.id, name: account.name, email: account.email, role: account.role };
    },
  );

  app.get(
    "/audit",
    {
      config: { role: "owner" },
      schema: {
        tags,
        summary: "The audit trail, newest first, 50 a page; `before` is the previous page's `next` (owner only)",
        querystring: auditQuery,
        response: { 200: z.object({ events: z.array(auditEventJson), next: z.string().nullable() }), ...errorResponses(403) },
      },
    },
    async (request) => {
      const query = request.query;
      const [at = "", id = ""] = query.before?.split("_") ?? [];
      const events = await services.backOffice.audit.list({
        entityType: query.entityType || undefined,
        entityId: query.entityId || undefined,
        action: query.action || undefined,
        before: query.before ? { at: new Date(at), id } : undefined,
        limit: 51,
      });
      const page = events.slice(0, 50);
      const last = page.at(-1);
      return {
        events: page.map((event) => ({ ...event, at: event.at.toISOString() })),
        next: events.length > 50 && last ? `${last.at.toISOString()}_${last.id}` : null,
      };
    },
  );
};
