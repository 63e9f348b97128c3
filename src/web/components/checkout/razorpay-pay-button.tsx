import { useState } from "react";
import { useSubmit } from "react-router";
import { checkoutMessages } from "#shared/messages/checkout.ts";
import { testModeMessages } from "#shared/messages/shop.ts";
import { formatInr } from "#shared/money.ts";
import { Icon } from "../ui/icon.tsx";
import type { PaymentStepData } from "./checkout-data.ts";

const CHECKOUT_SCRIPT = "https://checkout.razorpay.com/v1/checkout.js";

interface RazorpaySuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

interface RazorpayInstance {
  open(): void;
  on(event: "payment.failed", handler: (response: { error?: { description?: string } }) => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => RazorpayInstance;
  }
}

let loading: Promise<void> | undefined;

/** Razorpay Checkout's script, loaded once, on the first click (pages that never pay never load it). */
function loadCheckoutScript(nonce: string | undefined): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = CHECKOUT_SCRIPT;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = undefined;
      reject(new Error(checkoutMessages.windowNotLoaded));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * The amount is the server's order's; the widget's answer is posted to this page's action, which checks signature and
 * amount before anything is paid (decision 015). Test keys are labelled so, lest the shopper think money moved.
 */
export function RazorpayPayButton({ step, nonce, disabled }: { step: PaymentStepData; nonce?: string; disabled: boolean }) {
  const submit = useSubmit();
  const [opening, setOpening] = useState(false);
  const [problem, setProblem] = useState<string>();

  async function pay() {
    setProblem(undefined);
    setOpening(true);
    try {
      await loadCheckoutScript(nonce);
      if (!window.Razorpay) throw new Error(checkoutMessages.windowNotLoaded);
      const checkout = new window.Razorpay({
        key: step.keyId,
        order_id: step.providerOrderId,
        amount: step.amountPaise,
        currency: step.currency,
        name: "Storefront",
        description: `Order ${step.orderId}`,
        prefill: { name: step.name, email: step.email, contact: step.phoneNumber },
        theme: { color: "#b91c1c" },
        handler: (response: RazorpaySuccess) => {
          submit({ intent: "confirm", ...response }, { method: "post" });
        },
        modal: { ondismiss: () => setOpening(false) },
      });
      checkout.on("payment.failed", (response) => {
        setProblem(response.error?.description ?? checkoutMessages.paymentFailed);
      });
      checkout.open();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setOpening(false);
    }
  }

  const testKeys = step.keyId.startsWith("rzp_test_");
  const button = (
    <div>
      {problem ? (
        <p role="alert" className="mb-3 text-sm font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
      <button
        type="button"
        onClick={pay}
        disabled={disabled || opening}
        className="flex w-full items-center justify-center gap-2 rounded-full bg-brand-dark px-6 py-2.5 font-semibold text-white hover:bg-brand disabled:cursor-not-allowed disabled:opacity-60"
      >
        {opening ? <Icon name="loader-circle" size={18} className="animate-spin" /> : null}
        Pay {formatInr(step.amountPaise)}
        {testKeys ? ` ${testModeMessages.payLabel}` : null}
      </button>
      <noscript>
        <p className="mt-3 text-sm text-red-700">Card payments open Razorpay's payment window, which needs JavaScript.</p>
      </noscript>
    </div>
  );
  if (!testKeys) return button;
  return (
    <div data-test-mode="true" className="rounded border-2 border-dashed border-amber-500 bg-amber-50 p-4">
      <p className="mb-1 font-bold text-amber-900">{testModeMessages.razorpayTitle}</p>
      <p className="mb-4 text-sm text-amber-900">{testModeMessages.razorpayDetail}</p>
      {button}
    </div>
  );
}
