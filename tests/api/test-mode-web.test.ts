import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testModeMessages } from "#shared/messages.ts";
import { createTestProduct } from "../support/builders.ts";
import { escapeHtml } from "../support/html.ts";
import { billing, ordersTestKit } from "../support/orders.ts";
import { requestPage } from "../support/pages.ts";
import { type RazorpayStandIn, startRazorpayStandIn } from "../support/razorpay-stand-in.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// A shop paid through Razorpay's test keys says test mode: on every page when production let test payments in
// (ALLOW_TEST_PAYMENTS), and on the payment step wherever test keys are used. A shop on live keys says neither.
const shops: { app: TestApp; standIn: RazorpayStandIn }[] = [];
let testKeys: TestApp;
let liveKeys: TestApp;

async function shopOn(keyId: string, env: Record<string, string>) {
  const standIn = await startRazorpayStandIn({ keyId });
  const app = await createTestApp({
    web: true,
    env: {
      ...standIn.env,
      ...env,
    },
  });
  shops.push({ app, standIn });
  return app;
}

beforeAll(async () => {
  testKeys = await shopOn("rzp_test_standin1", {
    NODE_ENV: "production",
    ALLOW_TEST_PAYMENTS: "true",
    SESSION_SECRET: randomBytes(48).toString("base64"),
  });
  liveKeys = await shopOn("rzp_live_standin1", {});
});
afterAll(async () => {
  for (const { app, standIn } of shops) {
    await app.close();
    await standIn.close();
  }
});

const page = (app: TestApp, method: "GET" | "POST", url: string, sid?: string, form?: Record<string, string>) =>
  requestPage(app, method, url, { sid, form });

/** The payment step of a fresh order of a fresh shopper. */
async function paymentStep(app: TestApp) {
  const kit = ordersTestKit(app);
  const shopper = await kit.shopper();
  const product = await createTestProduct(app.db, { countInStock: 5 });
  await kit.addToCart(shopper.token, product.id, 1);
  const placed = await page(app, "POST", "/checkout", shopper.token, billing);
  expect(placed.status).toBe(302);
  return page(app, "GET", placed.location ?? "", shopper.token);
}

describe("test mode", () => {
  it("is said on every page of a production shop that allowed test payments, for visitors and on sign-in alike", async () => {
    for (const path of ["/", "/signIn"]) {
      const answer = await page(testKeys, "GET", path);
      expect(answer.status, path).toBe(200);
      expect(answer.html, path).toContain(escapeHtml(testModeMessages.notice));
    }
  });

  it("labels the payment step with Razorpay's test keys as a test payment", async () => {
    const step = await paymentStep(testKeys);
    expect(step.status).toBe(200);
    expect(step.html).toContain(escapeHtml(testModeMessages.razorpayTitle));
    expect(step.html).toContain(escapeHtml(testModeMessages.razorpayDetail));
    expect(step.html).toContain(testModeMessages.payLabel);
  });

  it("is not said by a shop on live keys", async () => {
    expect((await page(liveKeys, "GET", "/")).html).not.toContain(escapeHtml(testModeMessages.notice));
    const step = await paymentStep(liveKeys);
    expect(step.status).toBe(200);
    expect(step.html).not.toContain(escapeHtml(testModeMessages.razorpayDetail));
    expect(step.html).not.toContain(testModeMessages.payLabel);
    expect(step.html).not.toContain('data-test-mode="true"');
  });
});
