import { type FormEvent, useEffect } from "react";
import { useFetcher } from "react-router";
import { imageUrl } from "#shared/images.ts";
import { stockNote } from "#shared/messages/shop.ts";
import { imageSrcSet } from "../../lib/images.ts";
import { PRODUCT_IMAGE } from "../product/product-data.ts";
import { StarRating } from "../product/star-rating.tsx";
import { Icon } from "../ui/icon.tsx";
import { Link } from "../ui/link.tsx";
import { Price } from "../ui/price.tsx";
import { showError, showSuccess } from "../ui/toast.ts";
import { MY_LIST_PATH, type MyListAnswer, type MyListItemData } from "./my-list-data.ts";

/** What the cart's action answers (the cart's own shape may grow; a toast needs only these). */
interface CartAnswer {
  ok: boolean;
  error?: string;
  message?: string;
}

/** Every button is a real form (Remove to /my-list, Move to cart to /cart), posted by a fetcher once the scripts run. */
export function MyListTable({ items }: { items: MyListItemData[] }) {
  return (
    <table className="w-full border-collapse text-left text-sm">
      <caption className="sr-only">Products in your My List</caption>
      <thead className="border-b border-gray-300 text-xs tracking-wide text-gray-700 uppercase">
        <tr>
          <th scope="col" className="py-2 pr-2 font-semibold">
            Product
          </th>
          <th scope="col" className="px-2 py-2 font-semibold">
            Unit Price
          </th>
          <th scope="col" className="py-2 pl-2 text-right font-semibold">
            Remove
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <MyListRow key={item.id} item={item} />
        ))}
      </tbody>
    </table>
  );
}

function MyListRow({ item }: { item: MyListItemData }) {
  const remover = useFetcher<MyListAnswer>();
  const href = `/product/${item.productId}`;

  useEffect(() => {
    if (remover.data) {
      if (remover.data.ok) showSuccess(remover.data.message);
      else showError(remover.data.error);
    }
  }, [remover.data]);

  // Gone at once: the list is read again after the removal.
  if (remover.formData) return null;
  return (
    <tr className="border-b border-gray-200 align-top">
      <td className="py-3 pr-2">
        <div className="flex gap-3">
          {item.image ? (
            <img
              src={imageUrl(item.image)}
              srcSet={imageSrcSet(item.image, PRODUCT_IMAGE.width)}
              sizes="64px"
              alt=""
              width={64}
              height={85}
              loading="lazy"
              decoding="async"
              className="aspect-[3/4] w-12 shrink-0 rounded bg-gray-100 object-cover sm:w-16"
            />
          ) : null}
          <div className="flex min-w-0 flex-col items-start gap-1">
            <Link to={href} className="line-clamp-2 font-medium hover:text-brand-dark hover:underline">
              {item.title}
            </Link>
            <StarRating rating={item.rating} size={14} />
            <MoveToCart item={item} />
          </div>
        </div>
      </td>
      <td className="px-2 py-3 whitespace-nowrap">
        <Price pricePaise={item.pricePaise} />
      </td>
      <td className="py-3 pl-2 text-right">
        <remover.Form method="post" action={MY_LIST_PATH}>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="id" value={item.id} />
          <button
            type="submit"
            aria-label={`Remove ${item.title} from My List`}
            title="Remove"
            className="inline-flex size-9 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 hover:text-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark"
          >
            <Icon name="x" size={20} />
          </button>
        </remover.Form>
      </td>
    </tr>
  );
}

const smallButton =
  "inline-flex items-center gap-1.5 rounded-full border border-brand-dark px-3 py-1 text-xs font-semibold text-brand-dark hover:bg-brand-dark hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark";

/** One of the product: a product with options needs a choice on its page first; one out of stock cannot be added. */
function MoveToCart({ item }: { item: MyListItemData }) {
  const cart = useFetcher<CartAnswer>();
  const busy = cart.state !== "idle";

  useEffect(() => {
    if (!cart.data) return;
    if (!cart.data.ok && cart.data.error) showError(cart.data.error);
    else if (cart.data.ok && cart.data.message) showSuccess(cart.data.message);
  }, [cart.data]);

  if (!item.available) return <span className="text-xs font-semibold text-red-700">{stockNote(0, true)}</span>;
  if (!item.inStock) return <span className="text-xs font-semibold text-red-700">Out of Stock</span>;
  if (item.hasOptions) {
    return (
      <Link to={`/product/${item.productId}`} className={smallButton}>
        Choose options<span className="sr-only"> for {item.title}</span>
      </Link>
    );
  }
  return (
    <cart.Form
      method="post"
      action="/cart"
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        if (busy) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={item.productId} />
      <input type="hidden" name="quantity" value="1" />
      <button type="submit" className={smallButton}>
        <Icon name="shopping-cart" size={14} />
        {busy ? "adding..." : "Move to cart"}
        <span className="sr-only"> {item.title}</span>
      </button>
    </cart.Form>
  );
}
