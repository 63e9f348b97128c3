import { cartMessages } from "#shared/messages/shop.ts";
import { Icon } from "../ui/icon.tsx";
import { showError } from "../ui/toast.ts";
import { stepQuantity } from "./quantity.ts";

/** The quantity travels in a hidden input named `name` (1 until the page's scripts run: the buttons need them). */
export function QuantityPicker({
  name,
  quantity,
  countInStock,
  onChange,
}: {
  name: string;
  quantity: number;
  countInStock: number;
  onChange: (quantity: number) => void;
}) {
  function step(direction: 1 | -1) {
    const next = stepQuantity(quantity, direction, countInStock);
    if (next.refused) showError(cartMessages.aboveStock);
    onChange(next.quantity);
  }
  const buttonClass =
    "flex size-9 items-center justify-center rounded-full bg-gray-100 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-brand-dark disabled:opacity-50";
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">Quantity</legend>
      <button
        type="button"
        className={buttonClass}
        aria-label="Decrease quantity"
        onClick={() => step(-1)}
        disabled={quantity <= 1}
      >
        <Icon name="minus" size={16} />
      </button>
      <input type="hidden" name={name} value={quantity} />
      <output aria-live="polite" aria-label="Quantity" className="w-8 text-center font-semibold">
        {quantity}
      </output>
      <button type="button" className={buttonClass} aria-label="Increase quantity" onClick={() => step(1)}>
        <Icon name="plus" size={16} />
      </button>
    </fieldset>
  );
}
