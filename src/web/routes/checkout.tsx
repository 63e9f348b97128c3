import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { servicesContext } from "#app-context";
import { CHECKOUT_SUMMARY_TITLE_MAX } from "#shared/constants.ts";
import { checkoutMessages } from "#shared/messages/checkout.ts";
import { requestMessages } from "#shared/messages/shop.ts";
import { billingFields, billingForm } from "#shared/schemas/checkout.ts";
import { truncate } from "#shared/text.ts";
import { FormError } from "../components/account/form-message.tsx";
import { BillingFields } from "../components/checkout/billing-form.tsx";
import type { BillingValues, CheckoutPageData } from "../components/checkout/checkout-data.ts";
import { OrderSummary } from "../components/checkout/order-summary.tsx";
import { Icon } from "../components/ui/icon.tsx";
import { Link } from "../components/ui/link.tsx";
import { attempt, failure, firstIssue, isAppError, readForm, text, withRetryAfter } from "../lib/actions.server.ts";
import { requireShopper } from "../lib/auth.server.ts";
import type { Route } from "./+types/checkout.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };

export const headers: Route.HeadersFunction = (args) => withRetryAfter(args, PRIVATE);

/**
 * `/checkout` (spec §2), signed in only: a visitor goes to sign-in and comes back. The summary is the session's cart at
 * current database prices; lines that are out of stock or ask for more than is left stop checkout, named.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireShopper({ request, context });
  const { cart, locations } = context.get(servicesContext);
  const current = await cart.list({ kind: "user", userId: user.id });
  const values = Object.fromEntries(billingFields.map((field) => [field, ""])) as BillingValues;
  values.fullName = user.name;
  values.email = user.email;
  const page: CheckoutPageData = {
    lines: current.lines.map((line) => ({
      id: line.id,
      title: truncate(line.productTitle, CHECKOUT_SUMMARY_TITLE_MAX),
      quantity: line.quantity,
      subTotalPaise: line.subTotalPaise,
    })),
    totalPaise: current.totalPaise,
    blocked: current.blocked.map((line) => line.productTitle),
    countries: locations.listCountries().map((country) => country.country),
    values,
  };
  return data(page, { headers: PRIVATE });
}

/**
 * The Checkout button: billing details checked in the spec's order, then the orders service builds a pending order
 * from the session's cart (database prices), holds its stock and creates the provider's order; the shopper continues
 * on the payment step. Nothing the browser says about prices, totals or the user is read.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireShopper({ request, context });
  const form = await readForm(request);
  if (!form) return failure(requestMessages.formTooLarge, 413, { values: undefined });
  const values = Object.fromEntries(billingFields.map((field) => [field, text(form, field)])) as BillingValues;
  const parsed = billingForm.safeParse(values);
  if (!parsed.success) return failure(firstIssue(parsed.error), 400, { values }, PRIVATE);
  const { orders, writeLimits } = context.get(servicesContext);
  const started = await attempt(
    async () => {
      // Each checkout holds stock and creates an order at the provider: counted first (rate-limit/policies.ts).
      await writeLimits.consume("checkout", { account: user.id });
      return await orders.checkout(user.id, parsed.data).catch((error: unknown) => {
        // An earlier payment nobody reported went through and took the cart with it: the shopper sees that order.
        const paidOrderId = isAppError(error) ? error.details?.orderId : undefined;
        if (typeof paidOrderId === "string") return { paidOrderId };
        throw error;
      });
    },
    () => ({ values }),
  );
  if (!started.ok) return started.response;
  const next =
    "paidOrderId" in started.value ? `/checkout/done/${started.value.paidOrderId}` : `/checkout/pay/${started.value.orderId}`;
  throw redirect(next, { headers: PRIVATE });
}

export const meta: Route.MetaFunction = () => [{ title: "Checkout | Storefront" }, { name: "robots", content: "noindex" }];

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const answered = useActionData<typeof action>() as { ok: false; error: string; values?: BillingValues } | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/checkout";
  const { lines, blocked } = loaderData;
  const values = answered?.values ?? loaderData.values;

  if (lines.length === 0) {
    return (
      <main className="mx-auto max-w-7xl px-4 py-8">
        <h1 className="mb-6 text-2xl font-bold">Checkout</h1>
        <section className="flex flex-col items-center gap-4 rounded-lg border border-gray-200 px-4 py-12 text-center">
          <p className="text-lg text-gray-800">{checkoutMessages.cartEmpty}</p>
          <Link to="/" className="rounded-full bg-brand-dark px-6 py-2 font-semibold text-white hover:bg-brand">
            Continue Shopping
          </Link>
        </section>
      </main>
    );
  }

  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="sr-only">Checkout</h1>
      <Form method="post" action="/checkout" noValidate className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="billing-title">
          <h2 id="billing-title" className="mb-4 text-xl font-bold">
            BILLING DETAILS
          </h2>
          <FormError id="checkout-error" message={answered?.error} />
          {/* Re-mounted after an answer so the fields show the values the server kept. */}
          <BillingFields
            key={answered ? JSON.stringify(values) : "new"}
            values={values}
            countries={loaderData.countries}
            errorId={answered?.error ? "checkout-error" : undefined}
          />
        </section>
        <OrderSummary lines={lines} totalPaise={loaderData.totalPaise}>
          {blocked.length > 0 ? (
            <>
              <p id="checkout-blocked" role="alert" className="mt-4 text-sm font-semibold text-red-700">
                {checkoutMessages.blocked(blocked)}
              </p>
              <Link to="/cart" className="mt-2 inline-block text-sm font-semibold text-brand-dark underline">
                Change the cart
              </Link>
            </>
          ) : null}
          <button
            type="submit"
            disabled={busy || blocked.length > 0}
            aria-describedby={blocked.length > 0 ? "checkout-blocked" : undefined}
            className="mt-4 flex w-full items-center justify-center gap-2 rounded-full bg-brand-dark px-6 py-2.5 font-semibold text-white hover:bg-brand disabled:cursor-not-allowed disabled:opacity-60"
          >
            {busy ? <Icon name="loader-circle" size={18} className="animate-spin" /> : null}
            Checkout
          </button>
        </OrderSummary>
      </Form>
    </main>
  );
}
