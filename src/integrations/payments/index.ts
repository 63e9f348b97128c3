import type { PaymentGateway } from "#domain/orders/ports.ts";
import { createRazorpayGateway } from "./razorpay.ts";
import { createTestGateway, type TestGateway } from "./test-gateway.ts";

/** The resolved payment settings (src/server/config/resolvers.ts `PaymentSettings`, repeated here: integrations don't import the server). */
export type PaymentGatewaySettings =
  | { provider: "razorpay"; keyId: string; keySecret: string; webhookSecret: string; apiUrl: string }
  | { provider: "test"; keyId: string; keySecret: string; webhookSecret: string };

/** The payment provider the configuration names (docs/decisions/015-checkout-and-payments.md). */
export function createPaymentGateway(
  settings: PaymentGatewaySettings,
): TestGateway | (PaymentGateway & { checkCredentials(): Promise<string | undefined> }) {
  if (settings.provider === "test") return createTestGateway(settings);
  return createRazorpayGateway(settings);
}
