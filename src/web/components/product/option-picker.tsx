import { useId } from "react";
import { missingOptionMessage } from "#shared/messages/shop.ts";

/**
 * One option list (RAM, Size, Weight) as radio chips; flagged when adding to cart without a choice. The radios carry
 * the form field's `name`, so the choice is sent with the form also before the page's scripts run.
 */
export function OptionPicker({
  name,
  label,
  values,
  value,
  onChange,
  invalid,
}: {
  name: string;
  label: string;
  values: string[];
  value: string | undefined;
  onChange: (value: string) => void;
  invalid: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span id={`${id}-label`} className="w-16 text-sm font-semibold">
        {label}:
      </span>
      {/* Native radios sharing a name (within their form): the browser gives the group its arrow keys and single tab
          stop. Each radio lies transparent over its chip, so a click lands on it and its focus ring rings the chip. */}
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={invalid ? `${id}-error` : undefined}
        aria-invalid={invalid || undefined}
        className={`flex flex-wrap gap-2 rounded p-1 ${invalid ? "ring-2 ring-red-600" : ""}`}
      >
        {values.map((option) => (
          <label key={option} className="relative">
            <input
              type="radio"
              name={name}
              value={option}
              checked={option === value}
              onChange={() => onChange(option)}
              className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark"
            />
            <span className="block min-w-10 rounded border border-gray-300 px-3 py-1 text-center text-sm peer-checked:border-brand-dark peer-checked:bg-brand-dark peer-checked:text-white peer-hover:border-brand-dark">
              {option}
            </span>
          </label>
        ))}
      </div>
      {invalid ? (
        <span id={`${id}-error`} className="w-full text-sm text-red-700">
          {missingOptionMessage(label)}
        </span>
      ) : null}
    </div>
  );
}
