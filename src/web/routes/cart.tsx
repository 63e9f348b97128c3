import { useCallback, useRef } from "react";
import { data, useActionData, useFetchers, useNavigation } from "react-router";
import { currentUserContext, requestInfoContext, servicesContext } from "#app-context";
import { cartMessages, requestMessages } from "#shared/messages/shop.ts";
import { cartAddForm, cartRemoveForm, cartUpdateForm } from "#shared/schemas/cart.ts";
import { FormError, FormNotice } from "../components/account/form-message.tsx";
import { toCartPageData } from "../components/cart/cart-data.server.ts";
import type { CartActionAnswer, CartPageData } from "../components/cart/cart-data.ts";
import { CartLineRow } from "../components/cart/cart-line-row.tsx";
import { CartTotals } from "../components/cart/cart-totals.tsx";
import { Icon } from "../components/ui/icon.tsx";
import { Link } from "../components/ui/link.tsx";
import { attempt, failure, firstIssue, readForm, text, withRetryAfter } from "../lib/actions.server.ts";
import { signInHref } from "../lib/auth.server.ts";
import { cartOwnerOf } from "../lib/cart-summary.server.ts";
import type { Route } from "./+types/cart.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** `/cart`, open to visitors (their guest cart): the lines with current prices and stock, and CART TOTALS. */
export async function loader({ context }: Route.LoaderArgs) {
  const signedIn = context.get(currentUserContext) !== null;
  const cart = await context.get(servicesContext).cart.list(cartOwnerOf(context));
  const page: CartPageData & { checkoutHref: string } = {
    ...toCartPageData(cart, signedIn),
    checkoutHref: signedIn ? "/checkout" : signInHref("/checkout"),
  };
  return data(page, { headers: PRIVATE });
}

export const headers: Route.HeadersFunction = (args) => withRetryAfter(args, PRIVATE);

/**
 * Every cart change posts here with an `intent` (`add`, `update`, `remove`). The cart is the session's, else the
 * visitor's guest cart, whose cookie the first add sets (decision 013).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) return failure(requestMessages.formTooLarge, 413, { productId: null });
  const { cart } = context.get(servicesContext);
  const owner = cartOwnerOf(context);
  const intent = text(form, "intent");

  if (intent === "update" || intent === "remove") {
    const fields = { intent, lineId: text(form, "lineId"), quantity: text(form, "quantity") };
    const parsed = intent === "update" ? cartUpdateForm.safeParse(fields) : cartRemoveForm.safeParse(fields);
    if (!parsed.success) return failure(firstIssue(parsed.error), 400, { productId: null });
    const { data: change } = parsed;
    const done = await attempt(
      async () => {
        if (change.intent === "update") await cart.updateQuantity(owner, change.lineId, change.quantity);
        else await cart.remove(owner, change.lineId);
      },
      () => ({ productId: null }),
    );
    if (!done.ok) return done.response;
    return answer({ ok: true, intent, message: intent === "update" ? cartMessages.updated : cartMessages.removed });
  }

  const fields = {
    intent,
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
  const { intent: _add, ...input } = parsed.data;
  // Options are checked by the service: the browser flags a missing one first, a form sent without scripts here.
  const added = await attempt(
    () => cart.add(owner, input),
    () => ({ productId }),
  );
  if (!added.ok) return added.response;
  const { guestToken } = added.value;
  if (!guestToken) return answer({ ok: true, intent: "add", message: cartMessages.added });
  const requestInfo = context.get(requestInfoContext);
  // A form sent without scripts renders the cart in this same request (same context): its loader must find the new cart.
  requestInfo.guestCart = guestToken;
  return answer({ ok: true, intent: "add", message: cartMessages.added }, requestInfo.cookies.guestCart(guestToken));
}

function answer(body: CartActionAnswer & { ok: true }, cookie?: string) {
  const headers = new Headers(PRIVATE);
  if (cookie) headers.append("Set-Cookie", cookie);
  return data(body, { headers });
}

export const meta: Route.MetaFunction = () => [{ title: "Your Cart | Storefront" }, { name: "robots", content: "noindex" }];

export default function Cart({ loaderData }: Route.ComponentProps) {
  const answered = useActionData<typeof action>() as CartActionAnswer | undefined;
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useCallback(() => heading.current?.focus(), []);
  // Busy from the moment a cart form is sent until the page and the header have their new data (spec §4).
  const fetchers = useFetchers();
  const navigation = useNavigation();
  const busy =
    fetchers.some((fetcher) => fetcher.state !== "idle" && fetcher.formAction?.startsWith("/cart")) ||
    (navigation.state !== "idle" && navigation.formAction?.startsWith("/cart") === true);
  const { lines, count } = loaderData;

  return (
    <main className="mx-auto max-w-7xl px-4 py-8" aria-busy={busy}>
      <h1 ref={heading} tabIndex={-1} className="mb-1 text-2xl font-bold outline-none">
        Your Cart
      </h1>
      <p className="mb-6 text-gray-700">
        {`There ${count === 1 ? "is" : "are"} `}
        <b className="text-brand-dark">{count}</b>
        {` ${count === 1 ? "product" : "products"} in your cart`}
      </p>
      {answered ? (
        <div className="mb-6">
          {answered.ok ? <FormNotice message={answered.message} /> : <FormError message={answered.error} />}
          {!answered.ok && answered.productId ? (
            <Link to={`/product/${answered.productId}`} className="text-sm font-semibold text-brand-dark underline">
              Back to the product
            </Link>
          ) : null}
        </div>
      ) : null}
      {lines.length > 0 ? (
        <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways on narrow screens must be reachable by keyboard. */}
          <section aria-label="Cart lines" tabIndex={0} className="overflow-x-auto">
            <table className="w-full min-w-[40rem] text-left">
              <thead className="border-b-2 border-gray-200 text-sm">
                <tr>
                  <th scope="col" className="w-[35%] py-2">
                    Product
                  </th>
                  <th scope="col" className="px-2 py-2">
                    Unit Price
                  </th>
                  <th scope="col" className="px-2 py-2">
                    Quantity
                  </th>
                  <th scope="col" className="px-2 py-2">
                    Subtotal
                  </th>
                  <th scope="col" className="py-2 pl-2">
                    Remove
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <CartLineRow key={line.id} line={line} onRemoved={focusHeading} />
                ))}
              </tbody>
            </table>
          </section>
          <CartTotals
            totalPaise={loaderData.totalPaise}
            blocked={loaderData.blocked}
            checkoutHref={loaderData.checkoutHref}
            signedIn={loaderData.signedIn}
          />
        </div>
      ) : (
        <section className="flex flex-col items-center gap-4 rounded-lg border border-gray-200 px-4 py-12 text-center">
          <p className="text-lg text-gray-800">Your Cart is currently empty</p>
          <Link
            to="/"
            className="rounded-full bg-brand-dark px-6 py-2 font-semibold text-white hover:bg-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark"
          >
            Continue Shopping
          </Link>
        </section>
      )}
      {busy ? (
        <div className="fixed inset-0 z-40 flex cursor-wait items-center justify-center bg-white/60" data-testid="cart-busy">
          <Icon name="loader-circle" size={40} className="animate-spin text-brand-dark" />
          <span role="status" className="sr-only">
            Updating your cart…
          </span>
        </div>
      ) : null}
    </main>
  );
}
