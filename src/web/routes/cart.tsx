import { Link, useActionData } from "react-router";
import { servicesContext } from "#app-context";
import { cartAddForm, cartMessages, firstMissingOption, missingOptionMessage } from "#shared/schemas/cart.ts";
import { FormError } from "../components/account/form-message.tsx";
import { attempt, failure, firstIssue, readForm, text } from "../lib/actions.server.ts";
import type { Route } from "./+types/cart.ts";

/**
 * `/cart`. Every cart change posts here with an `intent` (one route, several intents), from the product page's form with or
 * without JavaScript. Until the cart service exists, a valid "add" is answered honestly: 501, the cart is not
 * available yet. TODO(cart issue): add the line through the cart service and list the cart in a loader.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) return failure("The form is too large.", 413, { productId: null });
  const fields = {
    intent: text(form, "intent"),
    productId: text(form, "productId"),
    quantity: text(form, "quantity"),
    productRam: text(form, "productRam"),
    size: text(form, "size"),
    productWeight: text(form, "productWeight"),
  };
  // Where "Back to the product" leads, when the form named a product at all.
  const productId = cartAddForm.shape.productId.safeParse(fields.productId).data ?? null;
  const parsed = cartAddForm.safeParse(fields);
  if (!parsed.success) return failure(firstIssue(parsed.error), 400, { productId });

  const { catalog } = context.get(servicesContext);
  const found = await attempt(
    () => catalog.getProduct(parsed.data.productId),
    () => ({ productId: null }),
  );
  if (!found.ok) return found.response;
  // The browser flags a missing option before sending; a form sent without JavaScript is checked here (spec §4).
  const missing = firstMissingOption(found.value, parsed.data);
  if (missing) return failure(missingOptionMessage(missing.label), 400, { productId });

  return failure(cartMessages.notAvailable, 501, { productId });
}

export const meta: Route.MetaFunction = () => [{ title: "Your Cart | Storefront" }, { name: "robots", content: "noindex" }];

export default function Cart() {
  const answer = useActionData<typeof action>();
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-bold">Your Cart</h1>
      {answer && !answer.ok ? (
        <div className="mb-6">
          <FormError message={answer.error} />
          {answer.productId ? (
            <Link to={`/product/${answer.productId}`} className="text-sm font-semibold text-brand-dark underline">
              Back to the product
            </Link>
          ) : null}
        </div>
      ) : null}
      <section className="flex flex-col items-center gap-4 rounded-lg border border-gray-200 px-4 py-12 text-center">
        <p className="text-lg text-gray-800">Your Cart is currently empty</p>
        <Link
          to="/"
          className="rounded-full bg-brand-dark px-6 py-2 font-semibold text-white hover:bg-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark"
        >
          Continue Shopping
        </Link>
      </section>
    </main>
  );
}
