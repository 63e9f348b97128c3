import { type FormEvent, useEffect } from "react";
import { useFetcher } from "react-router";
import { wishlistMessages } from "#shared/messages/shop.ts";
import { useRootData } from "../../lib/root-data.ts";
import { MY_LIST_PATH, type MyListAnswer } from "../my-list/my-list-data.ts";
import { showError, showSuccess } from "../ui/toast.ts";

export type WishlistToggle = ReturnType<typeof useWishlistToggle>;

/**
 * Filled from the root loader's `savedProductIds` (one query per page); a visitor is asked to log in. While a change is
 * under way the heart shows what the shopper asked for.
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
 * A real POST to /my-list, so the heart works before the scripts run; only the root loader reads again afterwards. `id`
 * lets a button inside another form, which cannot hold this one, submit it with its `form` attribute.
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
