import { type MouseEvent, useEffect } from "react";
import { useFetcher } from "react-router";
import { CART_TITLE_MAX } from "#shared/constants.ts";
import { imageUrl } from "#shared/images.ts";
import { cartMessages, priceChangedNote, stockNote } from "#shared/messages/shop.ts";
import { formatRupees } from "#shared/money.ts";
import { truncate } from "#shared/text.ts";
import { StarRating } from "../product/star-rating.tsx";
import { Icon } from "../ui/icon.tsx";
import { Link } from "../ui/link.tsx";
import { showError, showSuccess } from "../ui/toast.ts";
import type { CartActionAnswer, CartLineData } from "./cart-data.ts";

const stepButton =
  "flex size-8 items-center justify-center rounded-full bg-gray-100 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-brand-dark disabled:cursor-not-allowed disabled:opacity-50";

/**
 * Every button is a real form posted to /cart, so it works before the scripts run; then a fetcher sends it. `onRemoved`
 * moves the focus before the row goes.
 */
export function CartLineRow({ line, onRemoved }: { line: CartLineData; onRemoved: () => void }) {
  const fetcher = useFetcher<CartActionAnswer>();
  const title = truncate(line.title, CART_TITLE_MAX);
  const problemId = `line-${line.id}-stock`;
  const unavailable = line.stockProblem === "unavailable";

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    if (!answer.ok) showError(answer.error);
    else if (answer.intent === "remove") {
      showSuccess(answer.message);
      onRemoved();
    }
  }, [fetcher.data, onRemoved]);

  // Spec §5: plus refuses to pass the stock, at once (the server refuses it too, for forms sent without scripts).
  function checkPlus(event: MouseEvent<HTMLButtonElement>) {
    if (line.quantity + 1 > line.countInStock) {
      event.preventDefault();
      showError(cartMessages.aboveStock);
    }
  }

  return (
    <tr className="border-b border-gray-200 align-middle">
      <th scope="row" className="py-3 pr-3 text-left font-normal">
        <div className="flex items-center gap-3">
          {line.image ? (
            <img
              src={`${imageUrl(line.image)}?w=160`}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              className="size-16 shrink-0 rounded object-cover"
            />
          ) : null}
          <div className="flex flex-col gap-1">
            <Link to={`/product/${line.productId}`} className="font-semibold hover:text-brand-dark" title={line.title}>
              {title}
            </Link>
            <StarRating rating={line.rating} size={14} />
            {line.options.map((option) => (
              <span key={option.label} className="text-sm text-gray-700">
                {`${option.label}: ${option.value}`}
              </span>
            ))}
            {line.stockProblem ? (
              <span id={problemId} className="text-sm font-semibold text-red-700">
                {stockNote(line.countInStock, unavailable)}
              </span>
            ) : null}
          </div>
        </div>
      </th>
      <td className="px-2 py-3 whitespace-nowrap">
        <span className="font-semibold">{formatRupees(line.pricePaise)}</span>
        {line.priceChanged ? (
          <span className="block text-xs whitespace-normal text-amber-800">{priceChangedNote(line.pricePaiseAtAdd)}</span>
        ) : null}
      </td>
      <td className="px-2 py-3">
        <fetcher.Form method="post" action="/cart" className="flex items-center gap-2">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="lineId" value={line.id} />
          <button
            type="submit"
            name="quantity"
            value={line.quantity - 1}
            disabled={line.quantity <= 1}
            aria-label={`Decrease quantity of ${title}`}
            className={stepButton}
          >
            <Icon name="minus" size={14} />
          </button>
          <output aria-label={`Quantity of ${title}`} className="w-8 text-center font-semibold">
            {line.quantity}
          </output>
          <button
            type="submit"
            name="quantity"
            value={line.quantity + 1}
            disabled={unavailable}
            onClick={checkPlus}
            aria-label={`Increase quantity of ${title}`}
            className={stepButton}
          >
            <Icon name="plus" size={14} />
          </button>
        </fetcher.Form>
        {line.stockProblem === "notEnough" ? (
          <fetcher.Form method="post" action="/cart" className="mt-1">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="lineId" value={line.id} />
            <button
              type="submit"
              name="quantity"
              value={line.countInStock}
              aria-describedby={problemId}
              className="text-sm font-semibold text-brand-dark underline"
            >
              {`Change to ${line.countInStock}`}
            </button>
          </fetcher.Form>
        ) : null}
      </td>
      <td className="px-2 py-3 font-semibold whitespace-nowrap">{formatRupees(line.subTotalPaise)}</td>
      <td className="py-3 pl-2">
        <fetcher.Form method="post" action="/cart">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="lineId" value={line.id} />
          <button
            type="submit"
            aria-label={`Remove ${title}`}
            className="flex size-8 items-center justify-center rounded-full text-gray-700 hover:bg-red-50 hover:text-brand-dark focus-visible:outline-2 focus-visible:outline-brand-dark"
          >
            <Icon name="x" size={18} />
          </button>
        </fetcher.Form>
      </td>
    </tr>
  );
}
