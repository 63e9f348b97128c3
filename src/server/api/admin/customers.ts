import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "#domain/errors.ts";
import { customerAdminMessages as m } from "#shared/messages/back-office-customers.ts";
import { paiseToRupees } from "#shared/money.ts";
import { blockForm, customerListQuery, eraseForm, isCustomerId, unblockForm } from "#shared/schemas/back-office-customers.ts";
import { errorResponses } from "../error-schemas.ts";
import { staffOf } from "./guard.ts";
import type { AdminApiOptions } from "./index.ts";

const tags = ["Back office"];
const iso = z.string().describe("ISO 8601");
const role = z.enum(["owner", "staff"]).nullable();
const ok = z.object({ ok: z.literal(true) });
// Any text: a malformed id is the customer's 404, as an unknown one.
const params = z.object({ id: z.string().max(100).describe("Customer (account) id") });

const customerRowJson = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role,
  createdAt: iso,
  blockedAt: iso.nullable(),
  erasedAt: iso.nullable(),
  orders: z.number().int(),
  lifetimeValue: z.number().describe("Rupees kept from paid, shipped and delivered orders, less processed refunds"),
});

const customerJson = z.object({
  profile: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    photos: z.array(z.string()),
    role,
    isVerified: z.boolean(),
    signsInWithGoogle: z.boolean(),
    hasPassword: z.boolean(),
    createdAt: iso,
    blockedAt: iso.nullable(),
    blockedReason: z.string().nullable(),
    erasedAt: iso.nullable(),
  }),
  orderCount: z.number().int(),
  paidOrderCount: z.number().int(),
  lifetimeValue: z.number().describe("Rupees"),
  orders: z.array(z.object({ id: z.string(), placedAt: iso, status: z.string(), amount: z.number(), items: z.number().int() })),
  reviews: z.array(
    z.object({
      id: z.string(),
      productId: z.string(),
      productName: z.string(),
      review: z.string(),
      rating: z.number(),
      createdAt: iso,
      hidden: z.boolean(),
    }),
  ),
  sessions: z.array(z.object({ createdAt: iso, lastSeenAt: iso, expiresAt: iso, userAgent: z.string(), network: z.string() })),
});

const customerId = (id: string) => {
  if (!isCustomerId(id)) throw new AppError("NOT_FOUND", m.notFound);
  return id;
};

/** The file name of a customer's export: their id and the day, never their name. */
export const exportFileName = (id: string, at: Date) => `customer-${id}-${at.toISOString().slice(0, 10)}.json`;

/** `/api/admin/customers`: the same service and checks as /admin/customers; every change asks for a recent password. */
export const customersAdminApi: FastifyPluginAsyncZod<AdminApiOptions> = async (app, { services }) => {
  const customers = services.customers;

  app.get(
    "/customers",
    {
      schema: {
        tags,
        summary: "Customers, newest first, 50 a page: search by name, e-mail (prefix) or phone; filter by status",
        querystring: customerListQuery,
        response: {
          200: z.object({ customers: z.array(customerRowJson), next: z.string().nullable(), previous: z.string().nullable() }),
          ...errorResponses(400),
        },
      },
    },
    async (request) => {
      const page = await customers.list(request.query);
      return {
        customers: page.items.map(({ lifetimePaise, ...row }) => ({
          ...row,
          createdAt: row.createdAt.toISOString(),
          blockedAt: row.blockedAt?.toISOString() ?? null,
          erasedAt: row.erasedAt?.toISOString() ?? null,
          lifetimeValue: paiseToRupees(lifetimePaise),
        })),
        next: page.next,
        previous: page.previous,
      };
    },
  );

  app.get(
    "/customers/:id",
    {
      schema: {
        tags,
        summary: "A customer: profile (never a hash, code or token), totals, orders, reviews and live sessions",
        params,
        response: { 200: customerJson, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { profile, totals, orders, reviews, sessions } = await customers.detail(customerId(request.params.id));
      return {
        profile: {
          ...profile,
          createdAt: profile.createdAt.toISOString(),
          blockedAt: profile.blockedAt?.toISOString() ?? null,
          erasedAt: profile.erasedAt?.toISOString() ?? null,
        },
        orderCount: totals.orders,
        paidOrderCount: totals.paidOrders,
        lifetimeValue: paiseToRupees(totals.lifetimePaise),
        orders: orders.map((order) => ({
          id: order.id,
          placedAt: order.createdAt.toISOString(),
          status: order.status,
          amount: paiseToRupees(order.amountPaise),
          items: order.items,
        })),
        reviews: reviews.map((review) => ({ ...review, createdAt: review.createdAt.toISOString() })),
        sessions: sessions.map((session) => ({
          ...session,
          createdAt: session.createdAt.toISOString(),
          lastSeenAt: session.lastSeenAt.toISOString(),
          expiresAt: session.expiresAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    "/customers/:id/block",
    {
      config: { recentPassword: true },
      schema: {
        tags,
        summary: "Block a customer (recent password): every session ends; sign-in and sign-up with the e-mail are refused",
        params,
        body: blockForm,
        response: { 200: ok, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      await customers.block(staffOf(request), customerId(request.params.id), request.body.reason);
      return { ok: true as const };
    },
  );

  app.post(
    "/customers/:id/unblock",
    {
      config: { recentPassword: true },
      schema: {
        tags,
        summary: "Unblock a customer (recent password)",
        params,
        body: unblockForm,
        response: { 200: ok, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      await customers.unblock(staffOf(request), customerId(request.params.id), request.body.reason);
      return { ok: true as const };
    },
  );

  app.get(
    "/customers/:id/export",
    {
      config: { role: "owner", recentPassword: true },
      schema: {
        tags,
        summary: "Everything the shop holds about a customer as a JSON download (owner; recent password; audited)",
        params,
      },
    },
    async (request, reply) => {
      const id = customerId(request.params.id);
      const document = await customers.exportForStaff(staffOf(request), id);
      return reply
        .type("application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="${exportFileName(id, new Date())}"`)
        .send(JSON.stringify(document, null, 2));
    },
  );

  app.post(
    "/customers/:id/erase",
    {
      config: { role: "owner", recentPassword: true },
      schema: {
        tags,
        summary: "Erase a customer's personal data on request (owner; recent password; confirm 'ERASE'): orders kept, anonymised",
        params,
        body: eraseForm,
        response: { 200: ok, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      await customers.eraseByStaff(staffOf(request), customerId(request.params.id), request.body.reason);
      return { ok: true as const };
    },
  );
};
