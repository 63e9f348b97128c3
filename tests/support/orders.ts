import type { InjectOptions } from "fastify";
import type { Db } from "#db/client.ts";
import { hashPassword } from "#domain/accounts/passwords.ts";
import { createCartService } from "#domain/cart/cart-service.ts";
import { createCatalogService } from "#domain/catalog/catalog-service.ts";
import type { OrdersDeps } from "#domain/orders/deps.ts";
import { createOrdersService } from "#domain/orders/orders-service.ts";
import type { TestPaymentGateway } from "#domain/orders/ports.ts";
import { ignoreCatalogChanges } from "#domain/ports.ts";
import { createTestGateway } from "#integrations/payments/test-gateway.ts";
import { uniqueIp } from "./accounts.ts";
import { createTestUser } from "./builders.ts";
import type { TestApp } from "./test-app.ts";

/** Tests of checkout and orders through the API: shoppers with tokens, their calls, and the test provider's widget. */

const PASSWORD = "correct horse battery";
let passwordHash: Promise<string> | undefined;

export const billing = {
  fullName: "Asha Menon",
  country: "India",
  streetAddressLine1: "12 MG Road",
  streetAddressLine2: "Flat 4B",
  city: "Bengaluru",
  state: "Karnataka",
  zipCode: "560001",
  phoneNumber: "9876543210",
  email: "asha@example.com",
};

/**
 * The orders service on `db` with parts of the test's own (`overrides`): by default the in-process test provider
 * (returned as `gateway`, whose `pay` plays the widget), a mailer that drops every message, the real clock and a
 * silent log; the catalogue and the cart are the real services on the same `db`.
 */
export function ordersServiceOn(db: Db, overrides: Partial<OrdersDeps> = {}) {
  const catalog = createCatalogService({ db, changes: ignoreCatalogChanges });
  // The cart's abuse limits are not what these tests are about: never refused.
  const cart = createCartService({ db, limiter: { consume: async () => {} } });
  const gateway = createTestGateway({ keyId: "rzp_test_x", keySecret: "key secret", webhookSecret: "webhook secret" });
  const orders = createOrdersService({
    db,
    gateway,
    catalog,
    cart,
    mailer: { send: async () => {} },
    changes: ignoreCatalogChanges,
    now: () => new Date(),
    holdMinutes: 15,
    publicUrl: "http://shop.test",
    log: { info() {}, warn() {}, error() {} },
    ...overrides,
  });
  return { orders, cart, catalog, gateway };
}

export function ordersTestKit(app: TestApp) {
  const gateway = app.paymentGateway as TestPaymentGateway & {
    webhook(event: string, paymentId: string, eventId?: string): { rawBody: Buffer; signature: string; eventId: string };
  };

  async function call(options: InjectOptions & { token?: string | undefined }) {
    const { token, headers, ...rest } = options;
    const response = await app.server.inject({
      ...rest,
      remoteAddress: uniqueIp(),
      headers: { authorization: `Bearer ${token ?? "null"}`, ...headers },
    } as InjectOptions);
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  }

  /** A signed-in shopper of their own (one password hash shared by all, so fifty cost one hashing). */
  async function shopper() {
    passwordHash ??= hashPassword(PASSWORD);
    const user = await createTestUser(app.db, { passwordHash: await passwordHash });
    const session = await app.services.accounts.signIn({
      email: user.email,
      password: PASSWORD,
      ip: uniqueIp(),
      userAgent: "vitest",
    });
    return { id: user.id, token: session.token };
  }

  const addToCart = (token: string, productId: string, quantity: number, extra: Record<string, unknown> = {}) =>
    call({ method: "POST", url: "/api/cart/add", token, payload: { productId, quantity, ...extra } });

  const checkout = (token: string, payload: Record<string, unknown> = billing, headers: Record<string, string> = {}) =>
    call({ method: "POST", url: "/api/orders/checkout", token, payload, headers });

  /** POST /api/orders/create with the widget's three fields (and whatever else `extra` adds). */
  const confirm = (
    token: string,
    proof: { orderId: string; paymentId: string; signature: string },
    extra: Record<string, unknown> = {},
  ) =>
    call({
      method: "POST",
      url: "/api/orders/create",
      token,
      payload: {
        razorpay_order_id: proof.orderId,
        razorpay_payment_id: proof.paymentId,
        razorpay_signature: proof.signature,
        ...extra,
      },
    });

  /** Razorpay's webhook, as its servers post it. */
  const webhook = (rawBody: Buffer, signature: string, eventId: string) =>
    app.server.inject({
      method: "POST",
      url: "/api/payments/razorpay/webhook",
      payload: rawBody,
      headers: { "content-type": "application/json", "x-razorpay-signature": signature, "x-razorpay-event-id": eventId },
    });

  return { gateway, call, shopper, addToCart, checkout, confirm, webhook };
}
