import { data, redirect } from "react-router";
import { currentUserContext, servicesContext } from "#app-context";
import type { WishlistEntry } from "#domain/wishlist/types.ts";
import { requestMessages, wishlistMessages } from "#shared/messages/shop.ts";
import { idParam } from "#shared/schemas/catalog.ts";
import { myListRemoveForm, myListToggleForm } from "#shared/schemas/wishlist.ts";
import { FormError, FormNotice } from "../components/account/form-message.tsx";
import { MY_LIST_PATH, type MyListAnswer, type MyListItemData } from "../components/my-list/my-list-data.ts";
import { MyListTable } from "../components/my-list/my-list-table.tsx";
import { Link } from "../components/ui/link.tsx";
import { attempt, failure, firstIssue, readForm, text, withRetryAfter } from "../lib/actions.server.ts";
import { requireShopper, signInHref } from "../lib/auth.server.ts";
import type { Route } from "./+types/my-list.ts";

/** Every answer of this page is one shopper's: never kept by a browser or a shared cache. */
const PRIVATE = { "Cache-Control": "private, no-store" };

export function headers(args: Route.HeadersArgs) {
  return withRetryAfter(args, PRIVATE);
}

const toItem = (entry: WishlistEntry): MyListItemData => ({
  id: entry.id,
  productId: entry.productId,
  title: entry.productTitle,
  image: entry.image,
  rating: entry.rating,
  pricePaise: entry.pricePaise,
  inStock: entry.countInStock >= 1,
  available: entry.available,
  hasOptions: entry.hasOptions,
});

/** `/my-list` (spec §2 "My List"), protected: visitors go to /signIn and come back here afterwards. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireShopper({ request, context });
  const entries = await context.get(servicesContext).wishlist.list(user.id);
  return data({ items: entries.map(toItem) }, { headers: PRIVATE });
}

/** Every My List change posts here (`intent=toggle` from hearts, `intent=remove` from this page). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) return failure(requestMessages.formTooLarge, 413);
  const intent = text(form, "intent");
  const user = context.get(currentUserContext);
  if (!user) {
    // A visitor's heart sent before the scripts ran (with them it asks to log in): sign in, then back to the product.
    const productId = idParam("productId").safeParse(text(form, "productId"));
    throw redirect(signInHref(productId.success ? `/product/${productId.data}` : MY_LIST_PATH));
  }
  const { wishlist } = context.get(servicesContext);
  const answer = (value: MyListAnswer) => data(value, { headers: PRIVATE });

  if (intent === "toggle") {
    const parsed = myListToggleForm.safeParse({ intent, productId: text(form, "productId"), saved: text(form, "saved") });
    if (!parsed.success) return failure(firstIssue(parsed.error), 400);
    const { productId } = parsed.data;
    if (parsed.data.saved === "true") {
      const removed = await attempt(() => wishlist.removeProduct(user.id, productId));
      if (!removed.ok) return removed.response;
      return answer({ ok: true, intent, message: wishlistMessages.removed, productId, saved: false });
    }
    const added = await attempt(() => wishlist.add(user.id, productId));
    if (!added.ok) return added.response;
    return answer({ ok: true, intent, message: wishlistMessages.added, productId, saved: true });
  }
  if (intent === "remove") {
    const parsed = myListRemoveForm.safeParse({ intent, id: text(form, "id") });
    if (!parsed.success) return failure(firstIssue(parsed.error), 400);
    const removed = await attempt(() => wishlist.remove(user.id, parsed.data.id));
    if (!removed.ok) return removed.response;
    return answer({ ok: true, intent, message: wishlistMessages.removed });
  }
  return failure(wishlistMessages.unknownIntent, 400);
}

export const meta: Route.MetaFunction = () => [{ title: "My List | Storefront" }, { name: "robots", content: "noindex" }];

export default function MyList({ loaderData, actionData }: Route.ComponentProps) {
  const { items } = loaderData;
  const count = items.length;
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="mb-1 text-2xl font-bold">My List</h1>
      <p className="mb-6 text-gray-700">
        There {count === 1 ? "is" : "are"} <b className="text-brand-dark">{count}</b> product{count === 1 ? "" : "s"} in your My
        List
      </p>
      {/* Without JavaScript a heart or a remove button lands here: its answer, above the list. */}
      {actionData ? actionData.ok ? <FormNotice message={actionData.message} /> : <FormError message={actionData.error} /> : null}
      {count > 0 ? (
        <MyListTable items={items} />
      ) : (
        <section className="flex flex-col items-center gap-4 rounded-lg border border-gray-200 px-4 py-12 text-center">
          <p className="text-lg text-gray-800">My List is currently empty</p>
          <Link
            to="/"
            className="rounded-full bg-brand-dark px-6 py-2 font-semibold text-white hover:bg-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark"
          >
            Continue Shopping
          </Link>
        </section>
      )}
    </main>
  );
}
