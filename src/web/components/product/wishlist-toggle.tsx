import { type FormEvent, useEffect } from "react";
import { useFetcher } from "react-router";
import { wishlistMessages } from "#shared/messages.ts";
import { useRootData } from "../../lib/root-data.ts";
import { MY_LIST_PATH, type MyListAnswer } from "../my-list/my-list-data.ts";
import { showError, showSuccess } from "../ui/toast.ts";

export type WishlistToggle = ReturnType<typeof useWishlistToggle>;

/**
 * The wishlist heart of cards, the quick view and the product page (spec §2, §4): filled when the product is on the
 * shopper's My List (the root loader's `savedProductIds`, one query per page), pressed again to take it off. A visitor
 * is asked to log in. While a change is under way the heart shows what the shopper asked for.
 */
export function useWishlistToggle(productId: string) {
  const root = useRootData();
  const signedIn = Boolean(root?.user);
  const fetcher = useFetcher<MyListAnswer>();
  const sent = fetcher.formData?.get("saved");
  const saved = typeof sent === "string" ? sent !== "true" : (root?.savedProductIds.includes(productId) ?? false);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    if (answer.ok) showSuccess(answer.message);
    else showError(answer.error);
  }, [fetcher.data]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!signedIn) {
      event.preventDefault();
      showError(wishlistMessages.loginToContinue);
    } else if (busy) {
      // One change at a time: the heart already shows the one under way.
      event.preventDefault();
    }
  }

  return { productId, saved, busy, fetcher, onSubmit };
}

/**
 * The heart's form: a real POST to /my-list (`intent=toggle`, the product, and `saved`, the state shown), so the heart
 * works before the scripts run; with them a fetcher sends it and the answer is a toast. Only the root loader reads
 * again afterwards (its `shouldRevalidate`): a heart changes nothing else on the page. `id` lets a button elsewhere
 * (inside another form, which cannot hold this one) submit it with its `form` attribute.
 */
export function WishlistToggleForm({
  toggle,
  id,
  className,
  children,
}: {
  toggle: WishlistToggle;
  id?: string;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <toggle.fetcher.Form
      method="post"
      action={MY_LIST_PATH}
      id={id}
      className={className}
      onSubmit={toggle.onSubmit}
      defaultShouldRevalidate={false}
    >
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="productId" value={toggle.productId} />
      <input type="hidden" name="saved" value={String(toggle.saved)} />
      {children}
    </toggle.fetcher.Form>
  );
}
