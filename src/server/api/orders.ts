// The spec's order routes (checkout, payment, webhook, the original client's purchase) share one contract: one room.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Order } from "#domain/orders/types.ts";
import type { Services } from "#domain/services.ts";
import { imageUrl } from "#shared/images.ts";
import { fieldMessages } from "#shared/messages.ts";
import { paiseToRupees } from "#shared/money.ts";
import { idParam } from "#shared/schemas/catalog.ts";
import { billingForm } from "#shared/schemas/checkout.ts";
import { clientPurchaseBody, isClientPurchase } from "#shared/schemas/client-purchase.ts";
import { safeText } from "#shared/schemas/text.ts";
import { errorJson } from "./error-schemas.ts";
import { idempotent } from "./idempotency.ts";
import { namedUserDoc, parse, signedInShopper, validatedInRoute } from "./route-support.ts";

const errors = { 400: errorJson, 401: errorJson, 403: errorJson, 404: errorJson, 409: errorJson, 422: errorJson, 503: errorJson };
const ignored = (what: string) => `Ignored: ${what}`;
const billingDoc = "Ignored with the widget's fields; the billing details with `paymentId` alone";

const orderProductJson = z.object({
  productId: z.string().nullable().describe("null when the product is no longer sold"),
  productTitle: z.string(),
  image: z.string().describe("Stored image file name; served at {host}/download/{name} (empty when none)"),
  imageUrl: z.string(),
  quantity: z.number().int(),
  price: z.number().describe("Rupees, as ordered"),
  subTotal: z.number().describe("Rupees"),
  productRam: z.string(),
  size: z.string(),
  productWeight: z.string(),
});

/** Spec §6 "Order", with the contract's names (`userid`, `amount` in rupees, `date`), plus what it could not know. */
const orderJson = z
  .object({
    _id: z.string(),
    id: z.string(),
    paymentId: z.string().nullable(),
    name: z.string(),
    phoneNumber: z.string(),
    address: z.string(),
    pincode: z.string(),
    amount: z.number().describe("Rupees"),
    amountPaise: z.number().int(),
    currency: z.literal("INR"),
    email: z.string(),
    userid: z.string(),
    status: z.string(),
    date: z.string().describe("ISO 8601: when the order was placed"),
    paidAt: z.string().nullable(),
    holdExpiresAt: z.string(),
    razorpayOrderId: z.string(),
    billing: z.record(z.string(), z.string()).describe("The billing details as entered"),
    products: z.array(orderProductJson),
    carrier: z.string().nullable().describe("Set when the order ships (decision 034)"),
    trackingNumber: z.string().nullable(),
    shippedAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
  })
  .meta({ id: "Order" });

const checkoutBodyDoc = z.object({
  fullName: z.string(),
  country: z.string().describe("A country name of GET /api/locations (or its ISO code)"),
  streetAddressLine1: z.string(),
  streetAddressLine2: z.string().optional().describe("Optional (decision 016)"),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  phoneNumber: z.string(),
  email: z.string(),
});

const checkoutJson = z.object({
  orderId: z.string(),
  razorpayOrderId: z.string().describe("Open the payment widget with this order id"),
  amount: z.number().int().describe("Paise, decided by the server from the cart's current prices"),
  currency: z.literal("INR"),
  keyId: z.string().describe("The provider's public key id"),
  provider: z.enum(["razorpay", "test"]),
  holdExpiresAt: z.string().describe("The stock is held until then"),
});

const proofText = (name: string) =>
  safeText({ name, error: fieldMessages.required(name) })
    .trim()
    .min(1, { error: fieldMessages.required(name) })
    .max(200);
const createBody = z.object({
  razorpay_order_id: proofText("razorpay_order_id"),
  razorpay_payment_id: proofText("razorpay_payment_id"),
  razorpay_signature: proofText("razorpay_signature"),
});
const createBodyDoc = createBody.extend({
  name: z.string().optional().describe(billingDoc),
  phoneNumber: z.string().optional().describe(billingDoc),
  address: z.string().optional().describe(billingDoc),
  pincode: z.string().optional().describe(billingDoc),
  amount: z.number().optional().describe(ignored("the order's amount, from the database")),
  paymentId: z
    .string()
    .optional()
    .describe(
      "The original client's Razorpay payment id, alone: fetched from Razorpay and checked against the cart (decision 039)",
    ),
  email: z.string().optional().describe(billingDoc),
  userid: z.string().optional().describe(namedUserDoc),
  products: z.array(z.unknown()).optional().describe(ignored("the order's lines, from the cart at checkout")),
  date: z.string().optional().describe(ignored("the server's clock")),
});

const listQuery = z.object({
  userid: z.string().max(200).optional().describe(namedUserDoc),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(50).default(20),
});

export function presentOrder(order: Order, publicUrl: string): z.output<typeof orderJson> {
  return {
    _id: order.id,
    id: order.id,
    paymentId: order.paymentId,
    name: order.name,
    phoneNumber: order.phoneNumber,
    address: order.address,
    pincode: order.pincode,
    amount: paiseToRupees(order.amountPaise),
    amountPaise: order.amountPaise,
    currency: order.currency,
    email: order.email,
    userid: order.userId,
    status: order.status,
    date: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    holdExpiresAt: order.holdExpiresAt.toISOString(),
    razorpayOrderId: order.providerOrderId,
    billing: { ...order.billing },
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    shippedAt: order.shippedAt?.toISOString() ?? null,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    products: order.lines.map((line) => ({
      productId: line.productId,
      productTitle: line.productTitle,
      image: line.image,
      imageUrl: line.image ? imageUrl(line.image, publicUrl) : "",
      quantity: line.quantity,
      price: paiseToRupees(line.pricePaise),
      subTotal: paiseToRupees(line.subTotalPaise),
      productRam: line.productRam,
      size: line.size,
      productWeight: line.productWeight,
    })),
  };
}

/**
 * Spec §7 "Orders" and checkout: the shopper from the session, a `userid` only checked (decision 006), the order from the
 * cart at database prices, paid once the provider's signature and amount check out (decision 015).
 */
export const ordersApi: FastifyPluginAsyncZod<{ services: Services; publicUrl: string }> = async (
  app,
  { services, publicUrl },
) => {
  const { orders, idempotency } = services;
  const tags = ["Orders"];

  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });

  app.post(
    "/orders/checkout",
    {
      ...validatedInRoute,
      schema: {
        tags,
        summary: "Start paying: a pending order from the session's cart, its stock held, and the provider's order",
        description: "Optional `Idempotency-Key` header: the same key and body answer the first result again.",
        body: checkoutBodyDoc,
        response: { 201: checkoutJson, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedInShopper(request);
      return idempotent(idempotency, request, reply, { owner: `user:${user.id}`, scope: "orders/checkout" }, async () => {
        const billing = parse(billingForm, request.body);
        // Counted before the order is written (a refused try frees its key); a replay of a key's answer is not.
        await services.writeLimits.consume("checkout", { account: user.id });
        const step = await orders.checkout(user.id, {
          ...billing,
          country: services.locations.resolveCountry(billing.country)?.country ?? billing.country,
        });
        return {
          status: 201,
          body: {
            orderId: step.orderId,
            razorpayOrderId: step.providerOrderId,
            amount: step.amountPaise,
            currency: step.currency,
            keyId: step.keyId,
            provider: step.provider,
            holdExpiresAt: step.holdExpiresAt.toISOString(),
          },
        };
      });
    },
  );

  app.post(
    "/orders/create",
    {
      ...validatedInRoute,
      schema: {
        tags,
        summary: "Confirm a payment: the widget's three signed fields, or the original client's paymentId alone",
        description:
          "Verified against the provider order stored with the session's order and the payment's own amount; the original client's other fields are accepted and ignored, but a `userid` must be the session's own. With `paymentId` and none of the three (the original client; Razorpay only, else 400): the payment is fetched from Razorpay and must be captured or authorised, in INR, for the session cart's total at today's prices, and unused; the cart becomes a paid order billed to `name`, `phoneNumber`, `address`, `pincode`, `email`. Optional `Idempotency-Key`.",
        body: createBodyDoc,
        response: { 200: orderJson, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedInShopper(request);
      return idempotent(idempotency, request, reply, { owner: `user:${user.id}`, scope: "orders/create" }, async () => {
        if (isClientPurchase(request.body)) {
          const purchase = parse(clientPurchaseBody, request.body);
          await services.writeLimits.consume("payment", { account: user.id });
          return { status: 200, body: presentOrder(await orders.purchaseWithPaymentId(user.id, purchase), publicUrl) };
        }
        const proof = parse(createBody, request.body);
        await services.writeLimits.consume("payment", { account: user.id });
        const order = await orders.confirmPayment(user.id, {
          orderId: proof.razorpay_order_id,
          paymentId: proof.razorpay_payment_id,
          signature: proof.razorpay_signature,
        });
        return { status: 200, body: presentOrder(order, publicUrl) };
      });
    },
  );

  app.get(
    "/orders",
    {
      schema: {
        tags,
        summary: "The session user's orders, newest first (a bare array; the total is in X-Total-Count)",
        querystring: listQuery,
        response: { 200: z.array(orderJson), 401: errorJson, 403: errorJson },
      },
    },
    async (request, reply) => {
      const user = signedInShopper(request);
      const page = await orders.list(user.id, { page: request.query.page, perPage: request.query.perPage });
      reply.header("x-total-count", String(page.total));
      return page.orders.map((order) => presentOrder(order, publicUrl));
    },
  );

  app.get(
    "/orders/:id",
    {
      schema: {
        tags,
        summary: "One of the session user's orders with its products (another user's: 404)",
        params: z.object({ id: idParam("Order id") }),
        response: { 200: orderJson, 401: errorJson, 403: errorJson, 404: errorJson },
      },
    },
    async (request) => presentOrder(await orders.find(signedInShopper(request).id, request.params.id), publicUrl),
  );

  // Razorpay's webhook is authenticated by its signature over the exact bytes (a raw body in its own context), no session.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    webhook.post(
      "/payments/razorpay/webhook",
      {
        schema: {
          tags,
          summary: "Razorpay webhook (payment.captured, order.paid, payment.failed), signed with X-Razorpay-Signature",
          response: { 200: z.object({ ok: z.literal(true), duplicate: z.boolean() }), 400: errorJson },
        },
      },
      async (request) => {
        const header = (name: string) => {
          const value = request.headers[name];
          return typeof value === "string" ? value : undefined;
        };
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { duplicate } = await orders.handleWebhook({
          rawBody,
          signature: header("x-razorpay-signature"),
          eventId: header("x-razorpay-event-id"),
        });
        return { ok: true as const, duplicate };
      },
    );
  });
};
