import { useState } from "react";
import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import { servicesContext } from "#app-context";
import type { Order } from "#domain/orders/types.ts";
import { checkoutMessages } from "#shared/messages/checkout.ts";
import { requestMessages } from "#shared/messages/shop.ts";
import { formatInr } from "#shared/money.ts";
import { idParam } from "#shared/schemas/catalog.ts";
import { safeText } from "#shared/schemas/text.ts";
import { FormError } from "../components/account/form-message.tsx";
import type { PaymentStepData } from "../components/checkout/checkout-data.ts";
import { HoldCountdown } from "../components/checkout/hold-countdown.tsx";
import { RazorpayPayButton } from "../components/checkout/razorpay-pay-button.tsx";
import { Icon } from "../components/ui/icon.tsx";
import { Link } from "../components/ui/link.tsx";
import { attempt, failure, firstIssue, readForm, text, withRetryAfter } from "../lib/actions.server.ts";
import { requireShopper } from "../lib/auth.server.ts";
import { notFoundResponse, orNotFound } from "../lib/not-found.server.ts";
import { useRootData } from "../lib/root-data.ts";
import type { Route } from "./+types/checkout-pay.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };

export const headers: Route.HeadersFunction = (args) => withRetryAfter(args, PRIVATE);

/** Where an order that is no longer waiting for its payment is shown. */
const donePath = (orderId: string) => `/checkout/done/${orderId}`;

const proofForm = z.object({
  razorpay_order_id: safeText({ name: "razorpay_order_id" }).min(1).max(100),
  razorpay_payment_id: safeText({ name: "razorpay_payment_id" }).min(1).max(100),
  razorpay_signature: safeText({ name: "razorpay_signature" }).min(1).max(200),
});

function orderIdOf(params: { orderId?: string }): string {
  const parsed = idParam("Order id").safeParse(params.orderId);
  if (!parsed.success) throw notFoundResponse();
  return parsed.data;
}

/**
 * The payment step of `/checkout`: the order's total, how long its stock is held, and the provider's way to pay:
 * Razorpay Checkout with the server's order id, or with `PAYMENT_PROVIDER=test` a clearly labelled test payment that
 * completes through the same server path (proof, signature and amount checks).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireShopper({ request, context });
  const orderId = orderIdOf(params);
  const step = await orNotFound(context.get(servicesContext).orders.paymentStep(user.id, orderId));
  const { status, holdExpiresAt, ...rest } = step;
  if (status !== "pending" && status !== "failed" && status !== "expired") throw redirect(donePath(orderId));
  const page: PaymentStepData & { status: typeof status } = {
    ...rest,
    status,
    holdExpiresAt: holdExpiresAt.toISOString(),
    secondsLeft: Math.max(0, Math.floor((holdExpiresAt.getTime() - Date.now()) / 1000)),
  };
  return data(page, { headers: PRIVATE });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireShopper({ request, context });
  const orderId = orderIdOf(params);
  const form = await readForm(request);
  if (!form) return failure(requestMessages.formTooLarge, 413);
  const { orders, writeLimits } = context.get(servicesContext);
  // Each try may ask the provider: counted before anything is written (rate-limit/policies.ts).
  const counted = <T,>(work: () => Promise<T>) =>
    attempt(async () => {
      await writeLimits.consume("payment", { account: user.id });
      return work();
    });
  const intent = text(form, "intent");
  let paid: Awaited<ReturnType<typeof attempt<Order>>>;
  if (intent === "test-pay" || intent === "test-fail") {
    paid = await counted(() => orders.payWithTestProvider(user.id, orderId, intent === "test-pay" ? "success" : "failure"));
  } else if (intent === "confirm") {
    const parsed = proofForm.safeParse(
      Object.fromEntries(["razorpay_order_id", "razorpay_payment_id", "razorpay_signature"].map((key) => [key, text(form, key)])),
    );
    if (!parsed.success) return failure(firstIssue(parsed.error), 400);
    const proof = parsed.data;
    paid = await counted(() =>
      orders.confirmPayment(user.id, {
        orderId: proof.razorpay_order_id,
        paymentId: proof.razorpay_payment_id,
        signature: proof.razorpay_signature,
      }),
    );
  } else {
    return failure(checkoutMessages.unknownIntent, 400);
  }
  if (!paid.ok) return paid.response;
  if (paid.value.status === "failed") return failure(checkoutMessages.paymentFailed, 402);
  throw redirect(donePath(paid.value.id), { headers: PRIVATE });
}

export const meta: Route.MetaFunction = () => [{ title: "Payment | Storefront" }, { name: "robots", content: "noindex" }];

export default function CheckoutPay({ loaderData }: Route.ComponentProps) {
  const answered = useActionData<typeof action>() as { ok: false; error: string } | undefined;
  const root = useRootData();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [expired, setExpired] = useState(loaderData.secondsLeft <= 0);
  const step = loaderData;
  const over = step.status !== "pending";

  return (
    <main className="mx-auto max-w-xl px-4 py-8">
      <h1 className="mb-2 text-2xl font-bold">Payment</h1>
      <p className="mb-4 text-gray-700">
        Order <span className="font-mono text-sm">{step.orderId}</span>:{" "}
        <b className="text-brand-dark">{formatInr(step.amountPaise)}</b>
      </p>
      <FormError message={answered?.error} />
      {over ? (
        <section className="rounded-lg border border-gray-200 p-4">
          <p role="alert" className="mb-4 font-semibold text-red-700">
            {step.status === "expired" ? checkoutMessages.holdExpired : checkoutMessages.paymentFailed}
          </p>
          <Link to="/cart" className="font-semibold text-brand-dark underline">
            Back to your cart
          </Link>
        </section>
      ) : (
        <section aria-labelledby="pay-title" className="rounded-lg border border-gray-200 p-4">
          <h2 id="pay-title" className="sr-only">
            Pay for your order
          </h2>
          <div className="mb-4">
            <HoldCountdown secondsLeft={step.secondsLeft} onExpired={() => setExpired(true)} />
          </div>
          {step.provider === "test" ? (
            <div className="rounded border-2 border-dashed border-amber-500 bg-amber-50 p-4">
              <p className="mb-1 font-bold text-amber-900">Test payment</p>
              <p className="mb-4 text-sm text-amber-900">
                This shop runs with the test payment provider: no card is asked for and no money moves. The payment is still
                verified on the server like a real one.
              </p>
              <Form method="post" className="flex flex-col gap-3">
                <button
                  type="submit"
                  name="intent"
                  value="test-pay"
                  disabled={busy || expired}
                  className="flex w-full items-center justify-center gap-2 rounded-full bg-brand-dark px-6 py-2.5 font-semibold text-white hover:bg-brand disabled:cursor-not-allowed disabled:opacity-60"
                >
                  {busy ? <Icon name="loader-circle" size={18} className="animate-spin" /> : null}
                  Pay {formatInr(step.amountPaise)} (test payment)
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="test-fail"
                  disabled={busy || expired}
                  className="w-full rounded-full border border-gray-400 px-6 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-60"
                >
                  Simulate a declined card
                </button>
              </Form>
            </div>
          ) : (
            <RazorpayPayButton step={step} nonce={root?.nonce} disabled={busy || expired} />
          )}
        </section>
      )}
    </main>
  );
}
