import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AdminOrder, RefundRow } from "#domain/orders/orders-admin.ts";
import { paiseToRupees } from "#shared/money.ts";
import {
  cancelForm,
  noteOnlyForm,
  orderListQuery,
  orderNoteForm,
  refundForm,
  requestKey,
  shipForm,
} from "#shared/schemas/back-office-orders.ts";
import { idParam } from "#shared/schemas/catalog.ts";
import { errorResponses } from "../error-schemas.ts";
import { staffOf } from "./guard.ts";
import type { AdminApiOptions } from "./index.ts";

const tags = ["Back office"];
const iso = (date: Date | null) => date?.toISOString() ?? null;

const listRowJson = z.object({
  id: z.string(),
  date: z.string().describe("ISO 8601: when the order was placed"),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  amount: z.number().describe("Rupees"),
  status: z.string(),
  paymentId: z.string().nullable(),
  items: z.number().int().describe("Units ordered"),
});

const refundJson = z.object({
  id: z.string(),
  amount: z.number().describe("Rupees"),
  reason: z.string(),
  status: z.enum(["pending", "processed", "failed"]),
  providerRefundId: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
});

const orderJson = z.object({
  id: z.string(),
  status: z.string(),
  date: z.string(),
  amount: z.number().describe("Rupees"),
  refunded: z.number().describe("Rupees refunded (processed)"),
  refundPending: z.number().describe("Rupees asked back and not yet confirmed by the provider"),
  refundable: z.number().describe("Rupees that can still be refunded"),
  shopper: z.object({ userId: z.string(), name: z.string(), email: z.string(), phoneNumber: z.string() }),
  billing: z.record(z.string(), z.string()),
  payment: z.object({ provider: z.string(), id: z.string().nullable(), paidAt: z.string().nullable() }),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  lines: z.array(
    z.object({
      productId: z.string().nullable(),
      productTitle: z.string(),
      quantity: z.number().int(),
      price: z.number(),
      subTotal: z.number(),
    }),
  ),
  refunds: z.array(refundJson),
  timeline: z.array(z.object({ at: z.string(), kind: z.string(), actorEmail: z.string(), note: z.string(), data: z.unknown() })),
});

export function presentRefund(refund: RefundRow): z.output<typeof refundJson> {
  return {
    id: refund.id,
    amount: paiseToRupees(refund.amountPaise),
    reason: refund.reason,
    status: refund.status,
    providerRefundId: refund.providerRefundId,
    failureReason: refund.failureReason,
    createdAt: refund.createdAt.toISOString(),
    processedAt: iso(refund.processedAt),
  };
}

function presentAdminOrder(order: AdminOrder): z.output<typeof orderJson> {
  return {
    id: order.id,
    status: order.status,
    date: order.createdAt.toISOString(),
    amount: paiseToRupees(order.amountPaise),
    refunded: paiseToRupees(order.refundedPaise),
    refundPending: paiseToRupees(order.pendingRefundPaise),
    refundable: paiseToRupees(order.refundablePaise),
    shopper: { userId: order.userId, name: order.name, email: order.email, phoneNumber: order.phoneNumber },
    billing: { ...order.billing },
    payment: { provider: order.provider, id: order.paymentId, paidAt: iso(order.paidAt) },
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    shippedAt: iso(order.shippedAt),
    deliveredAt: iso(order.deliveredAt),
    cancelledAt: iso(order.cancelledAt),
    lines: order.lines.map((line) => ({
      productId: line.productId,
      productTitle: line.productTitle,
      quantity: line.quantity,
      price: paiseToRupees(line.pricePaise),
      subTotal: paiseToRupees(line.subTotalPaise),
    })),
    refunds: order.refunds.map(presentRefund),
    timeline: order.events.map((event) => ({
      at: event.at.toISOString(),
      kind: event.kind,
      actorEmail: event.actorEmail,
      note: event.note,
      data: event.data,
    })),
  };
}

const params = z.object({ id: idParam("Order id") });
const ok = z.object({ ok: z.literal(true) });

/**
 * `/api/admin/orders` (decision 034): the same service and checks as /admin/orders. Refunds and cancels (which refund a
 * paid order) ask for a recent password; a refund needs an Idempotency-Key so a retry never refunds twice.
 */
export const ordersAdminApi: FastifyPluginAsyncZod<AdminApiOptions> = async (app, { services }) => {
  const admin = services.orders.admin;

  app.get(
    "/orders",
    {
      schema: {
        tags,
        summary:
          "Orders, newest first, 50 a page: status, days (India time) and a search by order id, payment id, e-mail, phone or name",
        querystring: orderListQuery,
        response: {
          200: z.object({ orders: z.array(listRowJson), next: z.string().nullable(), previous: z.string().nullable() }),
          ...errorResponses(400),
        },
      },
    },
    async (request) => {
      const page = await admin.list(request.query);
      return {
        orders: page.items.map((row) => ({
          id: row.id,
          date: row.createdAt.toISOString(),
          name: row.name,
          email: row.email,
          phoneNumber: row.phoneNumber,
          amount: paiseToRupees(row.amountPaise),
          status: row.status,
          paymentId: row.paymentId,
          items: row.items,
        })),
        next: page.next,
        previous: page.previous,
      };
    },
  );

  app.get(
    "/orders/:id",
    {
      schema: {
        tags,
        summary: "An order: lines, totals, shopper, billing address, payment, shipping, refunds and its timeline",
        params,
        response: { 200: orderJson, ...errorResponses(404) },
      },
    },
    async (request) => presentAdminOrder(await admin.get(request.params.id)),
  );

  app.post(
    "/orders/:id/ship",
    {
      schema: {
        tags,
        summary:
          "Ship a paid order with a carrier and tracking number (the shopper is e-mailed them); on a shipped one, correct them",
        params,
        body: shipForm,
        response: { 200: ok, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      await admin.ship(staffOf(request), request.params.id, request.body);
      return { ok: true as const };
    },
  );

  app.post(
    "/orders/:id/deliver",
    {
      schema: {
        tags,
        summary: "Mark a shipped order delivered",
        params,
        body: noteOnlyForm.optional(),
        response: { 200: ok, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      await admin.deliver(staffOf(request), request.params.id, request.body?.note);
      return { ok: true as const };
    },
  );

  app.post(
    "/orders/:id/cancel",
    {
      config: { recentPassword: true },
      schema: {
        tags,
        summary:
          "Cancel a pending order, or a paid one not yet shipped: its stock comes back and what is left of its payment is refunded (recent password)",
        params,
        body: cancelForm.optional(),
        response: {
          200: z.object({ ok: z.literal(true), refund: refundJson.nullable() }),
          ...errorResponses(400, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { refund } = await admin.cancel(staffOf(request), request.params.id, request.body?.reason);
      return { ok: true as const, refund: refund ? presentRefund(refund) : null };
    },
  );

  app.post(
    "/orders/:id/refunds",
    {
      config: { recentPassword: true },
      schema: {
        tags,
        summary:
          "Refund part or all of what is left (rupees), through the payment provider; the same Idempotency-Key answers the same refund (recent password)",
        params,
        headers: z.object({ "idempotency-key": requestKey }),
        body: refundForm,
        response: { 200: refundJson, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      const refund = await admin.refund(staffOf(request), request.params.id, {
        amountPaise: request.body.amount,
        reason: request.body.reason,
        requestKey: `api:${request.headers["idempotency-key"]}`,
      });
      return presentRefund(refund);
    },
  );

  app.post(
    "/orders/:id/refunds/:refundId/retry",
    {
      config: { recentPassword: true },
      schema: {
        tags,
        summary: "Ask again for a failed refund, for the same amount (recent password)",
        params: params.extend({ refundId: idParam("Refund id") }),
        response: { 200: refundJson, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => presentRefund(await admin.retryRefund(staffOf(request), request.params.id, request.params.refundId)),
  );

  app.post(
    "/orders/:id/notes",
    {
      schema: {
        tags,
        summary: "Add an internal note to the order's timeline (never shown to the shopper)",
        params,
        body: orderNoteForm,
        response: { 201: ok, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      await admin.note(staffOf(request), request.params.id, request.body.note);
      return reply.status(201).send({ ok: true as const });
    },
  );
};
