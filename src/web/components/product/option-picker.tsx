import * as RadioGroup from "@radix-ui/react-radio-group";
import { useId } from "react";

/** One option list (RAM, Size, Weight) as radio-like chips; flagged when adding to cart without a choice. */
export function OptionPicker({
  label,
  values,
  value,
  onChange,
  invalid,
}: {
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
      <RadioGroup.Root
        aria-labelledby={`${id}-label`}
        aria-describedby={invalid ? `${id}-error` : undefined}
        aria-invalid={invalid || undefined}
        value={value ?? ""}
        onValueChange={onChange}
        orientation="horizontal"
        className={`flex flex-wrap gap-2 rounded p-1 ${invalid ? "ring-2 ring-red-600" : ""}`}
      >
        {values.map((option) => (
          <RadioGroup.Item
            key={option}
            value={option}
            className="min-w-10 rounded border border-gray-300 px-3 py-1 text-sm hover:border-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark data-[state=checked]:border-brand-dark data-[state=checked]:bg-brand-dark data-[state=checked]:text-white"
          >
            {option}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      {invalid ? (
        <span id={`${id}-error`} className="w-full text-sm text-red-700">
          Please select a {label.toLowerCase()}
        </span>
      ) : null}
    </div>
  );
}
